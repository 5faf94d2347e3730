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
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';

const t = messages({
  en: {
    'cli.app.demand': 'Name an app command: order, remind or reset.',
    'cli.app.order': 'A customer places and pays an order: it waits as 待接单, and every open admin page gets the 来单提醒 (type 1)',
    'cli.app.remind': 'A customer asks where order ORDER_ID is: every open admin page gets the 催单 (type 2)',
    'cli.app.remind.orderId': "The order's id (订单管理 lists them)",
    'cli.app.reset': "Return the admin stand-in's data to its seed (the menu, employees and month of orders it started with)",
    'app.pages.one': '1 open admin page',
    'app.pages.many': '{count} open admin pages',
    'app.order.placed': 'order {id} placed and paid (订单号 {number}, {amount}): it waits as 待接单.',
    'app.order.pushed': '来单提醒 (type 1) pushed to {pages}.',
    'app.remind.pushed': '催单 (type 2) for order {id} (订单号 {number}) pushed to {pages}.',
    'app.reset.done': 'the admin stand-in is back to its seed: the menu, the employees and the month of orders it started with.',
  },
  'zh-CN': {
    'cli.app.demand': '请给出一个 app 命令：order、remind 或 reset。',
    'cli.app.order': '顾客下单并付款：订单状态为待接单，每个打开的管理端页面都会收到来单提醒（type 1）',
    'cli.app.remind': '顾客询问订单 ORDER_ID 到哪了：每个打开的管理端页面都会收到催单（type 2）',
    'cli.app.remind.orderId': '订单 id（在订单管理里能看到）',
    'cli.app.reset': '把管理端替身服务的数据恢复到初始数据（启动时的菜品、员工和那一个月的订单）',
    'app.pages.one': '1 个打开的管理端页面',
    'app.pages.many': '{count} 个打开的管理端页面',
    'app.order.placed': '订单 {id} 已下单并付款（订单号 {number}，{amount}）：状态为待接单。',
    'app.order.pushed': '来单提醒（type 1）已推送给 {pages}。',
    'app.remind.pushed': '订单 {id}（订单号 {number}）的催单（type 2）已推送给 {pages}。',
    'app.reset.done': '管理端替身服务已恢复到初始数据：启动时的菜品、员工和那一个月的订单。',
  },
});

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
  const prefix = stackPrefixOption(commandText('cli.prefix.running'));
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
