// Behaviours of nginx 1.22.1 checked on it after the first captures: corrections and additions.
import { test, expect } from '../fixtures.js';
import { localhostPeers } from '../support/proxy-under-test.js';
import { get, RawConnection } from '../support/raw-http.js';
import { PAGES, names } from '../support/pages.js';

test('8: no Keep-Alive response header on a kept-alive connection, and nginx\'s own header order', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const c = await RawConnection.open(p.port);
  c.write(get('/x', p.port));
  const a = await c.next();
  c.write(get('/api/k', p.port));
  const b = await c.next();
  c.close();
  expect(names(a.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  expect(names(b.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection', 'X-Up']);
  expect(b.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'keep-alive']);
});

test('8: HTTP/0.9: a bare "GET /x" gets the file\'s body with no status line and no headers', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send('GET /x\r\n', { untilClose: true });
  expect(r.raw).toBe('hello\n');
  expect(r.closed).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x" 200 6 "-" "-"']);
});

test('8: HTTP/0.9 for a missing file: the 404 page alone', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send('GET /nothing\r\n', { untilClose: true });
  expect(r.raw).toBe(PAGES[404]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 open() "PREFIX/html/nothing" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /nothing"',
  ]);
});

test('8: explicit upstream localhost: the same error lines as the implicit one', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', http: localhostPeers(), proxyPass: 'http://localhost/admin/' });
  await p.send(get('/api/users?x=1', p.port));
  await p.send(get('/api/users', p.port));
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/users?x=1 HTTP/1.1", upstream: "http://[::1]:U/admin/users?x=1", host: "127.0.0.1:P"',
    'TIME [error] PID: *2 connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/users?x=1 HTTP/1.1", upstream: "http://127.0.0.1:U/admin/users?x=1", host: "127.0.0.1:P"',
    'TIME [error] PID: *5 no live upstreams while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/users HTTP/1.1", upstream: "http://localhost/admin/users", host: "127.0.0.1:P"',
  ]);
});

test('8: explicit upstream localhost: Host: localhost upstream, and proxy_redirect default matches http://localhost/admin/', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: localhostPeers(), proxyPass: 'http://localhost/admin/' });
  p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 302 Found\r\nLocation: http://localhost/admin/a\r\nX-Also: http://localhost:${p.upstream.port}/admin/b\r\nContent-Length: 0\r\n\r\n` };
  const r1 = await p.send(get('/api/r', p.port));
  p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 302 Found\r\nLocation: http://localhost:${p.upstream.port}/admin/b\r\nContent-Length: 0\r\n\r\n` };
  const r2 = await p.send(get('/api/r', p.port));
  expect(p.upstream.received.map((x) => x.raw)).toEqual([
    'GET /admin/r HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    'GET /admin/r HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  ]);
  expect(r1.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/api/a`]);
  expect(r2.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://localhost:${p.upstream.port}/admin/b`]);
});

test('8: the implicit upstream: proxy_redirect default matches http://localhost:U/admin/ only', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 302 Found\r\nLocation: http://localhost/admin/a\r\nContent-Length: 0\r\n\r\n' };
  const r = await p.send(get('/api/r', p.port));
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', 'http://localhost/admin/a']);
});

test('8: a 400 at the request line is logged with user agent "-" even when one was sent', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/../x', p.port, ['User-Agent: curl/7.88.1', 'Referer: http://r.example/']));
  expect(r.status).toBe(400);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /../x HTTP/1.1" 400 157 "-" "-"']);
  expect(p.errorLog()).toEqual([]);
});
