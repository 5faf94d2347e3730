// OrderController: the search, the tab counts, one order's details, and the state
// machine as the reference solution runs it (docs/admin-stand-in.md) — every action tried from every status — plus
// the scheduled tasks (unpaid orders cancelled after 15 minutes, delivered ones completed at 01:00).
import { test, expect } from '@playwright/test';
import type { AdminStandIn } from './server.js';
import type { Order } from './tables.js';
import { apiClient, failed, JULY_13, OK, startAdmin, type Api } from '../../tests/support/admin.js';

let admin: AdminStandIn;
let api: Api;
let clock = JULY_13;
test.beforeEach(async () => {
  clock = JULY_13;
  admin = await startAdmin({ mode: 'ipv4', now: () => clock });
  api = await apiClient(admin);
});
test.afterEach(async () => admin.stop());

const ORDER_KEYS = ['id', 'number', 'status', 'userId', 'addressBookId', 'orderTime', 'checkoutTime', 'payMethod', 'payStatus', 'amount', 'remark', 'userName', 'phone', 'address', 'consignee', 'cancelReason', 'rejectionReason', 'cancelTime', 'estimatedDeliveryTime', 'deliveryStatus', 'deliveryTime', 'packAmount', 'tablewareNumber', 'tablewareStatus', 'orderDishes', 'orderDetailList'];

/** An order put in `status` for the test (a paid one). */
async function orderIn(status: number): Promise<Order> {
  const { order } = await admin.placeOrder();
  admin.state.write(() => admin.state.orders.set(order.id, { ...order, status }));
  return admin.state.orders.get(order.id)!;
}

test('GET /order/conditionSearch: newest first, OrderVO keys, orderDishes as name*number;, a status tab, the filters', async () => {
  const r = await api.get('/admin/order/conditionSearch?page=1&pageSize=10');
  const { total, records } = r.json.data;
  expect(total).toBe(admin.state.orders.size);
  expect(records).toHaveLength(10);
  expect(Object.keys(records[0])).toEqual(ORDER_KEYS);
  const times = records.map((o: { orderTime: string }) => o.orderTime);
  expect(times).toEqual([...times].sort().reverse());
  for (const o of records) {
    expect(o.orderDishes).toMatch(/^([^*;]+\*\d+;)+$/);
    expect(o.orderDetailList).toBeNull();
    expect(typeof o.amount).toBe('number');
  }
  expect(r.text).toMatch(/"amount":\d+\.\d\d,/);
  const waiting = (await api.get('/admin/order/conditionSearch?page=1&pageSize=100&status=2')).json.data;
  expect(waiting.total).toBe([...admin.state.orders.values()].filter((o) => o.status === 2).length);
  expect(waiting.records.every((o: { status: number }) => o.status === 2)).toBe(true);
  expect((await api.get('/admin/order/conditionSearch?page=1&pageSize=1&status=0')).json.data.total).toBe(total); // 0: no filter
  const one = records[3];
  expect((await api.get(`/admin/order/conditionSearch?page=1&pageSize=10&number=${one.number}`)).json.data.records.map((o: Order) => o.id)).toEqual([one.id]);
  expect((await api.get(`/admin/order/conditionSearch?page=1&pageSize=10&phone=${one.phone}`)).json.data.records.map((o: Order) => o.phone)).toContain(one.phone);
});

test('GET /order/conditionSearch: the date range works (the reference; the real server answers 500), inclusive, strict format', async () => {
  const all = [...admin.state.orders.values()];
  const day = '2023-07-10';
  const r = await api.get(`/admin/order/conditionSearch?page=1&pageSize=500&beginTime=${day}%2000%3A00%3A00&endTime=${day}%2023%3A59%3A59`);
  expect(r.json.data.total).toBe(all.filter((o) => o.orderTime.startsWith(day)).length);
  expect(r.json.data.total).toBeGreaterThan(20);
  for (const bad of ['2023-07-10', '2023-07-10%2024%3A00%3A00', '2023-02-30%2000%3A00%3A00', 'x']) {
    expect((await api.get(`/admin/order/conditionSearch?page=1&pageSize=10&beginTime=${bad}`)).status, bad).toBe(400);
  }
});

