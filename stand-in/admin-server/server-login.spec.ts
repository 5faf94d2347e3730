// POST /admin/employee/login: the success body and token, the three business errors in the
// server's order (not found, then password, then locked), and MD5 password storage.
import { test, expect } from '@playwright/test';
import { jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import { EMPLOYEES } from './employees.js';
import type { AdminStandIn } from './server.js';
import { ADMIN_LOGIN, call, ipv4, startAdmin } from '../../tests/support/admin.js';

const NOT_FOUND = '{"code":0,"msg":"账号不存在","data":null}';
const PASSWORD_ERROR = '{"code":0,"msg":"密码错误","data":null}';
const LOCKED = '{"code":0,"msg":"账号被锁定","data":null}';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const part = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i], 'base64url').toString('utf8'));

let admin: AdminStandIn;
test.beforeAll(async () => {
  admin = await startAdmin({ mode: 'ipv4' });
});
test.afterAll(async () => {
  await admin.stop();
});

const login = (json: unknown) => call(`${ipv4(admin)}/admin/employee/login`, { json });

test('admin/123456 gets Result{id, userName, name, token} and a 2-hour HS256 token for empId 1', async () => {
  const before = Date.now();
  const r = await login(ADMIN_LOGIN);
  const after = Date.now();
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers['content-length']).toBeUndefined();
  expect(r.headers['transfer-encoding']).toBe('chunked');
  const token = /^\{"code":1,"msg":null,"data":\{"id":1,"userName":"admin","name":"管理员","token":"([\w-]+\.[\w-]+\.[\w-]+)"\}\}$/.exec(r.text)?.[1];
  expect(token, r.text).toBeDefined();
  expect(Buffer.from(token!.split('.')[0], 'base64url').toString()).toBe('{"alg":"HS256"}');
  const claims = part(token!, 1);
  expect(Object.keys(claims)).toEqual(['empId', 'exp']);
  expect(claims.empId).toBe(1);
  expect(claims.exp).toBeGreaterThanOrEqual(Math.floor((before + 7_200_000) / 1000));
  expect(claims.exp).toBeLessThanOrEqual(Math.floor((after + 7_200_000) / 1000));
  const { payload } = await jwtVerify(token!, new TextEncoder().encode('itcast'));
  expect(payload.empId).toBe(1);
});

test('the token and body are byte for byte what the real server sent (reference §1.2, 189 bytes)', async () => {
  const issuedAt = (1688825906 - 7200) * 1000;
  const server = await startAdmin({ mode: 'ipv4', now: () => issuedAt });
  try {
    const r = await call(`${ipv4(server)}/admin/employee/login`, { json: ADMIN_LOGIN });
    expect(r.text).toBe('{"code":1,"msg":null,"data":{"id":1,"userName":"admin","name":"管理员","token":"eyJhbGciOiJIUzI1NiJ9.eyJlbXBJZCI6MSwiZXhwIjoxNjg4ODI1OTA2fQ.GwcYc075VTLcee5SMXegHEKuy998qU94-JNsGPkrZr4"}}');
    expect(Buffer.byteLength(r.text)).toBe(189);
  } finally {
    await server.stop();
  }
});

test('ttlMs and secret options change the token lifetime and signing key', async () => {
  const server = await startAdmin({ mode: 'ipv4', ttlMs: 60_000, secret: 'other', now: () => 1_700_000_000_000 });
  try {
    const token = /"token":"([^"]+)"/.exec((await call(`${ipv4(server)}/admin/employee/login`, { json: ADMIN_LOGIN })).text)![1];
    expect(part(token, 1)).toEqual({ empId: 1, exp: 1_700_000_060 });
    await expect(jwtVerify(token, new TextEncoder().encode('other'), { currentDate: new Date(1_700_000_000_000) })).resolves.toBeTruthy();
    await expect(jwtVerify(token, new TextEncoder().encode('itcast'), { currentDate: new Date(1_700_000_000_000) })).rejects.toThrow();
  } finally {
    await server.stop();
  }
});

test('an unknown username: 账号不存在, with HTTP 200', async () => {
  const r = await login({ username: 'nobody', password: '123456' });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.text).toBe(NOT_FOUND);
});

test('not found is checked before the password: an unknown user without a password is 账号不存在', async () => {
  expect((await login({ username: 'nobody' })).text).toBe(NOT_FOUND);
});

test('a wrong password: 密码错误 (43 bytes, as in the real access log)', async () => {
  const r = await login({ username: 'admin', password: '654321' });
  expect(r.status).toBe(200);
  expect(r.text).toBe(PASSWORD_ERROR);
  expect(Buffer.byteLength(r.text)).toBe(43);
});

test('a disabled account: 账号被锁定 with the right password, 密码错误 with a wrong one (password first)', async () => {
  const disabled = EMPLOYEES.find((e) => e.status === 0)!;
  expect((await login({ username: disabled.username, password: '123456' })).text).toBe(LOCKED);
  expect((await login({ username: disabled.username, password: 'wrong!' })).text).toBe(PASSWORD_ERROR);
});

test('a second disabled account is locked too, and an enabled non-admin account logs in', async () => {
  const [, second] = EMPLOYEES.filter((e) => e.status === 0);
  expect((await login({ username: second.username, password: '123456' })).text).toBe(LOCKED);
  const enabled = EMPLOYEES.find((e) => e.id > 1 && e.status === 1)!;
  const r = await login({ username: enabled.username, password: '123456' });
  expect(r.text).toMatch(new RegExp(`^\\{"code":1,"msg":null,"data":\\{"id":${enabled.id},"userName":"${enabled.username}","name":"${enabled.name}","token":"`));
  expect(part(/"token":"([^"]+)"/.exec(r.text)![1], 1).empId).toBe(enabled.id);
});

test('passwords are stored as MD5 hex: the stored hash itself is not a password', async () => {
  expect(EMPLOYEES[0].password).toBe('e10adc3949ba59abbe56e057f20f883e');
  for (const e of EMPLOYEES) expect(e.password, e.username).toBe(md5('123456'));
  expect((await login({ username: 'admin', password: 'e10adc3949ba59abbe56e057f20f883e' })).text).toBe(PASSWORD_ERROR);
});

test('the username is matched as MySQL utf8_bin does: case and leading spaces count, trailing spaces do not', async () => {
  expect((await login({ username: 'ADMIN', password: '123456' })).text).toBe(NOT_FOUND);
  expect((await login({ username: ' admin', password: '123456' })).text).toBe(NOT_FOUND);
  expect((await login({ username: 'admin  ', password: '123456' })).text).toMatch(/^\{"code":1,/);
});

test('a password sent as a JSON number is taken as its text, as Jackson does', async () => {
  const r = await call(`${ipv4(admin)}/admin/employee/login`, { body: '{"username":"admin","password":123456}', headers: { 'content-type': 'application/json' } });
  expect(r.text).toMatch(/^\{"code":1,/);
  const asFloat = await call(`${ipv4(admin)}/admin/employee/login`, { body: '{"username":"admin","password":123456.0}', headers: { 'content-type': 'application/json' } });
  expect(asFloat.text).toBe(PASSWORD_ERROR); // Jackson keeps the literal "123456.0"
});
