// DishController: add with flavors, page (the reference's working category filter),
// delete and its refusals, one dish, edit, the list on sale, start/stop with its cascade to set meals.
import { test, expect } from '@playwright/test';
import type { AdminStandIn } from './server.js';
import { adminPerTest, failed, JULY_13, OK, type Api } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
let admin: AdminStandIn;
let api: Api;
test.beforeEach(() => ({ admin, api } = server));

const ids = (records: { id: number }[]) => records.map((r) => r.id);
const SPICY = '["不辣","微辣","中辣","重辣"]';
/** What the real 添加菜品 form sends. */
const FORM = { name: '酸辣土豆丝', price: '12.5', code: '', image: '/api/common/download?name=x.png', description: '', status: 0, categoryId: '19', flavors: [{ name: '辣度', value: SPICY }] };

test('GET /dish/page: newest first, the seed\'s exact record, DishVO keys, filters (category, status, name)', async () => {
  const r = await api.get('/admin/dish/page?page=1&pageSize=10&status=');
  expect(r.json.data.total).toBe(24);
  expect(ids(r.json.data.records)).toEqual([69, 68, 67, 66, 65, 64, 63, 62, 61, 60]);
  expect(r.text).toContain('{"id":69,"name":"平菇豆腐汤","categoryId":21,"price":6.00,"image":"https://sky-itcast.oss-cn-beijing.aliyuncs.com/16d0a3d6-2253-4cfc-9b49-bf7bd9eb2ad2.png","description":"配料：豆腐，平菇","status":1,"updateTime":"2022-06-10 10:55","categoryName":"汤类","flavors":[]}');
  expect(ids((await api.get('/admin/dish/page?page=1&pageSize=10&categoryId=20')).json.data.records)).toEqual([53, 52, 51]);
  expect((await api.get('/admin/dish/page?page=1&pageSize=10&status=0')).json.data).toEqual({ total: 0, records: [] });
  expect(ids((await api.get(`/admin/dish/page?page=1&pageSize=10&name=${encodeURIComponent('牛蛙')}`)).json.data.records)).toEqual([64, 63, 62]);
  expect((await api.get('/admin/dish/page?page=1&pageSize=10&categoryId=x')).status).toBe(400);
});

test('GET /dish/{id}: DishVO with categoryName null and its flavors; unknown 500', async () => {
  const r = await api.get('/admin/dish/51');
  expect(r.text).toBe('{"code":1,"msg":null,"data":{"id":51,"name":"老坛酸菜鱼","categoryId":20,"price":56.00,"image":"https://sky-itcast.oss-cn-beijing.aliyuncs.com/4a9cefba-6a74-467e-9fde-6e687ea725d7.png","description":"原料：汤，草鱼，酸菜","status":1,"updateTime":"2022-06-10 09:40","categoryName":null,"flavors":[{"id":88,"dishId":51,"name":"忌口","value":"[\\"不要葱\\",\\"不要蒜\\",\\"不要香菜\\",\\"不要辣\\"]"},{"id":89,"dishId":51,"name":"辣度","value":"[\\"不辣\\",\\"微辣\\",\\"中辣\\",\\"重辣\\"]"}]}}');
  for (const f of r.json.data.flavors) expect(Array.isArray(JSON.parse(f.value))).toBe(true);
  expect((await api.get('/admin/dish/46')).json.data.flavors).toEqual([]);
  expect((await api.get('/admin/dish/2')).status).toBe(500); // only orphan flavors
  expect((await api.get('/admin/dish/abc')).status).toBe(400);
});

test('POST /dish: the form\'s body is stored as sent (停售, price 12.50, the flavors); it is not in the list on sale', async () => {
  expect((await api.send('POST', '/admin/dish', FORM)).text).toBe(OK);
  const dish = (await api.get('/admin/dish/70')).json.data;
  expect(dish).toMatchObject({ id: 70, name: '酸辣土豆丝', categoryId: 19, price: 12.5, status: 0, flavors: [{ id: 104, dishId: 70, name: '辣度', value: SPICY }] });
  expect((await api.get('/admin/dish/70')).text).toContain('"price":12.50');
  expect(ids((await api.get('/admin/dish/list?categoryId=19')).json.data)).toEqual([57, 56, 55, 54]);
  expect((await api.get('/admin/workspace/overviewDishes')).json.data).toEqual({ sold: 24, discontinued: 1 });
});

test('POST /dish: duplicate, missing name or category, a price out of decimal(10,2), wrong types; a negative price is stored', async () => {
  expect((await api.send('POST', '/admin/dish', { ...FORM, name: '米饭' })).text).toBe(failed("'米饭'已存在"));
  expect((await api.send('POST', '/admin/dish', { ...FORM, name: null })).text).toBe(failed('未知错误'));
  expect((await api.send('POST', '/admin/dish', { ...FORM, categoryId: undefined })).text).toBe(failed('未知错误'));
  expect((await api.send('POST', '/admin/dish', { ...FORM, price: '100000000' })).status).toBe(500);
  expect((await api.send('POST', '/admin/dish', { ...FORM, price: 'abc' })).status).toBe(400);
  expect((await api.send('POST', '/admin/dish', { ...FORM, categoryId: '9223372036854775808' })).status).toBe(400);
  expect((await api.send('POST', '/admin/dish', { ...FORM, flavors: 'x' })).status).toBe(400);
  expect((await api.send('POST', '/admin/dish', { ...FORM, flavors: [null] })).status).toBe(500);
  expect((await api.send('POST', '/admin/dish', { ...FORM, flavors: [{ name: '辣度', value: 'x'.repeat(256) }] })).status).toBe(500);
  expect(admin.state.dishes.size).toBe(24);
  expect(admin.state.flavors.size).toBe(24);
  expect((await api.send('POST', '/admin/dish', { ...FORM, price: -0.005 })).text).toBe(OK);
  expect((await api.get('/admin/dish/70')).text).toContain('"price":-0.01');
});

