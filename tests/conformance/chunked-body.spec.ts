// A chunked request body that does not parse: nginx logs `client sent invalid chunked body` at
// [error] wherever it meets it, whether it reads the body for the upstream or drops it (a static
// answer, a 405, a 404), and closes the connection after its answer.
import { test, expect } from '../fixtures.js';
import { get, RawConnection } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';

const BAD = 'zz\r\nhello\r\n0\r\n\r\n';
const invalid = (request: string) =>
  `TIME [error] PID: *2 client sent invalid chunked body, client: 127.0.0.1, server: localhost, request: "${request}", host: "127.0.0.1:P"`;
const missing = 'TIME [error] PID: *2 open() "PREFIX/html/missing" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /missing HTTP/1.1", host: "127.0.0.1:P"';

const CASES = [
  // Read for the upstream: the 400 instead.
  { method: 'POST', path: '/api/x', status: 400, page: PAGES[400], lines: [] as string[] },
  // Dropped before a static file is sent: the 400 instead of the file.
  { method: 'GET', path: '/x', status: 400, page: PAGES[400], lines: [] },
  // Dropped when the answer is one of nginx's pages: that page, and the connection closed.
  { method: 'POST', path: '/x', status: 405, page: PAGES[405], lines: [] },
  { method: 'GET', path: '/missing', status: 404, page: PAGES[404], lines: [missing] },
  // Dropped before `return` answers (ngx_http_send_response()): the 400 instead of its text.
  { method: 'GET', path: '/return', status: 400, page: PAGES[400], lines: [] },
];

for (const c of CASES) {
  test(`an invalid chunked body on ${c.method} ${c.path}: ${c.status}, [error], connection closed`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual', server: 'location = /return { return 200 "TEST\\n"; }' });
    const r = await p.send(get(c.path, p.port, ['Transfer-Encoding: chunked'], c.method) + BAD);
    expect(r.status).toBe(c.status);
    expect(r.body).toBe(c.page);
    expect(r.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'close']);
    expect(p.upstream.received).toEqual([]);
    await expect.poll(() => p.requestLog()).toEqual([...c.lines, invalid(`${c.method} ${c.path} HTTP/1.1`)]);
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "${c.method} ${c.path} HTTP/1.1" ${c.status} ${c.page.length} "-" "-"`]);
  });
}

test('an invalid chunk after the answer went out, while the body is dropped: [error], then the connection is closed', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const c = await RawConnection.open(p.port);
  c.write(get('/missing', p.port, ['Transfer-Encoding: chunked']) + '5\r\nhel');
  const r = await c.next();
  expect(r.status).toBe(404);
  expect(r.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'keep-alive']);
  c.write('lo\r\nzz\r\n');
  expect(await c.closedWithin(3000)).toBe(true);
  c.close();
  await expect.poll(() => p.requestLog()).toEqual([missing, invalid('GET /missing HTTP/1.1')]);
});
