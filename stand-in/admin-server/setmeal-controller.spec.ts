// SetmealController: add (the status sent kept, as in the reference), page, delete,
// one set meal, edit, start/stop (refused while a dish of it is stopped).
import { test, expect } from '@playwright/test';
import type { AdminStandIn } from './server.js';
import { adminPerTest, failed, JULY_13, OK, type Api } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
let admin: AdminStandIn;
let api: Api;
test.beforeEach(() => ({ admin, api } = server));

/** What the real 添加套餐 form sends. */
const FORM = {
  name: '商务A餐', categoryId: '15', price: '88', code: '', image: '/api/common/download?name=y.png', description: '午市', dishList: [], status: 0, idType: '15',
  setmealDishes: [{ copies: 1, dishId: 51, name: '老坛酸菜鱼', price: 56 }, { copies: 2, dishId: 49, name: '米饭', price: 2 }],
};

test('the seed has no set meals: page empty, overview 0/0', async () => {
  expect((await api.get('/admin/setmeal/page?page=1&pageSize=10&status=')).text).toBe('{"code":1,"msg":null,"data":{"total":0,"records":[]}}');
  expect((await api.get('/admin/workspace/overviewSetmeals')).json.data).toEqual({ sold: 0, discontinued: 0 });
});

test('POST /setmeal keeps the status sent (0); GET {id} has its dishes; the page has SetmealVO with categoryName', async () => {
  expect((await api.send('POST', '/admin/setmeal', FORM)).text).toBe(OK);
  const one = await api.get('/admin/setmeal/32');
  expect(one.text).toBe('{"code":1,"msg":null,"data":{"id":32,"categoryId":15,"name":"商务A餐","price":88.00,"status":0,"description":"午市","image":"/api/common/download?name=y.png","updateTime":"2023-07-13 15:30","categoryName":null,"setmealDishes":[{"id":47,"setmealId":32,"dishId":51,"name":"老坛酸菜鱼","price":56.00,"copies":1},{"id":48,"setmealId":32,"dishId":49,"name":"米饭","price":2.00,"copies":2}]}}');
  const page = (await api.get('/admin/setmeal/page?page=1&pageSize=10&status=')).json.data;
  expect(page.records[0]).toMatchObject({ id: 32, categoryName: '商务套餐', setmealDishes: [] });
  expect((await api.get('/admin/setmeal/page?page=1&pageSize=10&categoryId=13')).json.data.total).toBe(0);
  expect((await api.get('/admin/setmeal/page?page=1&pageSize=10&status=0')).json.data.total).toBe(1);
  expect((await api.get('/admin/setmeal/99')).status).toBe(500);
});

test('POST /setmeal: duplicate name, missing fields, no dishes (500, nothing added)', async () => {
  expect((await api.send('POST', '/admin/setmeal', FORM)).text).toBe(OK);
  expect((await api.send('POST', '/admin/setmeal', FORM)).text).toBe(failed("'商务A餐'已存在"));
  for (const field of ['name', 'categoryId', 'price']) expect((await api.send('POST', '/admin/setmeal', { ...FORM, name: 'B', [field]: null })).text, field).toBe(failed('未知错误'));
  expect((await api.send('POST', '/admin/setmeal', { ...FORM, name: 'C', setmealDishes: [] })).status).toBe(500);
  expect((await api.send('POST', '/admin/setmeal', { ...FORM, name: 'D', setmealDishes: null })).status).toBe(500);
  expect((await api.send('POST', '/admin/setmeal', { ...FORM, name: 'E', price: '1e10' })).status).toBe(500);
  expect(admin.state.setmeals.size).toBe(1);
  expect(admin.state.setmealDishes.size).toBe(2);
});

test('POST /setmeal/status/1 is refused while one of its dishes is stopped; then allowed', async () => {
  expect((await api.send('POST', '/admin/setmeal', FORM)).text).toBe(OK);
  expect((await api.send('POST', '/admin/dish/status/0?id=49')).text).toBe(OK);
  expect((await api.send('POST', '/admin/setmeal/status/1?id=32')).text).toBe(failed('套餐内包含未启售菜品，无法启售'));
  expect((await api.send('POST', '/admin/dish/status/1?id=49')).text).toBe(OK);
  expect((await api.send('POST', '/admin/setmeal/status/1?id=32')).text).toBe(OK);
  expect((await api.get('/admin/workspace/overviewSetmeals')).json.data).toEqual({ sold: 1, discontinued: 0 });
});

test('DELETE /setmeal?ids=: on sale refused; unknown 500; empty ids= is code 1; else set meal and its dishes gone', async () => {
  expect((await api.send('POST', '/admin/setmeal', { ...FORM, status: 1 })).text).toBe(OK);
  expect((await api.send('DELETE', '/admin/setmeal?ids=32')).text).toBe(failed('起售中的套餐不能删除'));
  expect((await api.send('DELETE', '/admin/setmeal?ids=99')).status).toBe(500);
  expect((await api.send('DELETE', '/admin/setmeal?ids=')).text).toBe(OK);
  expect((await api.send('POST', '/admin/setmeal/status/0?id=32')).text).toBe(OK);
  expect((await api.send('DELETE', '/admin/setmeal?ids=32')).text).toBe(OK);
  expect(admin.state.setmeals.size).toBe(0);
  expect(admin.state.setmealDishes.size).toBe(0);
});

test('PUT /setmeal: fields and dishes replaced, with no check that the dishes sell', async () => {
  expect((await api.send('POST', '/admin/setmeal', FORM)).text).toBe(OK);
  expect((await api.send('POST', '/admin/dish/status/0?id=50')).text).toBe(OK);
  const { updateTime: _, ...loaded } = (await api.get('/admin/setmeal/32')).json.data;
  expect((await api.send('PUT', '/admin/setmeal', { ...loaded, status: 1, price: 99, setmealDishes: [{ copies: 3, dishId: 50, name: '馒头', price: 1 }] })).text).toBe(OK);
  const after = (await api.get('/admin/setmeal/32')).json.data;
  expect(after).toMatchObject({ status: 1, price: 99, setmealDishes: [{ id: 49, dishId: 50, copies: 3 }] });
  expect((await api.send('PUT', '/admin/setmeal', { ...loaded, setmealDishes: [] })).status).toBe(500);
  expect((await api.get('/admin/setmeal/32')).json.data.setmealDishes).toHaveLength(1); // nothing half-done
});
