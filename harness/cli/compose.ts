// `harness ps`, `logs`, `down`: docker compose's verbs for the stack of a prefix (compose/).
import type { Argv } from 'yargs';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';

export function composeCommands<T>(cli: Argv<T>): Argv<T> {
  const prefix = () => stackPrefixOption('The folder of the stack');
  return cli
    .command(
      'ps',
      'The stack running from --prefix: its URL, ports, pid, faults and uptime',
      (y) => y.option('prefix', prefix()).option('json', jsonOption),
      // Lazy: ~13 ms of every other command's start (measured on the bundle).
      (a) => guard(async () => (await import('../compose/ps.js')).ps({ prefix: a.prefix, json: a.json }, print)),
    )
    .command(
      'logs [names..]',
      'The logs of the stack of --prefix: error, access (the proxy\'s), harness (a detached stack\'s own output); all by default',
      (y) =>
        y
          .positional('names', { type: 'string', array: true, describe: 'error, access, harness' })
          .option('follow', { alias: 'f', type: 'boolean', default: false, describe: 'Keep printing new lines until Ctrl-C' })
          .option('prefix', prefix()),
      // Lazy: ~9 ms of every other command's start (measured on the bundle).
      (a) => guard(async () => (await import('../compose/logs.js')).logs({ prefix: a.prefix, names: (a.names ?? []).map(String), follow: a.follow }, print)),
    )
    .command(
      'down',
      'Stop the stack running from --prefix (one started with up --detach, or in another terminal)',
      (y) => y.option('prefix', prefix()),
      // Lazy: ~12 ms of every other command's start (measured on the bundle).
      (a) => guard(async () => (await import('../compose/down.js')).down({ prefix: a.prefix }, print)),
    );
}
