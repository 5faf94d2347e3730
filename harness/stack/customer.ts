// What `harness app` asks of a running stack, answered on its control channel: a customer's new
// paid order, a customer's reminder, or the admin stand-in's data back to the seed. Only the stand-in has
// customers: with `--admin external` there is nothing to act on.
import type { Stack } from './stack.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'app.external': 'this stack runs your own admin server (--admin external): harness app acts on the admin stand-in only.',
    'app.badId': 'an order id is a whole number from 1 up, not {value}',
    'app.noOrder': 'there is no order {id} (订单不存在). `npx harness app order` places one; the orders page (订单管理) lists them.',
  },
  'zh-CN': {
    'app.external': '这套环境用的是你自己的后端服务（--admin external）：harness app 只能作用于管理端替身服务。',
    'app.badId': '订单 id 必须是从 1 开始的整数，而不是 {value}',
    'app.noOrder': '没有订单 {id}（订单不存在）。`npx harness app order` 可以下一个订单；订单管理页面会列出所有订单。',
  },
});

export interface ControlAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function customerAction(stack: Stack, action: string, body: { id?: unknown }): Promise<ControlAnswer> {
  const admin = stack.admin;
  if (!admin) {
    return { status: 409, body: { error: t('app.external') } };
  }
  const orderFields = (o: { id: number; number: string; status: number; amount: number }) => ({ id: o.id, number: o.number, status: o.status, amountCents: o.amount });
  if (action === 'order') {
    const { order, pushed } = await admin.placeOrder();
    return { status: 200, body: { order: orderFields(order), pushed } };
  }
  if (action === 'remind') {
    if (typeof body.id !== 'number' || !Number.isSafeInteger(body.id) || body.id < 1) return { status: 400, body: { error: t('app.badId', { value: JSON.stringify(body.id) }) } };
    const event = await admin.remind(body.id);
    if (!event) return { status: 404, body: { error: t('app.noOrder', { id: body.id }) } };
    return { status: 200, body: { order: orderFields(event.order), pushed: event.pushed } };
  }
  if (action === 'reset') {
    admin.state.reset();
    return { status: 200, body: { openPages: admin.openPages } };
  }
  return { status: 404, body: { error: `unknown call /app/${action}` } };
}
