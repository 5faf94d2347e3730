// JwtTokenAdminInterceptor: every /admin/** handler but login wants the raw JWT in header `token`;
// anything else is a 401 with an empty body.
import { test, expect } from '@playwright/test';
import { SignJWT } from 'jose';
import type { AdminStandIn } from './server.js';
import { ADMIN_LOGIN, adminToken, call, ipv4, rawExchange, startAdmin, type Reply } from '../../tests/support/admin.js';

const REFERENCE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJlbXBJZCI6MSwiZXhwIjoxNjg4ODI1OTA2fQ.GwcYc075VTLcee5SMXegHEKuy998qU94-JNsGPkrZr4';
const REFERENCE_EXP_MS = 1688825906 * 1000;
const key = (secret: string) => new TextEncoder().encode(secret);
const sign = (claims: Record<string, unknown>, alg = 'HS256', secret = 'itcast') =>
  new SignJWT(claims).setProtectedHeader({ alg }).setExpirationTime('2h').sign(key(secret));

let admin: AdminStandIn;
let token: string;
test.beforeAll(async () => {
  admin = await startAdmin({ mode: 'ipv4' });
  token = await adminToken(ipv4(admin));
});
test.afterAll(async () => {
  await admin.stop();
});

const pageWith = (headers: Record<string, string>) => call(`${ipv4(admin)}/admin/employee/page?page=1&pageSize=10`, { headers });

function expectUnauthorized(r: Reply): void {
  expect(r.status).toBe(401);
  expect(r.headers['content-length']).toBe('0');
  expect(r.headers['content-type']).toBeUndefined();
  expect(r.text).toBe('');
}

test('without a token: page and logout are 401 with an empty body (Content-Length: 0)', async () => {
  expectUnauthorized(await pageWith({}));
  expectUnauthorized(await call(`${ipv4(admin)}/admin/employee/logout`, { method: 'POST', json: {} }));
  expect((await pageWith({ token })).status).toBe(200);
});

test('login itself needs no token', async () => {
  const r = await call(`${ipv4(admin)}/admin/employee/login`, { json: ADMIN_LOGIN });
  expect(r.text).toMatch(/^\{"code":1,/);
});

test('a token signed with another secret is 401', async () => {
  expectUnauthorized(await pageWith({ token: await sign({ empId: 1 }, 'HS256', 'not-itcast') }));
});

test('a tampered token (payload changed, signature kept) is 401', async () => {
  const [header, , signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ empId: 2, exp: 4102444800 })).toString('base64url');
  expectUnauthorized(await pageWith({ token: `${header}.${forged}.${signature}` }));
});

test('malformed tokens are 401: not a JWT, two parts, empty, and an unsigned alg:none token', async () => {
  const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"empId":1}').toString('base64url')}.`;
  for (const bad of ['abc', 'a.b.c', token.split('.').slice(0, 2).join('.'), '', none]) {
    expectUnauthorized(await pageWith({ token: bad }));
  }
});

test('the token goes in header `token` as is: `Bearer <jwt>` or an Authorization header is 401', async () => {
  expectUnauthorized(await pageWith({ token: `Bearer ${token}` }));
  expectUnauthorized(await pageWith({ authorization: `Bearer ${token}` }));
});

test('a signed token without a usable empId is 401; empId as a decimal string is accepted (Long.valueOf)', async () => {
  expectUnauthorized(await pageWith({ token: await sign({ sub: 'admin' }) }));
  expectUnauthorized(await pageWith({ token: await sign({ empId: 'one' }) }));
  expectUnauthorized(await pageWith({ token: await sign({ empId: 1.5 }) }));
  expect((await pageWith({ token: await sign({ empId: '1' }) })).status).toBe(200);
});

test('jjwt 0.9.1 checks with the algorithm the header names: an HS512 token with the same secret passes', async () => {
  expect((await pageWith({ token: await sign({ empId: 1 }, 'HS512') })).status).toBe(200);
});

test('only the first `token` header counts, as in Tomcat', async () => {
  const first = await rawExchange(admin.port, `GET /admin/employee/page?page=1&pageSize=1 HTTP/1.1\r\nHost: x\r\ntoken: ${token}\r\ntoken: junk\r\nConnection: close\r\n\r\n`);
  expect(first.status).toBe(200);
  const second = await rawExchange(admin.port, `GET /admin/employee/page?page=1&pageSize=1 HTTP/1.1\r\nHost: x\r\ntoken: junk\r\ntoken: ${token}\r\nConnection: close\r\n\r\n`);
  expect(second.status).toBe(401);
});

test('expiry follows the server clock: valid until exp, 401 after (the `now` option, no waiting)', async () => {
  let clock = Date.UTC(2024, 0, 1);
  const server = await startAdmin({ mode: 'ipv4', now: () => clock });
  try {
    const issued = await adminToken(ipv4(server));
    const page = () => call(`${ipv4(server)}/admin/employee/page?page=1&pageSize=1`, { token: issued });
    clock += 7_200_000 - 1000;
    expect((await page()).status).toBe(200);
    clock += 1000; // exactly exp: jjwt still accepts (expired means now > exp)
    expect((await page()).status).toBe(200);
    clock += 1;
    expectUnauthorized(await page());
  } finally {
    await server.stop();
  }
});

test('the reference token from the real server is accepted before its exp and refused after it', async () => {
  let clock = REFERENCE_EXP_MS - 60_000;
  const server = await startAdmin({ mode: 'ipv4', now: () => clock });
  try {
    const page = () => call(`${ipv4(server)}/admin/employee/page?page=1&pageSize=1`, { token: REFERENCE_TOKEN });
    expect((await page()).status).toBe(200);
    clock = REFERENCE_EXP_MS + 1000;
    expectUnauthorized(await page());
  } finally {
    await server.stop();
  }
  // and with the real clock, long after 2023-07-08
  expectUnauthorized(await pageWith({ token: REFERENCE_TOKEN }));
});