test('DELETE /dish?ids=: on sale refused, in a set meal refused, else dish and flavors gone; unknown and empty are 500s', async () => {
  expect((await api.send('DELETE', '/admin/dish?ids=51')).text).toBe(failed('起售中的菜品不能删除'));
  expect((await api.send('DELETE', '/admin/dish?ids=99999')).status).toBe(500);
  expect((await api.send('DELETE', '/admin/dish?ids=')).status).toBe(500);
  expect((await api.send('DELETE', '/admin/dish')).status).toBe(400);
  expect((await api.send('DELETE', '/admin/dish?ids=1,x')).status).toBe(400);
  expect((await api.send('POST', '/admin/dish/status/0?id=51')).text).toBe(OK);
  expect((await api.send('POST', '/admin/dish/status/0?id=52')).text).toBe(OK);
  expect((await api.send('POST', '/admin/setmeal', { categoryId: 13, name: '鱼套餐', price: 60, status: 0, setmealDishes: [{ dishId: 52, name: '经典酸菜鮰鱼', price: 66, copies: 1 }] })).text).toBe(OK);
  expect((await api.send('DELETE', '/admin/dish?ids=51,52')).text).toBe(failed('当前菜品关联了套餐,不能删除'));
  expect((await api.send('DELETE', '/admin/dish?ids=51')).text).toBe(OK);
  expect(admin.state.dishes.has(51)).toBe(false);
  expect([...admin.state.flavors.values()].filter((f) => f.dishId === 51)).toEqual([]);
});

test('PUT /dish: the fields changed, flavors replaced with new ids; an unknown id still writes its flavors; no id: 未知错误', async () => {
  const loaded = (await api.get('/admin/dish/51')).json.data;
  const { updateTime: _, ...rest } = loaded;
  expect((await api.send('PUT', '/admin/dish', { ...rest, price: '58', status: 0, code: '', flavors: [loaded.flavors[1]] })).text).toBe(OK);
  expect((await api.get('/admin/dish/51')).json.data).toMatchObject({ price: 58, status: 0, updateTime: '2023-07-13 15:30', flavors: [{ id: 104, dishId: 51, name: '辣度' }] });
  expect((await api.send('PUT', '/admin/dish', { id: 51, name: '米饭' })).text).toBe(failed("'米饭'已存在"));
  expect((await api.send('PUT', '/admin/dish', { id: 70, flavors: [{ name: '甜味', value: '["无糖"]' }] })).text).toBe(OK);
  expect((await api.send('PUT', '/admin/dish', { flavors: [{ name: '甜味', value: '["无糖"]' }] })).text).toBe(failed('未知错误'));
  expect((await api.send('PUT', '/admin/dish', { name: '无 id' })).text).toBe(OK);
  // The flavors written for dish 70 surface when a dish gets that id.
  expect((await api.send('POST', '/admin/dish', { ...FORM, flavors: [] })).text).toBe(OK);
  expect((await api.get('/admin/dish/70')).json.data.flavors.map((f: { name: string }) => f.name)).toEqual(['甜味']);
});

test('GET /dish/list: on sale only, newest first; any name is ignored', async () => {
  expect(ids((await api.get('/admin/dish/list?categoryId=20')).json.data)).toEqual([53, 52, 51]);
  expect((await api.get(`/admin/dish/list?name=${encodeURIComponent('鱼')}`)).json.data).toHaveLength(24);
  expect(Object.keys((await api.get('/admin/dish/list?categoryId=20')).json.data[0])).toEqual(['id', 'name', 'categoryId', 'price', 'image', 'description', 'status', 'createTime', 'updateTime', 'createUser', 'updateUser']);
});

test('POST /dish/status/0 stops every set meal with the dish; starting has no cascade', async () => {
  expect((await api.send('POST', '/admin/setmeal', { categoryId: 13, name: '双拼', price: 90, status: 1, setmealDishes: [{ dishId: 51, name: '老坛酸菜鱼', price: 56, copies: 1 }] })).text).toBe(OK);
  expect(admin.state.setmeals.get(32)!.status).toBe(1);
  expect((await api.send('POST', '/admin/dish/status/0?id=51')).text).toBe(OK);
  expect(admin.state.setmeals.get(32)).toMatchObject({ status: 0, updateTime: '2023-07-13 15:30:00', updateUser: 1 });
  expect((await api.send('POST', '/admin/dish/status/1?id=51')).text).toBe(OK);
  expect(admin.state.setmeals.get(32)!.status).toBe(0);
});
