// `harness up`: the stack in the foreground (stack-life/up.ts), or in the background with --detach
// (up-detached.ts).
import type { Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import type { OsName } from '../os-profile.js';
import { ENGINES, type EngineName } from '../engine/engine.js';
import { LISTEN_MODES } from '../../stand-in/admin-server/listen-modes.js';
import type { AdminMode } from '../stack/stack.js';
import { upDetachedCommand } from './up-detached.js';
import { consolePrinter } from '../stack/printer.js';
import * as flag from '../flags.js';
import { excludedPortOption, excludedPorts, osOption, refusedDelay } from './options.js';
import { guard } from './guard.js';
import type { Args } from './command.js';
import { t } from './up.texts.js';

export const builder = (y: Argv) =>
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
    .option('detach', { alias: 'd', type: 'boolean', default: false, describe: t('cli.up.detach') });

export const handler = (a: Args<typeof builder>) =>
  guard(async () => {
    if (a.detach) return upDetachedCommand(a.prefix, hideBin(process.argv).slice(1));
    // Lazy: `up --detach` returns without loading the stack, ~25 ms (measured on the bundle).
    const { up } = await import('../stack-life/up.js');
    return up(
      {
        port: a.port,
        adminPort: a['admin-port'],
        admin: a.admin as AdminMode,
        adminUpstream: a['admin-upstream'],
        adminCommand: a['admin-command'] === undefined ? undefined : { command: a['admin-command'], cwd: a['admin-dir'] ?? process.cwd(), waitMs: a['admin-wait'] * 1000 },
        adminSeed: a['admin-seed'],
        frontendRoot: a.frontend,
        prefix: a.prefix,
        engine: a.proxy,
        nginxConf: a['nginx-conf'],
        nginxDir: a['nginx-dir'],
        nginx: a.nginx,
        bindAny: a['bind-any'],
        workers: a.workers,
        os: a.os as OsName,
        refusedConnectDelayMs: a['refused-delay'],
        nginxVersion: a['nginx-version'],
        reservedPorts: excludedPorts(a),
        doctor: a.doctor,
      },
      consolePrinter(),
    );
  });
