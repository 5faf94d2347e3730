// `harness up`: the stack in the foreground (compose/up.ts), or in the background with --detach.
import type { Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import type { OsName } from '../os-profile.js';
import { ENGINES, type EngineName } from '../engine/engine.js';
import { LISTEN_MODES } from '../../stubs/admin-server/listen-modes.js';
import type { AdminMode } from '../stack/stack.js';
import * as flag from '../flags.js';
import { excludedPortOption, excludedPorts, osOption, refusedDelay } from './options.js';
import { guard, print } from './guard.js';
import { t } from '../i18n/index.js';

export function upCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command(
    'up',
    t('cli.up.describe'),
    (y) =>
      y
        .option('port', { requiresArg: true, coerce: flag.port('--port'), describe: t('cli.up.port') })
        .option('admin-port', { requiresArg: true, coerce: flag.port('--admin-port'), default: 8080, describe: t('cli.up.adminPort') })
        .option('admin', { choices: [...LISTEN_MODES, 'external'] as const, default: 'dual' as const, describe: t('cli.up.admin') })
        .option('admin-upstream', { requiresArg: true, coerce: flag.hostAndPort('--admin-upstream'), describe: t('cli.up.adminUpstream') })
        .option('admin-command', { type: 'string', requiresArg: true, describe: t('cli.up.adminCommand') })
        .option('admin-dir', { requiresArg: true, coerce: flag.existingFolder('--admin-dir', t('cli.up.adminDir')), describe: t('cli.up.adminDir') })
        .option('admin-wait', { requiresArg: true, coerce: flag.seconds('--admin-wait'), default: flag.DEFAULT_ADMIN_WAIT_S, describe: t('cli.up.adminWait') })
        .option('admin-seed', { requiresArg: true, coerce: flag.seed('--admin-seed'), describe: t('cli.up.adminSeed') })
        .option('frontend', { requiresArg: true, coerce: flag.frontendFolder('--frontend'), describe: t('cli.up.frontend') })
        .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: t('cli.up.prefix') })
        .option('proxy', { choices: ENGINES, default: 'embedded' as EngineName, describe: t('cli.up.proxy') })
        .option('nginx-conf', { requiresArg: true, coerce: flag.nginxConfFile('--nginx-conf'), describe: t('cli.up.nginxConf') })
        .option('nginx-dir', { requiresArg: true, coerce: flag.nginxFolder('--nginx-dir'), describe: t('cli.up.nginxDir') })
        .option('nginx', { requiresArg: true, coerce: flag.nginxProgram('--nginx'), describe: t('cli.up.nginx') })
        .option('bind-any', { type: 'boolean', default: false, describe: t('cli.up.bindAny') })
        .option('workers', { requiresArg: true, coerce: flag.workers('--workers'), default: 1, describe: t('cli.up.workers', { max: flag.MAX_WORKERS }) })
        .option('os', osOption())
        .option('refused-delay', refusedDelay(t('cli.up.refusedDelay')))
        .option('nginx-version', { type: 'string', describe: t('cli.up.nginxVersion') })
        .option('excluded-port', excludedPortOption())
        .option('doctor', { type: 'boolean', default: false, describe: t('cli.up.doctor') })
        .option('detach', { alias: 'd', type: 'boolean', default: false, describe: t('cli.up.detach') }),
    (a) =>
      guard(async () => {
        // Lazy: ~10 ms of every other command's start (measured on the bundle).
        if (a.detach) return (await import('../compose/detach-command.js')).upDetachedCommand(a.prefix, hideBin(process.argv).slice(1), print);
        // Lazy: ~25 ms of every other command's start (measured on the bundle); up.js loads the printer too.
        const [{ up }, { consolePrinter }] = await Promise.all([import('../compose/up.js'), import('../stack/printer.js')]);
        return up(
          {
            port: a.port,
            adminPort: a['admin-port'],
            admin: a.admin as AdminMode,
            adminUpstream: a['admin-upstream'],
            adminCommand: a['admin-command'] === undefined ? undefined : { command: a['admin-command'], cwd: a['admin-dir'] ?? process.cwd(), waitMs: a['admin-wait'] * 1000 },
            adminSeed: a['admin-seed'],
            frontend: a.frontend,
            prefix: a.prefix,
            proxy: a.proxy,
            nginxConf: a['nginx-conf'],
            nginxDir: a['nginx-dir'],
            nginx: a.nginx,
            bindAny: a['bind-any'],
            workers: a.workers,
            os: a.os as OsName,
            refusedDelay: a['refused-delay'],
            nginxVersion: a['nginx-version'],
            excludedPorts: excludedPorts(a),
            doctor: a.doctor,
          },
          consolePrinter(),
        );
      }),
  );
}
