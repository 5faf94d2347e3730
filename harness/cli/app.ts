// `harness app order | remind | reset`: a customer's side of the app, on the running stack (commands/app.ts).
import type { Argv } from 'yargs';
import * as flag from '../flags.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import { t } from '../i18n/index.js';

export function appCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command('app', t('cli.app.describe'), (y) => {
    const prefix = stackPrefixOption(t('cli.prefix.running'));
    // Lazy, in each handler below: ~14 ms of every other command's start (measured on the bundle).
    const app = () => import('../commands/app.js');
    return y
      .command('order', t('cli.app.order'), (yy) => yy.option('prefix', prefix).option('json', jsonOption()), (a) =>
        guard(async () => (await app()).appOrder({ prefix: a.prefix, json: a.json }, print)),
      )
      .command(
        'remind <order-id>',
        t('cli.app.remind'),
        (yy) => yy.positional('order-id', { demandOption: true, coerce: flag.orderId('ORDER_ID'), describe: t('cli.app.remind.orderId') }).option('prefix', prefix).option('json', jsonOption()),
        (a) => guard(async () => (await app()).appRemind({ prefix: a.prefix, id: a['order-id'] as number, json: a.json }, print)),
      )
      .command('reset', t('cli.app.reset'), (yy) => yy.option('prefix', prefix).option('json', jsonOption()), (a) =>
        guard(async () => (await app()).appReset({ prefix: a.prefix, json: a.json }, print)),
      )
      .demandCommand(1, t('cli.app.demand'));
  });
}
