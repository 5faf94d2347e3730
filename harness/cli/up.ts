// `harness up`: the stack in the foreground (compose/up.ts), or in the background with --detach.
import type { Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { resolve } from 'node:path';
import type { OsName } from '../os-profile.js';
import { ENGINES, type EngineName } from '../engine/engine.js';
import { LISTEN_MODES } from '../../stubs/admin-server/listen-modes.js';
import type { AdminMode } from '../stack/stack.js';
import * as flag from '../flags.js';
import { excludedPortOption, excludedPorts, osOption, refusedDelay } from './options.js';
import { guard, print } from './guard.js';

export function upCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command(
    'up',
    'Bring up the admin stub, a proxy that behaves like nginx, and the front end; Ctrl-C stops all of it',
    (y) =>
      y
        .option('port', { requiresArg: true, coerce: flag.port('--port'), describe: 'Port of the proxy (default 80; a free port when 80 cannot be bound)' })
        .option('admin-port', { requiresArg: true, coerce: flag.port('--admin-port'), default: 8080, describe: 'Port of the admin server' })
        .option('admin', { choices: [...LISTEN_MODES, 'external'] as const, default: 'dual' as const, describe: 'How the admin stub listens: both loopbacks, IPv4 only, IPv6 only, not at all; external = your own server on --admin-port' })
        .option('admin-seed', { requiresArg: true, coerce: flag.seed('--admin-seed'), describe: 'Seed of the admin stub\'s generated month of orders (default 1): another seed, another month' })
        .option('frontend', { requiresArg: true, coerce: flag.frontendFolder('--frontend'), describe: 'Your own front end\'s folder (the built dist/, html/sky) instead of the stub' })
        .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The stack\'s folder: nginx prefix (conf/, logs/, temp/, html/) and state' })
        .option('proxy', { choices: ENGINES, default: 'embedded' as EngineName, describe: 'Proxy engine: the embedded one, or the system nginx on the same conf' })
        .option('nginx-conf', { type: 'string', requiresArg: true, describe: 'Your own nginx.conf for the proxy (either engine)' })
        .option('bind-any', { type: 'boolean', default: false, describe: 'Bind your conf\'s wildcard listens (listen 80, 0.0.0.0:80, [::]:80) on every interface, open to the network; by default the stack binds them on loopback only' })
        .option('workers', { requiresArg: true, coerce: flag.workers('--workers'), default: 1, describe: `worker_processes of the rendered conf (1 to ${flag.MAX_WORKERS})` })
        .option('os', osOption)
        .option('refused-delay', refusedDelay('Milliseconds a refused connect takes (default 2000 on windows, 0 on linux)'))
        .option('nginx-version', { type: 'string', describe: 'Version the embedded engine shows in Server: and its pages (default 1.22.1 linux, 1.20.2 windows)' })
        .option('excluded-port', excludedPortOption)
        .option('doctor', { type: 'boolean', default: false, describe: 'When the stack stops, explain its error log' })
        .option('detach', { alias: 'd', type: 'boolean', default: false, describe: 'Run the stack in the background and return once it is ready; `harness down` stops it' }),
    (a) =>
      guard(async () => {
        // Lazy: ~10 ms of every other command's start (measured on the bundle).
        if (a.detach) return (await import('../compose/detach-command.js')).upDetachedCommand(a.prefix, hideBin(process.argv).slice(1), print);
        // Lazy: ~25 ms of every other command's start (measured on the bundle).
        const { up } = await import('../compose/up.js');
        // Lazy: ~2 ms (measured); loaded with up.js, whose printer it is.
        const { consolePrinter } = await import('../stack/printer.js');
        return up(
          {
            port: a.port,
            adminPort: a['admin-port'],
            admin: a.admin as AdminMode,
            adminSeed: a['admin-seed'],
            frontend: a.frontend,
            prefix: a.prefix,
            proxy: a.proxy,
            nginxConf: a['nginx-conf'] ? resolve(a['nginx-conf']) : undefined,
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
