// `harness proxy`: the embedded engine alone, as nginx runs (embedded/master/run.ts).
import type { Argv } from 'yargs';
import { resolve } from 'node:path';
import { DEFAULT_VERSION, type OsName } from '../os-profile.js';
import * as flag from '../flags.js';
import { excludedPortOption, excludedPorts, osOption, refusedDelay } from './options.js';
import { guard } from './guard.js';
import { t } from '../i18n/index.js';

export function proxyCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command(
    'proxy',
    t('cli.proxy.describe'),
    (y) =>
      y
        .option('p', { alias: 'prefix', requiresArg: true, coerce: flag.existingFolder('-p', t('cli.proxy.prefixWhat')), default: '.', describe: t('cli.proxy.prefix') })
        .option('c', { alias: 'conf', type: 'string', requiresArg: true, default: 'conf/nginx.conf', describe: t('cli.proxy.conf') })
        .option('t', { alias: 'test', type: 'boolean', default: false, describe: t('cli.proxy.test') })
        .option('os', osOption())
        .option('refused-delay', refusedDelay(t('cli.proxy.refusedDelay')))
        .option('nginx-version', { type: 'string', describe: t('cli.proxy.nginxVersion') })
        .option('excluded-port', excludedPortOption()),
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
