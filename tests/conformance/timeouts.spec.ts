// Upstream timeouts, short (1 s) so that the tests are quick: connect
// and read timeouts give 504 and nginx's `upstream timed out` lines, a GET is retried on the other
// peer, a POST that was sent is not.
import { test, expect } from '../fixtures.js';
import { get, post, type RawResponse } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';

const timedOut = (action: string, request: string, peer: string, path: string) =>
  `TIME [error] PID: *2 upstream timed out (110: Connection timed out) while ${action}, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "http://${peer}/admin/${path}", host: "127.0.0.1:P"`;

/** nginx's 504 page (keep-alive), which came after between `min` and `max` ms. */
function expectGatewayTimeout(r: RawResponse, min: number, max: number): void {
  expect(r.statusLine).toBe('HTTP/1.1 504 Gateway Time-out');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(167));
  expect(r.body).toBe(PAGES[504]);
  expect(r.ms).toBeGreaterThanOrEqual(min);
  expect(r.ms).toBeLessThan(max);
}

test('3e: connect timeout on both peers: two lines [::1] then 127.0.0.1, then 504 after 2 x proxy_connect_timeout', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'blackhole', api: 'proxy_connect_timeout 1s;' });
  const r = await p.send(get('/api/slow', p.port));
  expectGatewayTimeout(r, 1900, 3500);
  expect(p.requestLog()).toEqual([
    timedOut('connecting to upstream', 'GET /api/slow HTTP/1.1', '[::1]:U', 'slow'),
    timedOut('connecting to upstream', 'GET /api/slow HTTP/1.1', '127.0.0.1:U', 'slow'),
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/slow HTTP/1.1" 504 167 "-" "-"']);
});

test('3e: read timeout on a GET: both peers tried, 504; the next GET gets 502 at once (both peers disabled)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'hang' };
  const r = await p.send(get('/api/slow', p.port));
  expectGatewayTimeout(r, 1900, 3500);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '127.0.0.1']);
  const r2 = await p.send(get('/api/slow', p.port));
  expect(r2.status).toBe(502);
  expect(r2.ms).toBeLessThan(500);
  expect(p.requestLog()).toEqual([
    timedOut('reading response header from upstream', 'GET /api/slow HTTP/1.1', '[::1]:U', 'slow'),
    timedOut('reading response header from upstream', 'GET /api/slow HTTP/1.1', '127.0.0.1:U', 'slow'),
    'TIME [error] PID: *5 no live upstreams while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/slow HTTP/1.1", upstream: "http://localhost/admin/slow", host: "127.0.0.1:P"',
  ]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /api/slow HTTP/1.1" 504 167 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/slow HTTP/1.1" 502 157 "-" "-"',
  ]);
});

test('3e: read timeout on a POST: not retried once sent, one line, 504 after one proxy_read_timeout', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'hang' };
  const r = await p.send(post('/api/slow', p.port, 'a=1'));
  expectGatewayTimeout(r, 950, 1900);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1']);
  expect(p.requestLog()).toEqual([timedOut('reading response header from upstream', 'POST /api/slow HTTP/1.1', '[::1]:U', 'slow')]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/slow HTTP/1.1" 504 167 "-" "-"']);
});

test('3e: a POST with proxy_next_upstream ... non_idempotent is retried after a read timeout', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;\n proxy_next_upstream error timeout non_idempotent;' });
  p.upstream.behaviour = { kind: 'hang' };
  const r = await p.send(post('/api/slow', p.port, 'a=1'));
  expect(r.status).toBe(504);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '127.0.0.1']);
  expect(p.requestLog()).toEqual([
    timedOut('reading response header from upstream', 'POST /api/slow HTTP/1.1', '[::1]:U', 'slow'),
    timedOut('reading response header from upstream', 'POST /api/slow HTTP/1.1', '127.0.0.1:U', 'slow'),
  ]);
});

test('3e: an upstream that answers after proxy_read_timeout is too late: 504 even though the answer comes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;\n proxy_next_upstream off;' });
  p.upstream.behaviour = { kind: 'delay', ms: 1500, then: { kind: 'echo' } };
  const r = await p.send(get('/api/late', p.port));
  expect(r.status).toBe(504);
  expect(r.body).toBe(PAGES[504]);
  expect(p.requestLog()).toEqual([timedOut('reading response header from upstream', 'GET /api/late HTTP/1.1', '[::1]:U', 'late')]);
});

test('3e: an answer within proxy_read_timeout passes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'delay', ms: 300, then: { kind: 'echo' } };
  const r = await p.send(get('/api/soon', p.port));
  expect(r.status).toBe(200);
  expect(r.body).toContain('GET /admin/soon HTTP/1.0');
  expect(p.errorLog()).toEqual([]);
});

test('3e: at level warn a timed-out peer\'s [warn] comes before its "upstream timed out" (nginx frees the peer first)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'hang' };
  expect((await p.send(get('/api/slow', p.port))).status).toBe(504);
  const disabled = (peer: string) =>
    `TIME [warn] PID: *2 upstream server temporarily disabled while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "GET /api/slow HTTP/1.1", upstream: "http://${peer}/admin/slow", host: "127.0.0.1:P"`;
  expect(p.requestLog()).toEqual([
    disabled('[::1]:U'),
    timedOut('reading response header from upstream', 'GET /api/slow HTTP/1.1', '[::1]:U', 'slow'),
    disabled('127.0.0.1:U'),
    timedOut('reading response header from upstream', 'GET /api/slow HTTP/1.1', '127.0.0.1:U', 'slow'),
  ]);
});
