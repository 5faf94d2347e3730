// `harness app order | remind ORDER_ID | reset`: a customer's side of the app, acted out on the stack
// `harness up` runs (found as `harness chaos inject` finds it), so that the admin pages see what
// they see when real customers order: 待接单 orders, the 来单提醒 and 催单 notices, the figures.
// Its three commands are one file: each is one call of the control channel.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { callControl } from '../control/channel.js';
import { printJson } from '../terminal.js';
import * as flag from '../flags.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import { t } from '../i18n/index.js';

type Out = (s: string) => void;

interface OrderSummary {
  id: number;
  number: string;
  status: number;
  amountCents: number;
}

// A refusal (a bad or unknown order id: exit code 2) is a ControlError, which the CLI shows as such.
const control = (prefix: string, path: string, body?: unknown) => callControl(resolve(prefix), path, body);

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
const pages = (n: number) => (n === 1 ? t('app.pages.one') : t('app.pages.many', { count: n }));

export async function appOrder(o: { prefix: string; json?: boolean }, out: Out): Promise<number> {
  const r = await control(o.prefix, '/app/order');
  if (o.json) return printJson(out, r);
  const order = r.order as OrderSummary;
  out(t('app.order.placed', { id: order.id, number: order.number, amount: yuan(order.amountCents) }));
  out(t('app.order.pushed', { pages: pages(r.pushed as number) }));
  return 0;
}

export async function appRemind(o: { prefix: string; id: number; json?: boolean }, out: Out): Promise<number> {
  const r = await control(o.prefix, '/app/remind', { id: o.id });
  if (o.json) return printJson(out, r);
  const order = r.order as OrderSummary;
  out(t('app.remind.pushed', { id: order.id, number: order.number, pages: pages(r.pushed as number) }));
  return 0;
}

export async function appReset(o: { prefix: string; json?: boolean }, out: Out): Promise<number> {
  const r = await control(o.prefix, '/app/reset');
  if (o.json) return printJson(out, r);
  out(t('app.reset.done'));
  return 0;
}

export function builder(y: Argv) {
  const prefix = stackPrefixOption(t('cli.prefix.running'));
  return y
    .command('order', t('cli.app.order'), (yy) => yy.option('prefix', prefix).option('json', jsonOption()), (a) =>
      guard(() => appOrder({ prefix: a.prefix, json: a.json }, print)),
    )
    .command(
      'remind <order-id>',
      t('cli.app.remind'),
      (yy) => yy.positional('order-id', { demandOption: true, coerce: flag.orderId('ORDER_ID'), describe: t('cli.app.remind.orderId') }).option('prefix', prefix).option('json', jsonOption()),
      (a) => guard(() => appRemind({ prefix: a.prefix, id: a['order-id'] as number, json: a.json }, print)),
    )
    .command('reset', t('cli.app.reset'), (yy) => yy.option('prefix', prefix).option('json', jsonOption()), (a) =>
      guard(() => appReset({ prefix: a.prefix, json: a.json }, print)),
    )
    .demandCommand(1, t('cli.app.demand'));
}
