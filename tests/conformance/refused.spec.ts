// Nothing listens on the upstream port. The implicit upstream
// of `proxy_pass http://localhost:U/admin/` has two peers, [::1] then 127.0.0.1, each with
// max_fails=1 fail_timeout=10s, and nginx's smooth weighted round robin picks between them.
import { test, expect } from '../fixtures.js';
import { localhostPeers } from '../support/proxy-under-test.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, names, withoutDate, pageHeaders } from '../support/pages.js';
import { wholeSecondsLater } from '../support/clock.js';

const refused = (conn: number, request: string, upstream: string, host = '127.0.0.1:P') =>
  `TIME [error] PID: *${conn} connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "${upstream}", host: "${host}"`;
const noLive = (conn: number, request: string, upstream: string, host = '127.0.0.1:P') =>
  `TIME [error] PID: *${conn} no live upstreams while connecting to upstream, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "${upstream}", host: "${host}"`;

test('2a: a refused request logs [::1] then 127.0.0.1 and answers nginx\'s 502 page', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const r = await p.send(get('/api/users?x=1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(names(r.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection']);
  expect(withoutDate(r.headers)).toEqual(pageHeaders(157));
  expect(r.body).toBe(PAGES[502]);
  expect(r.closed).toBe(false);
  expect(p.errorLog().map((l) => p.normalise(l))).toEqual([
    refused(2, 'GET /api/users?x=1 HTTP/1.1', 'http://[::1]:U/admin/users?x=1'),
    refused(2, 'GET /api/users?x=1 HTTP/1.1', 'http://127.0.0.1:U/admin/users?x=1'),
  ]);
  // Both lines of a pair are written in the same second on Linux (2c).
  const [a, b] = p.errorLog();
  expect(a.slice(0, 19)).toBe(b.slice(0, 19));
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/users?x=1 HTTP/1.1" 502 157 "-" "-"']);
});

test('2b: while both peers are inside fail_timeout each request logs one "no live upstreams" and gets the same 502', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  await p.send(get('/api/r1', p.port));
  const r2 = await p.send(get('/api/r2', p.port));
  const r3 = await p.send(get('/api/r3', p.port, ['Referer: http://example.com/page']));
  for (const r of [r2, r3]) {
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(157));
    expect(r.body).toBe(PAGES[502]);
  }
  // Every upstream connect attempt takes a connection number: r1 is *2 (*3, *4 upstream), r2 *5, r3 *6.
  expect(p.requestLog()).toEqual([
    refused(2, 'GET /api/r1 HTTP/1.1', 'http://[::1]:U/admin/r1'),
    refused(2, 'GET /api/r1 HTTP/1.1', 'http://127.0.0.1:U/admin/r1'),
    noLive(5, 'GET /api/r2 HTTP/1.1', 'http://localhost/admin/r2'),
    noLive(6, 'GET /api/r3 HTTP/1.1', 'http://localhost/admin/r3') + ', referrer: "http://example.com/page"',
  ]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /api/r1 HTTP/1.1" 502 157 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/r2 HTTP/1.1" 502 157 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/r3 HTTP/1.1" 502 157 "http://example.com/page" "-"',
  ]);
});

test('2b: a POST refused on connect is retried on the other peer (nothing was sent yet)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const r = await p.send(post('/api/upload', p.port, '{"a":1}', ['Content-Type: application/json']));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(r.body).toBe(PAGES[502]);
  expect(p.requestLog()).toEqual([
    refused(2, 'POST /api/upload HTTP/1.1', 'http://[::1]:U/admin/upload'),
    refused(2, 'POST /api/upload HTTP/1.1', 'http://127.0.0.1:U/admin/upload'),
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/upload HTTP/1.1" 502 157 "-" "-"']);
});

test('2b: at level info each failure is followed by "upstream server temporarily disabled" at [warn]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', errorLogLevel: 'info' });
  await p.send(post('/api/upload', p.port, 'x=1'));
  const warn = (up: string) =>
    `TIME [warn] PID: *2 upstream server temporarily disabled while connecting to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/upload HTTP/1.1", upstream: "${up}", host: "127.0.0.1:P"`;
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      refused(2, 'POST /api/upload HTTP/1.1', 'http://[::1]:U/admin/upload'),
      warn('http://[::1]:U/admin/upload'),
      refused(2, 'POST /api/upload HTTP/1.1', 'http://127.0.0.1:U/admin/upload'),
      warn('http://127.0.0.1:U/admin/upload'),
      'TIME [info] PID: *2 client 127.0.0.1 closed keepalive connection',
    ]);
});

// The recovery cycle in 1-2 s instead of 10-12 s: the same two peers written out with
// fail_timeout=1s (localhostPeers) log the same lines as the implicit upstream.
test('2b: after fail_timeout the peers are tried again, 127.0.0.1 first, then [::1]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', http: localhostPeers('fail_timeout=1s'), proxyPass: 'http://localhost/admin/' });
  await p.send(get('/api/r1', p.port));
  await p.send(get('/api/r2', p.port));
  // A peer is skipped while now - checked <= fail_timeout, in whole seconds of the cached clock.
  await wholeSecondsLater(2);
  const r3 = await p.send(get('/api/r3', p.port));
  expect(r3.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(p.requestLog()).toEqual([
    refused(2, 'GET /api/r1 HTTP/1.1', 'http://[::1]:U/admin/r1'),
    refused(2, 'GET /api/r1 HTTP/1.1', 'http://127.0.0.1:U/admin/r1'),
    noLive(5, 'GET /api/r2 HTTP/1.1', 'http://localhost/admin/r2'),
    refused(6, 'GET /api/r3 HTTP/1.1', 'http://127.0.0.1:U/admin/r3'),
    refused(6, 'GET /api/r3 HTTP/1.1', 'http://[::1]:U/admin/r3'),
  ]);
});
