// `harness proxy [nginx's flags]`: what nginx's main() does with its command line: -v/-V/-h, a
// signal to the running master (-s), a test (-t, -T), or a master in the foreground. Its exit code.
import { resolve } from 'node:path';
import { CommandLineError, parseCommandLine, type CommandLine } from './command-line.js';
import { versionInfo } from './version-info.js';
import { runMaster } from './run.js';
import { signalMaster } from './signal.js';
import { DEFAULT_VERSION, OS_NAMES, hostOs, osProfile, type OsName } from '../../os-profile.js';
import { UserError, UsageError } from '../../errors.js';
import * as flag from '../../flags.js';
import { messages, parseLang, setLang } from '../../i18n/index.js';
import { t as flagText } from '../../flags.texts.js';

const t = messages({
  en: {
    'cli.proxy.prefixWhat': 'the nginx prefix folder (the one with conf/ and logs/)',
  },
  'zh-CN': {
    'cli.proxy.prefixWhat': 'nginx 的 prefix 目录（里面有 conf/ 和 logs/）',
  },
});

/** The harness's own flags, checked as the rest of the CLI checks them (flags.ts): a usage error names the flag. */
function harnessOptions(c: CommandLine) {
  if (c.lang !== undefined) {
    const lang = parseLang(c.lang);
    if (!lang) throw new UsageError(flagText('common.badLang', { value: c.lang }));
    setLang(lang);
  }
  const os = (c.os ?? hostOs()) as OsName;
  if (!OS_NAMES.includes(os)) throw new UsageError(`--os ${c.os}: use ${OS_NAMES.join(' or ')}`);
  const ports = c.excludedPorts.map(flag.port('--excluded-port'));
  if (ports.length && os !== 'windows') throw new UsageError(flagText('cli.excludedPort.notWindows'));
  return {
    os,
    prefix: flag.existingFolder('-p', t('cli.proxy.prefixWhat'))(c.prefix ?? '.'),
    refusedConnectDelayMs: c.refusedDelay === undefined ? undefined : flag.milliseconds('--refused-delay')(/^\d+(\.\d+)?$/.test(c.refusedDelay) ? Number(c.refusedDelay) : c.refusedDelay),
    reservedPorts: ports.length ? ports : undefined,
  };
}

export async function proxyCommand(argv: readonly string[]): Promise<number> {
  let c: CommandLine;
  try {
    c = parseCommandLine(argv);
  } catch (e) {
    if (!(e instanceof CommandLineError)) throw e;
    process.stderr.write(`nginx: ${e.message}\n`);
    return 1;
  }
  try {
    const h = harnessOptions(c);
    const version = c.nginxVersion ?? DEFAULT_VERSION[h.os];
    const lineEnd = osProfile(h.os).lineEnd;
    if (c.version) {
      process.stderr.write(versionInfo({ version, help: c.help, configure: c.configure }).map((l) => l + lineEnd).join(''));
      if (!c.test) return 0;
    }
    const opts = { ...h, conf: c.conf ?? 'conf/nginx.conf', version, globals: c.globals, errorLog: c.errorLog, bindAny: c.bindAny };
    if (c.signal) return signalMaster(opts, c.signal);
    return await runMaster({ ...opts, test: c.test, dump: c.dump, quiet: c.quiet, controlFile: c.controlFile === undefined ? undefined : resolve(c.controlFile) }, argv);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    process.stderr.write(`harness: ${e.message}\n`);
    return e.exitCode;
  }
}
