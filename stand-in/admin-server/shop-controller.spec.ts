// ShopController: the 营业状态 kept under SHOP_STATUS, 1 from the seed.
import { test, expect } from '@playwright/test';
import type { AdminStandIn } from './server.js';
import { adminPerTest, call, JULY_13, OK, type Api } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
let admin: AdminStandIn;
let api: Api;
test.beforeEach(() => ({ admin, api } = server));

test('shop: GET /shop/status is 1 from the seed; PUT /shop/{status} stores any integer, ignoring the body', async () => {
  expect((await api.get('/admin/shop/status')).text).toBe('{"code":1,"msg":null,"data":1}');
  expect((await api.send('PUT', '/admin/shop/0', 1)).text).toBe(OK);
  expect((await api.get('/admin/shop/status')).text).toBe('{"code":1,"msg":null,"data":0}');
  expect((await api.send('PUT', '/admin/shop/7')).text).toBe(OK);
  expect((await api.get('/admin/shop/status')).json.data).toBe(7);
  expect((await api.send('PUT', '/admin/shop/x')).status).toBe(400);
  expect((await api.send('PUT', '/admin/shop/status')).status).toBe(400); // PUT {status} takes the path
  expect((await call(`${api.base}/admin/shop/1`, { token: api.token })).status).toBe(405);
  admin.state.write(() => (admin.state.shopStatus = null));
  expect((await api.get('/admin/shop/status')).status).toBe(500); // a Redis that never had the key
});

