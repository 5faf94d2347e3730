// CategoryController: add (disabled), page, delete and its refusals, edit,
// enable/disable, the list of enabled ones; the seed's order; bad input.
import { test, expect } from '@playwright/test';
import type { AdminStandIn } from './server.js';
import { adminPerTest, failed, JULY_13, OK, type Api } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
let admin: AdminStandIn;
let api: Api;
test.beforeEach(() => ({ admin, api } = server));

const ids = (records: { id: number }[]) => records.map((r) => r.id);

test('GET /category/page: sort ascending then newest, the seed\'s exact record, name and type filters', async () => {
  const all = await api.get('/admin/category/page?page=1&pageSize=10');
  expect(ids(all.json.data.records)).toEqual([16, 17, 18, 19, 20, 12, 11, 21, 13, 15]);
  expect(all.text).toContain('{"id":16,"type":1,"name":"蜀味烤鱼","sort":4,"status":1,"createTime":"2022-06-09 22:15","updateTime":"2022-08-31 14:27","createUser":1,"updateUser":1}');
  expect(ids((await api.get('/admin/category/page?page=1&pageSize=10&type=2')).json.data.records)).toEqual([13, 15]);
  expect(ids((await api.get(`/admin/category/page?page=1&pageSize=10&name=${encodeURIComponent('蜀味')}`)).json.data.records)).toEqual([16, 17]);
  expect((await api.get('/admin/category/page?page=2&pageSize=4')).json.data).toMatchObject({ total: 10 });
  expect((await api.get('/admin/category/page?page=1&pageSize=10&type=x')).status).toBe(400);
});

test('GET /category/list: enabled only, of the type; the seed answer for type 1', async () => {
  expect(ids((await api.get('/admin/category/list?type=1')).json.data)).toEqual([16, 17, 18, 19, 20, 12, 11, 21]);
  expect(ids((await api.get('/admin/category/list?type=2&page=1&pageSize=1000')).json.data)).toEqual([13, 15]);
  expect((await api.get('/admin/category/list')).json.data).toHaveLength(10);
});

test('POST /category: a new category is disabled (in the page, not in the list); type may come as a string', async () => {
  expect((await api.send('POST', '/admin/category', { name: '新品', type: '1', sort: '3' })).text).toBe(OK);
  const added = (await api.get(`/admin/category/page?page=1&pageSize=10&name=${encodeURIComponent('新品')}`)).json.data.records[0];
  expect(added).toEqual({ id: 23, type: 1, name: '新品', sort: 3, status: 0, createTime: '2023-07-13 15:30', updateTime: '2023-07-13 15:30', createUser: 1, updateUser: 1 });
  expect(ids((await api.get('/admin/category/list?type=1')).json.data)).not.toContain(23);
  expect((await api.send('POST', '/admin/category/status/1?id=23')).text).toBe(OK);
  expect(ids((await api.get('/admin/category/list?type=1')).json.data)[0]).toBe(23); // sort 3 comes first
});

test('POST /category: duplicate name, missing name or sort, too long, wrong types', async () => {
  expect((await api.send('POST', '/admin/category', { name: '汤类', type: 1, sort: 1 })).text).toBe(failed("'汤类'已存在"));
  expect((await api.send('POST', '/admin/category', { type: 1, sort: 1 })).text).toBe(failed('未知错误'));
  expect((await api.send('POST', '/admin/category', { name: '无序', type: 1 })).text).toBe(failed('未知错误'));
  expect((await api.send('POST', '/admin/category', { name: '长'.repeat(33), type: 1, sort: 1 })).status).toBe(500);
  for (const sort of ['abc', 2147483648, true, '1.5', [1]]) {
    expect((await api.send('POST', '/admin/category', { name: '坏', type: 1, sort })).status, String(sort)).toBe(400);
  }
  expect((await api.send('POST', '/admin/category', { name: '负数', type: 1, sort: -5 })).text).toBe(OK); // no validation on the server
  expect(admin.state.categories.size).toBe(11);
});

test('DELETE /category?id=: refused while a dish, then a set meal, uses it; an unknown or missing id: code 1', async () => {
  expect((await api.send('DELETE', '/admin/category?id=20')).text).toBe(failed('当前分类关联了菜品,不能删除'));
  expect((await api.send('POST', '/admin/setmeal', { categoryId: 13, name: '双人餐', price: 88, status: 0, setmealDishes: [{ dishId: 51, name: '老坛酸菜鱼', price: 56, copies: 1 }] })).text).toBe(OK);
  expect((await api.send('DELETE', '/admin/category?id=13')).text).toBe(failed('当前分类关联了套餐,不能删除'));
  expect((await api.send('DELETE', '/admin/category?id=15')).text).toBe(OK);
  expect(admin.state.categories.has(15)).toBe(false);
  expect((await api.send('DELETE', '/admin/category?id=99999')).text).toBe(OK);
  expect((await api.send('DELETE', '/admin/category')).text).toBe(OK);
  expect((await api.send('DELETE', '/admin/category?id=x')).status).toBe(400);
});

test('PUT /category: name and sort changed, type kept; a duplicate name refused; an unknown id is no error', async () => {
  expect((await api.send('PUT', '/admin/category', { id: 21, name: '汤', sort: 1 })).text).toBe(OK);
  expect(admin.state.categories.get(21)).toMatchObject({ name: '汤', sort: 1, type: 1, updateTime: '2023-07-13 15:30:00', updateUser: 1 });
  expect((await api.send('PUT', '/admin/category', { id: 21, name: '水煮鱼' })).text).toBe(failed("'水煮鱼'已存在"));
  expect((await api.send('PUT', '/admin/category', { id: 99999, name: '水煮鱼' })).text).toBe(OK);
});

test('POST /category/status: any integer, no cascade to its dishes', async () => {
  expect((await api.send('POST', '/admin/category/status/0?id=20')).text).toBe(OK);
  expect(admin.state.categories.get(20)!.status).toBe(0);
  expect(admin.state.dishes.get(51)!.status).toBe(1);
  expect((await api.send('POST', '/admin/category/status/abc?id=20')).status).toBe(400);
});
