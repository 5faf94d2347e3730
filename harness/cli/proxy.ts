// `harness proxy`: the embedded engine alone, as nginx runs (embedded/master/run.ts).
import type { Argv } from 'yargs';
import { resolve } from 'node:path';
import { DEFAULT_VERSION, type OsName } from '../os-profile.js';
import * as flag from '../flags.js';
import { excludedPortOption, excludedPorts, osOption, refusedDelay } from './options.js';
import { guard } from './guard.js';

export function proxyCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command(
    'proxy',
    'Run the embedded engine alone in the foreground, as `nginx -p <prefix> -c <conf> -g "daemon off;"` runs nginx',
    (y) =>
      y
        .option('p', { alias: 'prefix', requiresArg: true, coerce: flag.existingFolder('-p', 'the nginx prefix folder (the one with conf/ and logs/)'), default: '.', describe: 'Prefix: relative paths in the conf resolve against it' })
        .option('c', { alias: 'conf', type: 'string', requiresArg: true, default: 'conf/nginx.conf', describe: 'The conf file, relative to the prefix' })
        .option('t', { alias: 'test', type: 'boolean', default: false, describe: 'Test the conf and exit' })
        .option('os', osOption)
        .option('refused-delay', refusedDelay('Milliseconds a refused connect takes (default 2000 on windows)'))
        .option('nginx-version', { type: 'string', describe: 'Version shown in Server: and the pages' })
        .option('excluded-port', excludedPortOption),
    (a) =>
      guard(async () => {
        // Lazy: ~27 ms of every other command's start (measured on the bundle).
        const { runMaster } = await import('../embedded/master/run.js');
        const os = a.os as OsName;
        return runMaster({
          prefix: a.p,
          conf: a.c,
          test: a.t,
          os,
          version: a['nginx-version'] ?? DEFAULT_VERSION[os],
          refusedConnectDelayMs: a['refused-delay'],
          reservedPorts: excludedPorts(a),
          controlFile: resolve(a.p, 'logs', 'harness-control.json'),
        });
      }),
  );
}
