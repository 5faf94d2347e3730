// WorkspaceController: today's figures from the generated orders, as Java doubles,
// and the overviews of today's orders and of the menu on sale.
import { test, expect } from '@playwright/test';
import { adminPerTest, javaDouble, JULY_13, orderedOn as onDay } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
const orders = () => [...server.admin.state.orders.values()];

test('workspace: today\'s business data from the orders (completed ones), as Java doubles', async () => {
  const today = orders().filter((o) => onDay(o, '2023-07-13'));
  const done = today.filter((o) => o.status === 5);
  const turnover = done.reduce((c, o) => c + o.amount, 0) / 100;
  const r = await server.api.get('/admin/workspace/businessData');
  expect(Object.keys(r.json.data)).toEqual(['turnover', 'validOrderCount', 'orderCompletionRate', 'unitPrice', 'newUsers']);
  expect(r.json.data).toMatchObject({ turnover, validOrderCount: done.length, orderCompletionRate: done.length / today.length });
  expect(r.text).toContain(`"turnover":${javaDouble(turnover)},`);
  for (const v of Object.values(r.json.data)) expect(Number.isFinite(v)).toBe(true);
});

test('workspace: the overview of today\'s orders by status, and of dishes and set meals on sale', async () => {
  const today = orders().filter((o) => o.orderTime > '2023-07-13 00:00:00');
  const n = (s: number) => today.filter((o) => o.status === s).length;
  expect((await server.api.get('/admin/workspace/overviewOrders')).json.data).toEqual({ waitingOrders: n(2), deliveredOrders: n(3), completedOrders: n(5), cancelledOrders: n(6), allOrders: today.length });
  expect((await server.api.get('/admin/workspace/overviewDishes')).text).toBe('{"code":1,"msg":null,"data":{"sold":24,"discontinued":0}}');
});