test('GET /order/statistics counts statuses 2, 3 and 4 over all orders; GET /order/details/{id} has the lines', async () => {
  const count = (s: number) => [...admin.state.orders.values()].filter((o) => o.status === s).length;
  expect((await api.get('/admin/order/statistics')).text).toBe(`{"code":1,"msg":null,"data":{"toBeConfirmed":${count(2)},"confirmed":${count(3)},"deliveryInProgress":${count(4)}}}`);
  const order = await orderIn(2);
  const d = (await api.get(`/admin/order/details/${order.id}`)).json.data;
  expect(Object.keys(d)).toEqual(ORDER_KEYS);
  expect(d.orderDishes).toBeNull();
  expect(d.orderDetailList.length).toBeGreaterThan(0);
  expect(Object.keys(d.orderDetailList[0])).toEqual(['id', 'name', 'orderId', 'dishId', 'setmealId', 'dishFlavor', 'number', 'amount', 'image']);
  // 菜品小计 = amount − 6 − packAmount: the lines add up to it.
  const lines = d.orderDetailList.reduce((sum: number, l: { amount: number; number: number }) => sum + Math.round(l.amount * 100) * l.number, 0);
  expect(lines).toBe(Math.round(d.amount * 100) - 600 - d.packAmount * 100);
  expect((await api.get('/admin/order/details/999999')).status).toBe(500);
  expect((await api.get('/admin/order/details/x')).status).toBe(400);
});

/** Every action from every status 1–6: the answer, and the status after. */
const ACTIONS: [string, (id: number) => [string, string, unknown?], number[], number][] = [
  ['confirm', (id) => ['PUT', '/admin/order/confirm', { id }], [1, 2, 3, 4, 5, 6], 3],
  ['rejection', (id) => ['PUT', '/admin/order/rejection', { id, rejectionReason: '餐厅已打烊，暂时无法接单' }], [2], 6],
  ['cancel', (id) => ['PUT', '/admin/order/cancel', { id, cancelReason: '客户电话取消' }], [1, 2, 3, 4, 5, 6], 6],
  ['delivery', (id) => ['PUT', `/admin/order/delivery/${id}`], [3], 4],
  ['complete', (id) => ['PUT', `/admin/order/complete/${id}`], [4], 5],
];

for (const [name, request, from, to] of ACTIONS) {
  test(`state machine: ${name} from each status`, async () => {
    for (let status = 1; status <= 6; status++) {
      const order = await orderIn(status);
      const [method, path, body] = request(order.id);
      const r = await api.send(method, path, body);
      const allowed = from.includes(status);
      expect(r.text, `${name} from ${status}`).toBe(allowed ? OK : failed('订单状态错误'));
      const after = admin.state.orders.get(order.id)!;
      expect(after.status, `${name} from ${status}`).toBe(allowed ? to : status);
      if (allowed && name === 'rejection') expect(after).toMatchObject({ rejectionReason: '餐厅已打烊，暂时无法接单', cancelTime: '2023-07-13 15:30:00', payStatus: 1 });
      if (allowed && name === 'cancel') expect(after).toMatchObject({ cancelReason: '客户电话取消', cancelTime: '2023-07-13 15:30:00', payStatus: 1 });
      if (allowed && name === 'complete') expect(after.deliveryTime).toBe('2023-07-13 15:30:00');
    }
  });
}

