// GET /admin/employee/page, POST /admin/employee/logout and GET /admin/employee/{id} with a valid
// token: the seed, page contents at several page sizes, the name filter, and the response framing.
import { test, expect } from '@playwright/test';
import { EMPLOYEES, type Employee } from './employees.js';
import type { AdminStandIn } from './server.js';
import { adminToken, call, ipv4, ipv6, rawExchange, springError, startAdmin } from '../../tests/support/admin.js';

const FIELDS = ['id', 'username', 'name', 'password', 'phone', 'sex', 'idNumber', 'status', 'createTime', 'updateTime', 'createUser', 'updateUser'];
const pageJson = (total: number, records: readonly Employee[]) => JSON.stringify({ code: 1, msg: null, data: { total, records } });

let admin: AdminStandIn;
let token: string;
test.beforeAll(async () => {
  admin = await startAdmin();
  token = await adminToken(ipv4(admin));
});
test.afterAll(async () => {
  await admin.stop();
});

const page = (query: string) => call(`${ipv4(admin)}/admin/employee/page?${query}`, { token });

test('the seed: the reference admin row first, then enough rows for several pages at every page size', () => {
  expect(JSON.stringify(EMPLOYEES[0])).toBe('{"id":1,"username":"admin","name":"管理员","password":"e10adc3949ba59abbe56e057f20f883e","phone":"13812312312","sex":"1","idNumber":"110101199001010047","status":1,"createTime":"2022-02-15 15:51","updateTime":"2022-02-17 09:16","createUser":10,"updateUser":1}');
  for (const size of [10, 20, 30, 40]) expect(Math.ceil(EMPLOYEES.length / size), `pages at ${size}`).toBeGreaterThanOrEqual(3);
  expect(EMPLOYEES.map((e) => e.id)).toEqual(EMPLOYEES.map((_, i) => i + 1));
  expect(new Set(EMPLOYEES.map((e) => e.username)).size).toBe(EMPLOYEES.length);
  const chinese = EMPLOYEES.filter((e) => /^[\u4e00-\u9fff]+$/.test(e.name)).length;
  const latin = EMPLOYEES.filter((e) => /^[A-Za-z ]+$/.test(e.name)).length;
  expect(chinese).toBeGreaterThan(EMPLOYEES.length / 2);
  expect(latin).toBeGreaterThanOrEqual(3);
  expect(chinese + latin).toBe(EMPLOYEES.length);
  expect(EMPLOYEES.some((e) => e.status === 0)).toBe(true);
  for (const e of EMPLOYEES) {
    expect(Object.keys(e)).toEqual(FIELDS);
    expect(e.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(e.updateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(e.phone).toMatch(/^1\d{10}$/);
    expect(e.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(['0', '1']).toContain(e.sex);
  }
});

test('page 1 at 10: the first ten rows, all 12 fields in the real order, and the total', async () => {
  const r = await page('page=1&pageSize=10');
  expect(r.status).toBe(200);
  expect(r.text).toBe(pageJson(EMPLOYEES.length, EMPLOYEES.slice(0, 10)));
  const records = JSON.parse(r.text).data.records;
  for (const record of records) expect(Object.keys(record)).toEqual(FIELDS);
  expect(r.text.startsWith('{"code":1,"msg":null,"data":{"total":86,"records":[{"id":1,"username":"admin","name":"管理员","password":"e10adc3949ba59abbe56e057f20f883e","phone":"13812312312","sex":"1","idNumber":"110101199001010047","status":1,"createTime":"2022-02-15 15:51","updateTime":"2022-02-17 09:16","createUser":10,"updateUser":1},')).toBe(true);
});

test('the last, short page at 10, and pages 2 and 3 at 40', async () => {
  const lastAt10 = Math.ceil(EMPLOYEES.length / 10);
  expect((await page(`page=${lastAt10}&pageSize=10`)).text).toBe(pageJson(EMPLOYEES.length, EMPLOYEES.slice((lastAt10 - 1) * 10)));
  expect((await page('page=2&pageSize=40')).text).toBe(pageJson(EMPLOYEES.length, EMPLOYEES.slice(40, 80)));
  const third = JSON.parse((await page('page=3&pageSize=40')).text).data;
  expect(third).toEqual({ total: EMPLOYEES.length, records: EMPLOYEES.slice(80) });
  expect(third.records.length).toBe(EMPLOYEES.length - 80);
});

test('pages at 20 and 30 tile the table in id order', async () => {
  for (const size of [20, 30]) {
    const seen: Employee[] = [];
    for (let n = 1; n <= Math.ceil(EMPLOYEES.length / size); n++) {
      const data = JSON.parse((await page(`page=${n}&pageSize=${size}`)).text).data;
      expect(data.total).toBe(EMPLOYEES.length);
      seen.push(...data.records);
    }
    expect(seen).toEqual(EMPLOYEES);
  }
});

test('the name filter is a substring match on the display name, sent URL-encoded as the front end does', async () => {
  const zhang = EMPLOYEES.filter((e) => e.name.includes('张'));
  expect(zhang.length).toBeGreaterThan(2);
  expect((await page('page=1&pageSize=10&name=%E5%BC%A0')).text).toBe(pageJson(zhang.length, zhang));
  expect((await page('page=2&pageSize=2&name=%E5%BC%A0')).text).toBe(pageJson(zhang.length, zhang.slice(2, 4)));
  expect((await page('page=1&pageSize=10&name=%E5%BC%A0%E4%B8%89')).text).toBe(pageJson(1, EMPLOYEES.filter((e) => e.name === '张三')));
  // on `name`, not on `username`
  expect(JSON.parse((await page('page=1&pageSize=10&name=zhang')).text).data).toEqual({ total: 0, records: [] });
});

test('the name filter is case-sensitive (utf8_bin) and finds Latin names', async () => {
  const tom = EMPLOYEES.filter((e) => e.name.includes('Tom'));
  expect(tom.length).toBe(1);
  expect((await page('page=1&pageSize=10&name=Tom')).text).toBe(pageJson(1, tom));
  expect(JSON.parse((await page('page=1&pageSize=10&name=tom')).text).data.total).toBe(0);
});

test('the same page over IPv6 and IPv4 is the same bytes', async () => {
  const over6 = await call(`${ipv6(admin)}/admin/employee/page?page=3&pageSize=30`, { token });
  const over4 = await page('page=3&pageSize=30');
  expect(over6.text).toBe(over4.text);
  expect(over6.text).toBe(pageJson(EMPLOYEES.length, EMPLOYEES.slice(60)));
});

test('JSON answers are streamed like Tomcat: chunked to HTTP/1.1 clients, no Content-Length', async () => {
  const r = await rawExchange(admin.port, `GET /admin/employee/page?page=1&pageSize=10 HTTP/1.1\r\nHost: localhost:8080\r\ntoken: ${token}\r\nConnection: close\r\n\r\n`);
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers['transfer-encoding']).toBe('chunked');
  expect(r.headers['content-length']).toBeUndefined();
  expect(r.body).toBe(pageJson(EMPLOYEES.length, EMPLOYEES.slice(0, 10)));
});

test('to an HTTP/1.0 client (nginx\'s default upstream protocol) the body ends when the connection closes', async () => {
  const r = await rawExchange(admin.port, `GET /admin/employee/page?page=1&pageSize=10 HTTP/1.0\r\nHost: localhost:8080\r\ntoken: ${token}\r\n\r\n`, '::1');
  expect(r.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(r.headers['content-length']).toBeUndefined();
  expect(r.headers['transfer-encoding']).toBeUndefined();
  expect(r.headers.connection).toBe('close');
  expect(r.body).toBe(pageJson(EMPLOYEES.length, EMPLOYEES.slice(0, 10)));
});

test('logout answers Result.success(): 33 bytes', async () => {
  const r = await call(`${ipv4(admin)}/admin/employee/logout`, { method: 'POST', token, json: {} });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.text).toBe('{"code":1,"msg":null,"data":null}');
  expect(Buffer.byteLength(r.text)).toBe(33);
});

test('getById: the employee with password ****; an unknown id is the service\'s NullPointerException, a 500', async () => {
  const r = await call(`${ipv4(admin)}/admin/employee/2`, { token });
  expect(r.text).toBe(JSON.stringify({ code: 1, msg: null, data: { ...EMPLOYEES[1], password: '****' } }));
  const missing = await call(`${ipv4(admin)}/admin/employee/${EMPLOYEES.length + 1}`, { token });
  expect(missing.status).toBe(500);
  expect(springError(missing.text)).toMatchObject({ status: 500, error: 'Internal Server Error', path: `/admin/employee/${EMPLOYEES.length + 1}` });
});

test('HEAD on the page gives the GET status and headers without a body', async () => {
  const r = await call(`${ipv4(admin)}/admin/employee/page?page=1&pageSize=10`, { method: 'HEAD', token });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.text).toBe('');
});
