// `harness app order | remind | reset`: a customer's side of the app, on the running stack (commands/app.ts).
import type { Argv } from 'yargs';
import * as flag from '../flags.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';

export function appCommand<T>(cli: Argv<T>): Argv<T> {
  return cli.command('app', 'Act as a customer on the stack `harness up` runs: new orders, reminders, back to the seed', (y) => {
    const prefix = stackPrefixOption('The folder of the running stack');
    // Lazy, in each handler below: ~14 ms of every other command's start (measured on the bundle).
    const app = () => import('../commands/app.js');
    return y
      .command('order', 'A customer places and pays an order: it waits as 待接单, and every open admin page gets the 来单提醒 (type 1)', (yy) => yy.option('prefix', prefix).option('json', jsonOption), (a) =>
        guard(async () => (await app()).appOrder({ prefix: a.prefix, json: a.json }, print)),
      )
      .command(
        'remind <order-id>',
        'A customer asks where order ORDER_ID is: every open admin page gets the 催单 (type 2)',
        (yy) => yy.positional('order-id', { demandOption: true, coerce: flag.orderId('ORDER_ID'), describe: 'The order\'s id (订单管理 lists them)' }).option('prefix', prefix).option('json', jsonOption),
        (a) => guard(async () => (await app()).appRemind({ prefix: a.prefix, id: a['order-id'] as number, json: a.json }, print)),
      )
      .command('reset', 'Return the admin stub\'s data to its seed (the menu, employees and month of orders it started with)', (yy) => yy.option('prefix', prefix).option('json', jsonOption), (a) =>
        guard(async () => (await app()).appReset({ prefix: a.prefix, json: a.json }, print)),
      )
      .demandCommand(1, 'Name an app command: order, remind or reset.');
  });
}
