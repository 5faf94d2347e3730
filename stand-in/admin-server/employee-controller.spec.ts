// EmployeeController beyond login and paging: add, one employee, edit,
// enable/disable, the missing editPassword handler, and their answers to bad input.
import { test, expect } from '@playwright/test';
import type { AdminStandIn } from './server.js';
import { EMPLOYEES } from './employees.js';
import { adminPerTest, failed, JULY_13, OK, springError, type Api } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
let admin: AdminStandIn;
let api: Api;
test.beforeEach(() => ({ admin, api } = server));

const NEW = { username: 'xiaoming', name: '小明', phone: '13912345678', sex: '1', idNumber: '110101199001010047' };
const newest = () => [...admin.state.employees.values()].at(-1)!;

test('POST /employee adds: status 1, MD5 of 123456, the four audit columns from the clock and the token', async () => {
  expect((await api.send('POST', '/admin/employee', { ...NEW, id: 5, status: 0, password: 'x' })).text).toBe(OK);
  expect(newest()).toEqual({
    id: EMPLOYEES.length + 1, ...NEW, password: 'e10adc3949ba59abbe56e057f20f883e', status: 1,
    createTime: '2023-07-13 15:30', updateTime: '2023-07-13 15:30', createUser: 1, updateUser: 1,
  });
  const page = (await api.get('/admin/employee/page?page=9&pageSize=10')).json.data;
  expect(page.total).toBe(EMPLOYEES.length + 1);
  expect(page.records.at(-1).username).toBe('xiaoming');
});

test('POST /employee: a taken username (trailing spaces do not count) is \'<username>\'已存在, cut at a space', async () => {
  expect((await api.send('POST', '/admin/employee', { ...NEW, username: 'zhangsan' })).text).toBe(failed("'zhangsan'已存在"));
  expect((await api.send('POST', '/admin/employee', { ...NEW, username: 'admin  ' })).text).toBe(failed("'admin已存在")); // the message is cut at the first space
  expect((await api.send('POST', '/admin/employee', { ...NEW, username: 'a b' })).text).toBe(OK);
  expect((await api.send('POST', '/admin/employee', { ...NEW, username: 'a b' })).text).toBe(failed("'a已存在"));
});

test('POST /employee: a missing NOT NULL field is 未知错误; too long for its column, a 500; nothing is added', async () => {
  for (const field of ['username', 'name', 'phone', 'sex', 'idNumber']) {
    const { [field]: _, ...rest } = NEW as Record<string, string>;
    expect((await api.send('POST', '/admin/employee', rest)).text, field).toBe(failed('未知错误'));
  }
  for (const [field, value] of [['phone', '139123456789'], ['sex', '男男男'], ['idNumber', '1'.repeat(19)], ['name', '名'.repeat(33)], ['name', '😀']]) {
    expect(springError((await api.send('POST', '/admin/employee', { ...NEW, [field]: value })).text).status, field).toBe(500);
  }
  expect(admin.state.employees.size).toBe(EMPLOYEES.length);
});

test('POST /employee: numbers are taken as their text, objects are a 400, and so is JSON that does not parse', async () => {
  expect((await api.send('POST', '/admin/employee', { ...NEW, phone: 13912345678 })).text).toBe(OK);
  expect(newest().phone).toBe('13912345678');
  for (const body of [{ ...NEW, name: { a: 1 } }, { ...NEW, username: ['x'] }, '{"username":', '[]']) {
    expect((await api.send('POST', '/admin/employee', body)).status).toBe(400);
  }
});

test('GET /employee/{id}: the record with password ****; an unknown id is a 500, one that is no Long a 400', async () => {
  const r = await api.get('/admin/employee/2');
  expect(r.json).toEqual({ code: 1, msg: null, data: { ...EMPLOYEES[1], password: '****' } });
  expect(Object.keys(r.json.data)).toEqual(['id', 'username', 'name', 'password', 'phone', 'sex', 'idNumber', 'status', 'createTime', 'updateTime', 'createUser', 'updateUser']);
  expect((await api.get('/admin/employee/99999')).status).toBe(500);
  expect((await api.get('/admin/employee/-1')).status).toBe(500);
  expect((await api.get('/admin/employee/9223372036854775808')).status).toBe(400);
});

test('PUT /employee: the non-null fields and the update audit columns; password and status untouched; unknown id: code 1, no change', async () => {
  const before = admin.state.employees.get(2)!;
  // The real form posts the loaded record back, password **** and all.
  const loaded = (await api.get('/admin/employee/2')).json.data;
  expect((await api.send('PUT', '/admin/employee', { ...loaded, name: '张三丰', status: 0, sex: null })).text).toBe(OK);
  expect(admin.state.employees.get(2)).toEqual({ ...before, name: '张三丰', updateTime: '2023-07-13 15:30', updateUser: 1 });
  expect((await api.send('PUT', '/admin/employee', { id: 99999, name: 'x' })).text).toBe(OK);
  expect((await api.send('PUT', '/admin/employee', { name: 'x' })).text).toBe(OK);
  expect((await api.send('PUT', '/admin/employee', { id: 3, username: 'zhangsan' })).text).toBe(failed("'zhangsan'已存在"));
  expect((await api.send('PUT', '/admin/employee', { id: 2, username: 'zhangsan' })).text).toBe(OK); // its own name
  expect((await api.send('PUT', '/admin/employee', { id: 'abc' })).status).toBe(400);
});

test('POST /employee/status/{status}?id=: any integer is stored; 0 locks the account; bad values are 400s', async () => {
  expect((await api.send('POST', '/admin/employee/status/0?id=2')).text).toBe(OK);
  expect(admin.state.employees.get(2)!.status).toBe(0);
  const locked = await api.send('POST', '/admin/employee/login', { username: 'zhangsan', password: '123456' });
  expect(locked.text).toBe(failed('账号被锁定'));
  expect((await api.send('POST', '/admin/employee/status/5?id=2')).text).toBe(OK);
  expect(admin.state.employees.get(2)!.status).toBe(5);
  expect((await api.send('POST', '/admin/employee/status/-2147483648?id=2')).text).toBe(OK);
  expect((await api.send('POST', '/admin/employee/status/1?id=99999')).text).toBe(OK);
  expect((await api.send('POST', '/admin/employee/status/1')).text).toBe(OK);
  for (const path of ['/admin/employee/status/x?id=2', '/admin/employee/status/2147483648?id=2', '/admin/employee/status/1?id=abc']) {
    expect((await api.send('POST', path)).status, path).toBe(400);
  }
});

test('PUT /employee/editPassword has no handler: GET {id} takes the path, so a 405 with Allow: GET, no token needed', async () => {
  for (const token of [api.token, undefined]) {
    const r = await fetch(`${api.base}/admin/employee/editPassword`, {
      method: 'PUT', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: '{"oldPassword":"123456","newPassword":"654321"}',
    });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    expect(springError(await r.text())).toMatchObject({ status: 405, error: 'Method Not Allowed', path: '/admin/employee/editPassword' });
  }
});
