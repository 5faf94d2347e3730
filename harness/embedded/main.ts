// Entry of the embedded engine's master when the harness starts it as a process of its own:
// `node dist/harness/embedded/main.js -p <prefix> -c <conf> [...]`, nginx's flags plus the profile's.
// Kept free of yargs so the engine starts as fast as Node can.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { runMaster } from './master/run.js';
import { DEFAULT_VERSION, OS_NAMES, hostOs, type OsName } from '../os-profile.js';

const { values } = parseArgs({
  options: {
    prefix: { type: 'string', short: 'p' },
    conf: { type: 'string', short: 'c' },
    test: { type: 'boolean', short: 't' },
    os: { type: 'string' },
    'nginx-version': { type: 'string' },
    'refused-delay': { type: 'string' },
    'control-file': { type: 'string' },
    'bind-any': { type: 'boolean' },
    'excluded-port': { type: 'string', multiple: true },
  },
});

const os = (values.os ?? hostOs()) as OsName;
if (!OS_NAMES.includes(os)) {
  process.stderr.write(`harness proxy: unknown --os "${values.os}"; use linux or windows\n`);
  process.exit(2);
}
const code = await runMaster({
  prefix: resolve(values.prefix ?? '.'),
  conf: values.conf ?? 'conf/nginx.conf',
  test: values.test,
  os,
  version: values['nginx-version'] ?? DEFAULT_VERSION[os],
  refusedConnectDelayMs: values['refused-delay'] === undefined ? undefined : Number(values['refused-delay']),
  controlFile: values['control-file'],
  bindAny: values['bind-any'],
  reservedPorts: values['excluded-port']?.map(Number),
});
process.exit(code);
