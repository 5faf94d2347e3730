// One test per row of docs/admin-stand-in.md's "Answers to bad input" table (row ids in the titles): what the stand-in
// answers to requests the front end never sends, each as the real Spring Boot 2.7 app answers.
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { EMPLOYEES, type Employee } from './employees.js';
import type { AdminStandIn } from './server.js';
import { ADMIN_LOGIN, adminToken, call, ipv4, rawExchange, springError, startAdmin, type Reply } from '../../tests/support/admin.js';

const TOTAL = EMPLOYEES.length;
const NOT_FOUND = '{"code":0,"msg":"账号不存在","data":null}';
const PASSWORD_ERROR = '{"code":0,"msg":"密码错误","data":null}';
const JSON_TYPE = { 'content-type': 'application/json' };

let admin: AdminStandIn;
let token: string;
test.beforeAll(async () => {
  admin = await startAdmin({ mode: 'ipv4', now: () => 1_688_785_679_123 });
  token = await adminToken(ipv4(admin));
});
test.afterAll(async () => {
  await admin.stop();
});

const url = (path: string) => `${ipv4(admin)}${path}`;
const login = (body: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
  call(url('/admin/employee/login'), { method: 'POST', body, headers });
const page = (query: string) => call(url(`/admin/employee/page?${query}`), { token });
const pageData = async (query: string) => JSON.parse((await page(query)).text).data as { total: number; records: Employee[] };
/** A raw HTTP/1.1 request line and headers, for targets undici would rewrite. */
const raw = (target: string, headers = '') => rawExchange(admin.port, `GET ${target} HTTP/1.1\r\nHost: localhost:8080\r\n${headers}Connection: close\r\n\r\n`);

function expectSpringError(r: Reply, status: number, error: string, path: string): void {
  expect(r.status, r.text).toBe(status);
  expect(r.headers['content-type']).toBe('application/json');
  expect(springError(r.text)).toEqual({ timestamp: 1_688_785_679_123, status, error, path });
}

const loggedIn = (r: Reply) => expect(r.text).toMatch(/^\{"code":1,"msg":null,"data":\{"id":1,"userName":"admin"/);

test.describe('login body', () => {
  test('L1 JSON that does not parse: 400', async () => {
    expectSpringError(await login('{"username":'), 400, 'Bad Request', '/admin/employee/login');
    expectSpringError(await login("{'username':'admin'}"), 400, 'Bad Request', '/admin/employee/login');
  });

  test('L2 an empty body with a JSON Content-Type: 400', async () => {
    expectSpringError(await login(''), 400, 'Bad Request', '/admin/employee/login');
  });

  test('L3 no Content-Type: 400 without a body, 415 with one', async () => {
    const empty = await rawExchange(admin.port, 'POST /admin/employee/login HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expect(empty.status).toBe(400);
    const body = JSON.stringify(ADMIN_LOGIN);
    const typed = await rawExchange(admin.port, `POST /admin/employee/login HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    expect(typed.status).toBe(415);
    expect(springError(typed.body)).toMatchObject({ status: 415, error: 'Unsupported Media Type' });
  });

  test('L4 a Content-Type Jackson does not read: 415', async () => {
    const body = JSON.stringify(ADMIN_LOGIN);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'json', 'application/json; charset=no-such-charset']) {
      expectSpringError(await login(body, { 'content-type': type }), 415, 'Unsupported Media Type', '/admin/employee/login');
    }
  });

  test('L5 JSON-compatible Content-Types are read as JSON', async () => {
    const body = JSON.stringify(ADMIN_LOGIN);
    for (const type of ['application/json;charset=UTF-8', 'APPLICATION/JSON', 'application/merge-patch+json', '*/*']) {
      loggedIn(await login(body, { 'content-type': type }));
    }
  });

  test('L6 JSON that is not an object, or only white space: 400', async () => {
    for (const body of ['null', '[]', '"admin"', '1', '   ']) {
      expectSpringError(await login(body), 400, 'Bad Request', '/admin/employee/login');
    }
  });

  test('L7 {} binds username null: no such row, 账号不存在 with HTTP 200', async () => {
    const r = await login('{}');
    expect(r.status).toBe(200);
    expect(r.text).toBe(NOT_FOUND);
  });

  test('L8 an existing username without a password: the NullPointerException is a 500', async () => {
    expectSpringError(await login('{"username":"admin"}'), 500, 'Internal Server Error', '/admin/employee/login');
    expectSpringError(await login('{"username":"admin","password":null}'), 500, 'Internal Server Error', '/admin/employee/login');
  });

  test('L9 an unknown username without a password: 账号不存在 (the lookup comes first)', async () => {
    expect((await login('{"username":"nobody"}')).text).toBe(NOT_FOUND);
  });

  test('L10 an object or array where a String goes: 400', async () => {
    for (const body of ['{"username":{"name":"admin"},"password":"123456"}', '{"username":"admin","password":["123456"]}']) {
      expectSpringError(await login(body), 400, 'Bad Request', '/admin/employee/login');
    }
  });

  test('L11 a number or boolean where a String goes is taken as its literal text', async () => {
    loggedIn(await login('{"username":"admin","password":123456}'));
    expect((await login('{"username":"admin","password":1.23456e5}')).text).toBe(PASSWORD_ERROR);
    expect((await login('{"username":true,"password":"123456"}')).text).toBe(NOT_FOUND);
  });

  test('L12 unknown properties are skipped, but must still be JSON', async () => {
    loggedIn(await login('{"captcha":{"id":[1,2,{"x":null}]},"username":"admin","remember":true,"password":"123456"}'));
    expectSpringError(await login('{"captcha":[1,,2],"username":"admin","password":"123456"}'), 400, 'Bad Request', '/admin/employee/login');
  });

  test('L13 what follows the closing brace is never read', async () => {
    loggedIn(await login('{"username":"admin","password":"123456"} and then {{ some junk'));
  });

  test('L14 bytes that are not UTF-8 in a UTF-8 body: 400; a declared charset is honoured', async () => {
    const bad = Buffer.concat([Buffer.from('{"username":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","password":"123456"}')]);
    expectSpringError(await login(bad), 400, 'Bad Request', '/admin/employee/login');
    const gbk = Buffer.concat([Buffer.from('{"username":"'), Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]), Buffer.from('","password":"123456"}')]); // 张三 in GBK
    expect((await login(gbk, { 'content-type': 'application/json;charset=GBK' })).text).toBe(NOT_FOUND); // decoded, a display name is no username
  });

  test('L15 a body over 2 MiB: 413 and the connection closed, the server unharmed', async () => {
    const declared = await rawExchange(admin.port, `POST /admin/employee/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n{"username":"`);
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(springError(declared.body)).toMatchObject({ status: 413, error: 'Payload Too Large' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const parts: (string | Buffer)[] = ['POST /admin/employee/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'];
    for (let i = 0; i < 40; i++) parts.push(`${chunk.length.toString(16)}\r\n`, chunk, '\r\n');
    const streamed = await rawExchange(admin.port, parts);
    expect(streamed.status).toBe(413);
    loggedIn(await call(url('/admin/employee/login'), { json: ADMIN_LOGIN }));
  });

  test('L16 GET on the login path: 400, not 405 (GET /admin/employee/{id} takes it, and "login" is no Long)', async () => {
    expectSpringError(await call(url('/admin/employee/login')), 400, 'Bad Request', '/admin/employee/login');
  });

  test('L17 PUT, DELETE or PATCH on the login path: 405 with Allow', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const r = await call(url('/admin/employee/login'), { method, json: ADMIN_LOGIN });
      expectSpringError(r, 405, 'Method Not Allowed', '/admin/employee/login');
      expect(String(r.headers.allow).split(', ').sort()).toEqual(['GET', 'POST']);
    }
  });

  test('L18 OPTIONS on the login path: 200, empty, Allow lists the methods', async () => {
    const r = await call(url('/admin/employee/login'), { method: 'OPTIONS' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(String(r.headers.allow).split(',').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });

  test('L19 a trailing slash still reaches login, but the exclusion is exact: 401 without a token', async () => {
    const r = await call(url('/admin/employee/login/'), { json: ADMIN_LOGIN });
    expect(r.status).toBe(401);
    expect(r.text).toBe('');
    loggedIn(await call(url('/admin/employee/login/'), { json: ADMIN_LOGIN, token }));
  });
});

test.describe('paths and the token check', () => {
  test('A1 any other /admin handler without a valid token: 401, empty body', async () => {
    for (const [method, path] of [['GET', '/admin/employee/page?page=1&pageSize=1'], ['POST', '/admin/employee/logout'], ['GET', '/admin/employee/1'], ['OPTIONS', '/admin/employee/page']]) {
      const r = await call(url(path), { method, headers: { token: 'x.y.z' } });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.headers['content-length']).toBe('0');
    }
  });

  test('A2 an unknown path under /admin: 404 with or without a token (no handler, so no interceptor)', async () => {
    for (const path of ['/admin/foo', '/admin/employee/1/extra', '/admin']) {
      expectSpringError(await call(url(path)), 404, 'Not Found', path);
      expectSpringError(await call(url(path), { token }), 404, 'Not Found', path);
    }
  });

  test('A3 /admin/employee/{id} with an id that is no Long: 401 without a token, 400 with one', async () => {
    for (const id of ['abc', 'logout', '9223372036854775808']) {
      expect((await call(url(`/admin/employee/${id}`))).status).toBe(401);
      expectSpringError(await call(url(`/admin/employee/${id}`), { token }), 400, 'Bad Request', `/admin/employee/${id}`);
    }
  });

  test('A4 /admin/employee/{id}: an unknown id is a 500; Spring reads 0x2 and " 2" as 2', async () => {
    expectSpringError(await call(url('/admin/employee/0'), { token }), 500, 'Internal Server Error', '/admin/employee/0');
    for (const id of ['0x2', '%202']) {
      expect(JSON.parse((await call(url(`/admin/employee/${id}`), { token })).text).data.username).toBe(EMPLOYEES[1].username);
    }
  });

  test('A5 outside /admin: 404 as JSON, and the Whitelabel Error Page for a browser', async () => {
    for (const path of ['/', '/doc.html', '/api/employee/page']) expectSpringError(await call(url(path)), 404, 'Not Found', path);
    const browser = await call(url('/doc.html'), { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    expect(browser.status).toBe(404);
    expect(browser.headers['content-type']).toBe('text/html;charset=UTF-8');
    expect(browser.text).toContain('<h1>Whitelabel Error Page</h1>');
    expect(browser.text).toContain('There was an unexpected error (type=Not Found, status=404).');
    expect(browser.text).toContain("<div id='created'>Sat Jul 08 03:07:59 UTC 2023</div>");
    const axios = await call(url('/doc.html'), { headers: { accept: 'application/json, text/plain, */*' } });
    expect(axios.headers['content-type']).toBe('application/json');
  });

  test('A6 the employee writes: 401 without a token; with one, what the real service does with an empty DTO', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/admin/employee', '{"code":0,"msg":"未知错误","data":null}'], // name NOT NULL
      ['PUT', '/admin/employee', '{"code":1,"msg":null,"data":null}'], // where id = null: no row
      ['POST', '/admin/employee/status/0?id=999999', '{"code":1,"msg":null,"data":null}'],
    ];
    for (const [method, path, answer] of cases) {
      expect((await call(url(path), { method, json: {} })).status).toBe(401);
      const r = await call(url(path), { method, json: {}, token });
      expect(r.status).toBe(200);
      expect(r.text).toBe(answer);
    }
  });

  test('A6b the real app\'s other admin controllers: 401 without a token, served with one', async () => {
    for (const path of ['/admin/category/page?page=1&pageSize=1', '/admin/dish/page?page=1&pageSize=1', '/admin/shop/status', '/admin/workspace/businessData', '/admin/order/statistics']) {
      const denied = await call(url(path));
      expect(denied.status, path).toBe(401);
      expect(denied.text).toBe('');
      const served = await call(url(path), { token });
      expect(served.status, path).toBe(200);
      expect(JSON.parse(served.text).code, path).toBe(1);
    }
  });

  test('A7 a mapped path with the wrong method: 405 with Allow, with or without a token', async () => {
    for (const t of [undefined, token]) {
      const r = await call(url('/admin/employee/page'), { method: 'POST', json: {}, token: t });
      expectSpringError(r, 405, 'Method Not Allowed', '/admin/employee/page');
      expect(r.headers.allow).toBe('GET');
      const logout = await call(url('/admin/employee/logout'), { method: 'DELETE', token: t });
      expect(logout.status).toBe(405);
      expect(String(logout.headers.allow).split(', ').sort()).toEqual(['GET', 'POST']);
    }
  });
});

test.describe('page parameters', () => {
  test('P1 page and pageSize missing: both int 0, so only the count runs', async () => {
    expect(await pageData('')).toEqual({ total: TOTAL, records: [] });
    expect(await pageData('pageSize=10')).toEqual({ total: TOTAL, records: [] });
  });

  test('P2 page 0 or negative: no rows, the real total (PageHelper 5.2.0 pages only when pageNum > 0)', async () => {
    for (const n of ['0', '-1', '-2147483648']) expect(await pageData(`page=${n}&pageSize=10`)).toEqual({ total: TOTAL, records: [] });
  });

  test('P3 pageSize 0: no rows, the real total', async () => {
    expect(await pageData('page=1&pageSize=0')).toEqual({ total: TOTAL, records: [] });
  });

  test('P4 negative pageSize: no rows, the real total (no LIMIT is ever sent)', async () => {
    expect(await pageData('page=1&pageSize=-10')).toEqual({ total: TOTAL, records: [] });
    expect(await pageData('page=3&pageSize=-10')).toEqual({ total: TOTAL, records: [] });
  });

  test('P5 a value that is no number: 400 (BindException)', async () => {
    for (const q of ['page=abc&pageSize=10', 'page=1&pageSize=1.5', 'page=&pageSize=10', 'page&pageSize=10', 'page=1&pageSize=%EF%BC%91%EF%BC%90', 'page=1&pageSize=%2B0x10']) {
      expectSpringError(await page(q), 400, 'Bad Request', '/admin/employee/page');
    }
  });

  test('P6 a number beyond Java int: 400', async () => {
    for (const q of ['page=2147483648&pageSize=10', 'page=1&pageSize=-2147483649', 'page=1&pageSize=99999999999999999999']) {
      expectSpringError(await page(q), 400, 'Bad Request', '/admin/employee/page');
    }
  });

  test('P7 Spring reads white space anywhere, a plus sign, 0x and # hex', async () => {
    const second10 = { total: TOTAL, records: EMPLOYEES.slice(10, 20) };
    for (const q of ['page=%202%20&pageSize=1%200', 'page=%2B2&pageSize=10', 'page=2&pageSize=0xA', 'page=2&pageSize=%23a', 'page=2&pageSize=+10']) {
      expect(await pageData(q), q).toEqual(second10);
    }
  });

  test('P8 a parameter given twice: the first value', async () => {
    expect(await pageData('page=2&page=5&pageSize=10&pageSize=40')).toEqual({ total: TOTAL, records: EMPLOYEES.slice(10, 20) });
  });

  test('P9 a page past the end, startRow still in int range: no rows, the real total', async () => {
    expect(await pageData('page=1000000&pageSize=10')).toEqual({ total: TOTAL, records: [] });
    expect(await pageData(`page=${Math.ceil(TOTAL / 40) + 1}&pageSize=40`)).toEqual({ total: TOTAL, records: [] });
  });

  test('P10 (page-1)*pageSize past int wraps: negative is a MySQL error (500), a small positive is a real page', async () => {
    expectSpringError(await page('page=2147483647&pageSize=10'), 500, 'Internal Server Error', '/admin/employee/page'); // LIMIT -20, 10
    expect(await pageData('page=429496731&pageSize=10')).toEqual({ total: TOTAL, records: EMPLOYEES.slice(4, 14) }); // startRow wraps to 4
  });

  test('P11 a huge pageSize: everything on page 1, nothing after', async () => {
    expect(await pageData('page=1&pageSize=2147483647')).toEqual({ total: TOTAL, records: EMPLOYEES });
    expect(await pageData('page=1&pageSize=1000')).toEqual({ total: TOTAL, records: EMPLOYEES });
    expect(await pageData('page=2&pageSize=2147483647')).toEqual({ total: TOTAL, records: [] });
  });

  test('P12 name: empty means no filter; % and _ are LIKE wildcards; a backslash escapes them', async () => {
    expect(await pageData('page=1&pageSize=100&name=')).toEqual({ total: TOTAL, records: EMPLOYEES });
    expect(await pageData('page=1&pageSize=100&name=%25')).toEqual({ total: TOTAL, records: EMPLOYEES });
    expect(await pageData('page=1&pageSize=100&name=_')).toEqual({ total: TOTAL, records: EMPLOYEES });
    const twoChars = EMPLOYEES.filter((e) => [...e.name].length === 2 && e.name.startsWith('张'));
    expect(await pageData('page=1&pageSize=100&name=%E5%BC%A0_')).toEqual({ total: EMPLOYEES.filter((e) => /张./u.test(e.name)).length, records: EMPLOYEES.filter((e) => /张./u.test(e.name)) });
    expect(twoChars.length).toBeGreaterThan(0);
    expect(await pageData('page=1&pageSize=100&name=%5C%25')).toEqual({ total: 0, records: [] }); // a literal %
  });

  test('P13 a broken %-escape in the query: Tomcat drops that one parameter', async () => {
    expect(await pageData('page=1&pageSize=10&name=%E5%ZZ')).toEqual({ total: TOTAL, records: EMPLOYEES.slice(0, 10) });
    expect(await pageData('page=%zz&pageSize=10')).toEqual({ total: TOTAL, records: [] });
  });

  test('P14 bytes that are not UTF-8 in the query: U+FFFD, which no name contains', async () => {
    expect(await pageData('page=1&pageSize=10&name=%FF')).toEqual({ total: 0, records: [] });
    expect(await pageData('page=1&pageSize=10&name=%E5%BC')).toEqual({ total: 0, records: [] });
  });

  test('P15 name given twice: joined with a comma by Spring, so nothing matches', async () => {
    expect(await pageData('page=1&pageSize=10&name=%E5%BC%A0&name=%E6%9D%8E')).toEqual({ total: 0, records: [] });
  });

  test('P16 unknown parameters are ignored; names are case-sensitive', async () => {
    expect(await pageData('page=1&pageSize=10&sort=name&x')).toEqual({ total: TOTAL, records: EMPLOYEES.slice(0, 10) });
    expect(await pageData('Page=1&pagesize=10')).toEqual({ total: TOTAL, records: [] });
  });
});

test.describe('request targets', () => {
  test('U1 targets Tomcat rejects: 400 with its HTML page, connection closed', async () => {
    for (const target of ['/admin/%zz', '/admin/employee%2Fpage', '/admin/employee%5Cpage', '/admin\\employee/page', '/admin/%00', '/../admin/employee/page', '/admin/employee/../../../x']) {
      const r = await raw(target, `token: ${token}\r\n`);
      expect(r.status, target).toBe(400);
      expect(r.headers['content-type']).toBe('text/html;charset=utf-8');
      expect(r.body).toContain('<h1>HTTP Status 400 – Bad Request</h1>');
      expect(r.headers.connection).toBe('close');
    }
  });

  test('U2 path parameters, //, /./ and /x/../ are normalised away first', async () => {
    for (const target of ['/admin/employee/page;jsessionid=ABC?page=2&pageSize=10', '//admin//employee/page?page=2&pageSize=10', '/admin/./employee/page?page=2&pageSize=10', '/admin/x/../employee/%70age?page=2&pageSize=10']) {
      const r = await raw(target, `token: ${token}\r\n`);
      expect(r.status, target).toBe(200);
      expect(JSON.parse(r.body).data.records).toEqual(EMPLOYEES.slice(10, 20));
    }
  });

  test('U3 bytes that are not UTF-8 in the path decode to U+FFFD: an unknown path, 404', async () => {
    const r = await raw('/admin/%FF');
    expect(r.status).toBe(404);
    expect(springError(r.body)).toMatchObject({ status: 404, path: '/admin/%FF' });
  });

  test('U4 an absolute-form target is taken by its path', async () => {
    const r = await raw('http://localhost:8080/admin/employee/page?page=1&pageSize=1', `token: ${token}\r\n`);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).data.records).toEqual(EMPLOYEES.slice(0, 1));
  });
});

test.describe('protocol', () => {
  test('H1 a request Node cannot parse, or a method it does not know: 400 and close; the server carries on', async () => {
    for (const garbage of ['HELLO\r\n\r\n', 'GET admin/employee/page HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /admin/employee/page HTTP/1.1\r\nbad header line\r\n\r\n', 'BREW /admin/employee/page HTTP/1.1\r\nHost: x\r\n\r\n']) {
      const r = await rawExchange(admin.port, garbage);
      expect(r.status, JSON.stringify(garbage)).toBe(400);
    }
    expect((await page('page=1&pageSize=1')).status).toBe(200);
  });

  test('H2 request headers past 16 KiB: 431', async () => {
    const r = await raw('/admin/employee/page?page=1&pageSize=1', `x-big: ${'a'.repeat(20 * 1024)}\r\n`);
    expect(r.status).toBe(431);
  });

  test('H3 an HTTP/1.0 request gets the same answer, its end marked by the close', async () => {
    const r = await rawExchange(admin.port, `POST /admin/employee/login HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.body).toBe(NOT_FOUND);
  });

  test('H4 a body where none is read is drained, and the connection serves the next request', async () => {
    const body = '{"ignored":true}';
    const r = await rawExchange(admin.port, [
      `POST /admin/employee/logout HTTP/1.1\r\nHost: x\r\ntoken: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      `GET /admin/employee/page?page=1&pageSize=1 HTTP/1.1\r\nHost: x\r\ntoken: ${token}\r\nConnection: close\r\n\r\n`,
    ]);
    expect(r.raw.match(/HTTP\/1\.1 200 OK/g)?.length).toBe(2);
    expect(r.raw).toContain('{"code":1,"msg":null,"data":null}');
    expect(r.raw).toContain('"records":[{"id":1,');
  });
});

test('an answer given without reading the body (the interceptor\'s 401 to an upload) waits for the body, as Tomcat swallows it: a client still sending gets the answer, not a reset', async () => {
  const server = await startAdmin();
  try {
    const socket = net.connect({ host: '127.0.0.1', port: server.port });
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    let failed: string | undefined;
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (failed = e.code));
    const closed = new Promise((r) => socket.once('close', r));
    // nginx's upstream request: HTTP/1.0, the connection closed after the answer, the body sent after the head.
    socket.write('POST /admin/common/upload HTTP/1.0\r\nHost: localhost:8080\r\nContent-Type: application/octet-stream\r\nContent-Length: 200000\r\n\r\n');
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((r) => socket.write(Buffer.alloc(10_000, 0x61), () => r()));
      // The server answers as soon as it has the head: each piece goes on while it could have closed.
      if (i === 0) await expect.poll(() => server.journal.length).toBeGreaterThan(0);
    }
    await closed;
    expect(failed).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  } finally {
    await server.stop();
  }
});
