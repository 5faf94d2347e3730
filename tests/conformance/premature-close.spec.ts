// An upstream that accepts and then closes, or breaks off its
// response; and the rule that a non-idempotent request is not retried once it was sent.
import { test, expect } from '../fixtures.js';
import { localhostPeers } from '../support/proxy-under-test.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';

const premature = (request: string, peer: string, path: string, action = 'reading response header from upstream') =>
  `TIME [error] PID: *2 upstream prematurely closed connection while ${action}, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "http://${peer}/admin/${path}", host: "127.0.0.1:P"`;

test('3e: an upstream that closes without answering: one line per peer, then 502', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'close' };
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(157));
  expect(r.body).toBe(PAGES[502]);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '127.0.0.1']);
  expect(p.requestLog()).toEqual([premature('GET /api/x HTTP/1.1', '[::1]:U', 'x'), premature('GET /api/x HTTP/1.1', '127.0.0.1:U', 'x')]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 502 157 "-" "-"']);
});

test('3e: a POST that was sent is not passed to the next peer after a premature close', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'close' };
  const r = await p.send(post('/api/items', p.port, '{"a":1}', ['Content-Type: application/json']));
  expect(r.status).toBe(502);
  expect(r.body).toBe(PAGES[502]);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1']);
  expect(p.requestLog()).toEqual([premature('POST /api/items HTTP/1.1', '[::1]:U', 'items')]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/items HTTP/1.1" 502 157 "-" "-"']);
});

test('3e: PATCH is non-idempotent too; PUT and DELETE are retried', async ({ startProxy }) => {
  // max_fails=0: the peers are never disabled, so every request gets both tries.
  const p = await startProxy({ upstream: 'dual', http: localhostPeers('max_fails=0'), proxyPass: 'http://localhost/admin/' });
  p.upstream.behaviour = { kind: 'close' };
  for (const m of ['PATCH', 'PUT', 'DELETE']) {
    const r = await p.send(post('/api/m', p.port, 'x', [], m));
    expect(r.status).toBe(502);
  }
  expect(p.upstream.received.map((x) => `${x.raw.split(' ')[0]} ${x.address}`)).toEqual(['PATCH ::1', 'PUT 127.0.0.1', 'PUT ::1', 'DELETE ::1', 'DELETE 127.0.0.1']);
  expect(p.requestLog().map((l) => /^TIME \[error\] PID: \*\d+ upstream prematurely closed connection while reading response header from upstream, .*request: "(\w+) .*upstream: "http:\/\/([^/]+)\//.exec(l)?.slice(1).join(' '))).toEqual([
    'PATCH [::1]:U',
    'PUT 127.0.0.1:U',
    'PUT [::1]:U',
    'DELETE [::1]:U',
    'DELETE 127.0.0.1:U',
  ]);
});

test('3e: an upstream that breaks off its body: the client gets what came, then the connection is closed', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.closed).toBe(true);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', '100'],
    ['Connection', 'keep-alive'],
  ]);
  expect(r.body).toBe('0123456789');
  expect(p.requestLog()).toEqual([premature('GET /api/cut HTTP/1.1', '[::1]:U', 'cut', 'reading upstream')]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/cut HTTP/1.1" 200 10 "-" "-"']);
});
