// nginx 1.22.1's `combined` access log, as captured from it. One line per request, written after the
// response: $remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent
// "$http_referer" "$http_user_agent", `-` for a missing value, `"`, `\` and bytes outside
// printable ASCII as \xHH.
import { test, expect } from '../fixtures.js';
import { get, RawConnection } from '../support/raw-http.js';

test('6: the line\'s shape: [time_local] is %d/%b/%Y:%H:%M:%S %z, written after the response', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/x', p.port, ['User-Agent: curl/7.88.1']));
  expect(r.status).toBe(200);
  await expect.poll(() => p.accessLog()).toHaveLength(1);
  expect(p.accessLog()[0]).toMatch(/^127\.0\.0\.1 - - \[\d\d\/(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "GET \/x HTTP\/1\.1" 200 6 "-" "curl\/7\.88\.1"$/);
});

test('6: quotes in the user agent are \\x22, a backslash \\x5C; an IPv6 client is ::1', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  await p.send(`GET /api/v6client HTTP/1.1\r\nHost: [::1]:${p.port}\r\nReferer: http://ref.example/a?b=c\r\nUser-Agent: Mozilla/5.0 (X11) "quoted" back\\slash\r\n\r\n`, { host: '::1' });
  await expect.poll(() => p.access()).toEqual(['::1 - - [TIME] "GET /api/v6client HTTP/1.1" 502 157 "http://ref.example/a?b=c" "Mozilla/5.0 (X11) \\x22quoted\\x22 back\\x5Cslash"']);
});

test('6: bytes outside printable ASCII in the request line and headers are \\xHH', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  await p.send(`GET /caf\xc3\xa9 HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\nUser-Agent: t\xe9st\x7f\tz\r\n\r\n`);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /caf\\xC3\\xA9 HTTP/1.1" 404 153 "-" "t\\xE9st\\x7F\\x09z"']);
});

test('6: an empty User-Agent or Referer header is logged as empty, not as "-"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  await p.send(get('/x', p.port, ['User-Agent:', 'Referer: ']));
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 200 6 "" ""']);
});

test('6: keep-alive and pipelined requests on one connection: one line each, in order', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const c = await RawConnection.open(p.port);
  c.write(get('/x', p.port) + get('/nothing', p.port) + get('/x', p.port, [], 'HEAD'));
  const a = await c.next();
  const b = await c.next();
  const h = await c.next({ head: true });
  c.write(get('/', p.port, ['Connection: close']));
  const d = await c.next();
  expect([a.status, b.status, h.status, d.status]).toEqual([200, 404, 200, 200]);
  expect(await c.closedWithin(2000)).toBe(true);
  expect(d.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'close']);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 200 6 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /nothing HTTP/1.1" 404 153 "-" "-"',
    '127.0.0.1 - - [TIME] "HEAD /x HTTP/1.1" 200 0 "-" "-"',
    '127.0.0.1 - - [TIME] "GET / HTTP/1.1" 200 15 "-" "-"',
  ]);
  // All on connection *2.
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 open() "PREFIX/html/nothing" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /nothing HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('6: a client that goes away before the upstream answers is logged as 499', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  p.upstream.behaviour = { kind: 'delay', ms: 1000, then: { kind: 'echo' } };
  const r = await p.send(get('/api/slow', p.port, ['User-Agent: impatient']), { timeoutMs: 200 });
  expect(r.status).toBe(0);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/slow HTTP/1.1" 499 0 "-" "impatient"']);
  expect(p.requestLog()).toEqual([
    'TIME [info] PID: *2 epoll_wait() reported that client prematurely closed connection, so upstream connection is closed too while sending request to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/slow HTTP/1.1", upstream: "http://[::1]:U/admin/slow", host: "127.0.0.1:P"',
  ]);
});