test('state machine: unknown ids — confirm is a silent no-op, rejection/delivery/complete 订单状态错误, cancel a 500; bodies checked', async () => {
  expect((await api.send('PUT', '/admin/order/confirm', { id: 999999 })).text).toBe(OK);
  expect((await api.send('PUT', '/admin/order/rejection', { id: 999999, rejectionReason: 'x' })).text).toBe(failed('订单状态错误'));
  expect((await api.send('PUT', '/admin/order/delivery/999999')).text).toBe(failed('订单状态错误'));
  expect((await api.send('PUT', '/admin/order/complete/999999')).text).toBe(failed('订单状态错误'));
  expect((await api.send('PUT', '/admin/order/cancel', { id: 999999 })).status).toBe(500);
  expect((await api.send('PUT', '/admin/order/confirm')).status).toBe(400);
  expect((await api.send('PUT', '/admin/order/confirm', { id: 'abc' })).status).toBe(400);
  expect((await api.send('PUT', '/admin/order/delivery/-1')).text).toBe(failed('订单状态错误'));
  expect((await api.send('PUT', '/admin/order/delivery/99999999999999999999')).status).toBe(400);
  const order = await orderIn(2);
  expect((await api.send('PUT', '/admin/order/rejection', { id: order.id, rejectionReason: 'x'.repeat(256) })).status).toBe(500);
  expect(admin.state.orders.get(order.id)!.status).toBe(2);
  expect((await api.send('PUT', '/admin/order/rejection', { id: order.id, rejectionReason: '' })).text).toBe(OK);
  expect(admin.state.orders.get(order.id)!.rejectionReason).toBeNull();
});

test('the scheduled tasks: unpaid for more than 15 minutes is cancelled at the minute tick; delivered ones complete at 01:00', async () => {
  const unpaid = await orderIn(1);
  const delivering = await orderIn(4);
  clock = JULY_13 + 15 * 60_000;
  await api.get('/admin/order/statistics');
  expect(admin.state.orders.get(unpaid.id)!.status).toBe(1); // 15 minutes is not more than 15
  clock = JULY_13 + 16 * 60_000 + 1000;
  await api.get('/admin/order/statistics');
  expect(admin.state.orders.get(unpaid.id)).toMatchObject({ status: 6, cancelReason: '支付超时，自动取消', cancelTime: '2023-07-13 15:46:00' });
  expect(admin.state.orders.get(delivering.id)!.status).toBe(4);
  clock = new Date(2023, 6, 14, 0, 59).getTime();
  await api.get('/admin/order/statistics');
  expect(admin.state.orders.get(delivering.id)!.status).toBe(4);
  clock = new Date(2023, 6, 14, 1, 0, 5).getTime();
  await api.get('/admin/order/statistics');
  expect(admin.state.orders.get(delivering.id)).toMatchObject({ status: 5, deliveryTime: null });
});

test('the generated month: orders in every status, 30 days back to the start, consistent with the menu and the customers', async () => {
  const orders = [...admin.state.orders.values()];
  expect(new Set(orders.map((o) => o.status))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  const days = new Set(orders.map((o) => o.orderTime.slice(0, 10)));
  expect(days.size).toBe(31);
  expect([...days].sort()[0]).toBe('2023-06-13');
  expect(orders.every((o) => o.orderTime <= '2023-07-13 15:30:00')).toBe(true);
  for (const o of orders) {
    const lines = admin.state.orderDetails.get(o.id)!;
    expect(lines.every((l) => admin.state.dishes.get(l.dishId!)?.name === l.name)).toBe(true);
    expect(o.amount).toBe(lines.reduce((c, l) => c + l.amount * l.number, 0) + (o.packAmount ?? 0) * 100 + 600);
    expect(admin.state.customers.get(o.userId)!.address.detail).toBe(o.address);
  }
  // The same seed, the same month; another seed, another month.
  const again = await startAdmin({ mode: 'ipv4', now: () => JULY_13 });
  const other = await startAdmin({ mode: 'ipv4', now: () => JULY_13, seed: 2 });
  try {
    expect([...again.state.orders.values()]).toEqual(orders.filter((o) => o.id <= again.state.orders.size));
    expect([...other.state.orders.values()].map((o) => o.number)).not.toEqual(orders.map((o) => o.number).slice(0, other.state.orders.size));
  } finally {
    await again.stop();
    await other.stop();
  }
});
