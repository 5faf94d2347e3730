// `harness ps`, `logs`, `down`: docker compose's verbs for the stack of a prefix (compose/).
import type { Argv } from 'yargs';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import { t } from '../i18n/index.js';

export function composeCommands<T>(cli: Argv<T>): Argv<T> {
  const prefix = () => stackPrefixOption(t('cli.prefix.stack'));
  return cli
    .command(
      'ps',
      t('cli.ps'),
      (y) => y.option('prefix', prefix()).option('json', jsonOption()),
      // Lazy: ~13 ms of every other command's start (measured on the bundle).
      (a) => guard(async () => (await import('../compose/ps.js')).ps({ prefix: a.prefix, json: a.json }, print)),
    )
    .command(
      'logs [names..]',
      t('cli.logs'),
      (y) =>
        y
          .positional('names', { type: 'string', array: true, describe: 'error, access, harness' })
          .option('follow', { alias: 'f', type: 'boolean', default: false, describe: t('cli.logs.follow') })
          .option('prefix', prefix()),
      // Lazy: ~9 ms of every other command's start (measured on the bundle).
      (a) => guard(async () => (await import('../compose/logs.js')).logs({ prefix: a.prefix, names: (a.names ?? []).map(String), follow: a.follow }, print)),
    )
    .command(
      'down',
      t('cli.down'),
      (y) => y.option('prefix', prefix()),
      // Lazy: ~12 ms of every other command's start (measured on the bundle).
      (a) => guard(async () => (await import('../compose/down.js')).down({ prefix: a.prefix }, print)),
    );
}
