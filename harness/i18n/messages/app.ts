// `harness app`: a customer's side of the app, as the admin pages see it. The course's own words
// (待接单, 来单提醒, 催单, 订单号) are the same in both languages.
export const en = {
  'app.pages.one': '1 open admin page',
  'app.pages.many': '{count} open admin pages',
  'app.order.placed': 'order {id} placed and paid (订单号 {number}, {amount}): it waits as 待接单.',
  'app.order.pushed': '来单提醒 (type 1) pushed to {pages}.',
  'app.remind.pushed': '催单 (type 2) for order {id} (订单号 {number}) pushed to {pages}.',
  'app.reset.done': 'the admin stand-in is back to its seed: the menu, the employees and the month of orders it started with.',
  'app.external': 'this stack runs your own admin server (--admin external): harness app acts on the admin stand-in only.',
  'app.badId': 'an order id is a whole number from 1 up, not {value}',
  'app.noOrder': 'there is no order {id} (订单不存在). `npx harness app order` places one; the orders page (订单管理) lists them.',
} as const;

export const zhCN: Record<keyof typeof en, string> = {
  'app.pages.one': '1 个打开的管理端页面',
  'app.pages.many': '{count} 个打开的管理端页面',
  'app.order.placed': '订单 {id} 已下单并付款（订单号 {number}，{amount}）：状态为待接单。',
  'app.order.pushed': '来单提醒（type 1）已推送给 {pages}。',
  'app.remind.pushed': '订单 {id}（订单号 {number}）的催单（type 2）已推送给 {pages}。',
  'app.reset.done': '管理端替身服务已恢复到初始数据：启动时的菜品、员工和那一个月的订单。',
  'app.external': '这套环境用的是你自己的后端服务（--admin external）：harness app 只能作用于管理端替身服务。',
  'app.badId': '订单 id 必须是从 1 开始的整数，而不是 {value}',
  'app.noOrder': '没有订单 {id}（订单不存在）。`npx harness app order` 可以下一个订单；订单管理页面会列出所有订单。',
};
