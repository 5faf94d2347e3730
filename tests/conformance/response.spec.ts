// How nginx 1.22.1 passes the upstream's response on. Server and Date
// are nginx's own, X-Pad and X-Accel-* hidden, Connection and Keep-Alive dropped, proxy_redirect
// default rewrites Location, upstream errors pass unchanged, a body without a length is re-chunked.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { withoutDate, names } from '../support/pages.js';

const UPSTREAM_HEADERS = (location: string) =>
  'HTTP/1.1 201 Created\r\n' +
  'Server: Apache/2.4\r\n' +
  'Date: Mon, 01 Jan 2001 00:00:00 GMT\r\n' +
  'X-Powered-By: Express\r\n' +
  'Keep-Alive: timeout=5\r\n' +
  'Connection: keep-alive\r\n' +
  'ETag: W/"b-abc"\r\n' +
  'Set-Cookie: a=1; Path=/\r\n' +
  'Set-Cookie: b=2\r\n' +
  'X-Accel-Buffering: no\r\n' +
  'X-Pad: avoid browser bug\r\n' +
  `Location: ${location}\r\n` +
  'Content-Type: application/json; charset=utf-8\r\n' +
  'Content-Length: 11\r\n' +
  '\r\n' +
  '{"ok":true}';

test('7a/8: Server and Date replaced, hidden headers dropped, a rewritten Location moves to nginx\'s slot', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: UPSTREAM_HEADERS(`http://localhost:${p.upstream.port}/admin/foo`) };
  const r = await p.send(get('/api/x', p.port, ['Connection: close']));
  expect(r.statusLine).toBe('HTTP/1.1 201 Created');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', '11'],
    ['Location', `http://127.0.0.1:${p.port}/api/foo`],
    ['Connection', 'close'],
    ['X-Powered-By', 'Express'],
    ['ETag', 'W/"b-abc"'],
    ['Set-Cookie', 'a=1; Path=/'],
    ['Set-Cookie', 'b=2'],
  ]);
  expect(names(r.headers)[1]).toBe('Date');
  expect(r.headers.find(([n]) => n === 'Date')![1]).not.toBe('Mon, 01 Jan 2001 00:00:00 GMT');
  expect(r.body).toBe('{"ok":true}');
  expect(r.closed).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 201 11 "-" "-"']);
});

test('8: the rewritten Location takes the Host header\'s host and the listen port', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 302 Found\r\nLocation: http://localhost:${p.upstream.port}/admin/foo?a=b\r\nContent-Length: 0\r\n\r\n` };
  const r = await p.send(`GET /api/x HTTP/1.1\r\nHost: foo.example:8888\r\n\r\n`);
  expect(r.statusLine).toBe('HTTP/1.1 302 Found');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Length', '0'],
    ['Location', `http://foo.example:${p.port}/api/foo?a=b`],
    ['Connection', 'keep-alive'],
  ]);
});

test('8: a Location that is not rewritten keeps its place after Connection; a relative one stays relative', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = {
    kind: 'fixed',
    response: 'HTTP/1.1 302 Found\r\nX-A: 1\r\nLocation: http://elsewhere.example/admin/foo\r\nX-B: 2\r\nContent-Length: 0\r\n\r\n',
  };
  const r1 = await p.send(get('/api/x', p.port));
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 302 Found\r\nX-A: 1\r\nLocation: /admin/foo\r\nX-B: 2\r\nContent-Length: 0\r\n\r\n' };
  const r2 = await p.send(get('/api/x', p.port));
  expect(withoutDate(r1.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Length', '0'],
    ['Connection', 'keep-alive'],
    ['X-A', '1'],
    ['Location', 'http://elsewhere.example/admin/foo'],
    ['X-B', '2'],
  ]);
  expect(withoutDate(r2.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Length', '0'],
    ['Connection', 'keep-alive'],
    ['X-A', '1'],
    ['Location', '/admin/foo'],
    ['X-B', '2'],
  ]);
});

test('7a: an HTTP/1.0 body read until close is re-chunked to an HTTP/1.1 client', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nbody-until-close' };
  const r = await p.send(get('/api/x', p.port, ['Connection: close']));
  expect(r.raw).toMatch(/^HTTP\/1\.1 200 OK\r\nServer: nginx\/1\.22\.1\r\nDate: [^\r]+\r\nContent-Type: text\/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n10\r\nbody-until-close\r\n0\r\n\r\n$/);
  expect(r.body).toBe('body-until-close');
  // $body_bytes_sent counts the chunk framing too.
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 200 27 "-" "-"']);
});

test('7a: the same body to an HTTP/1.0 client: no chunking, Connection: close, the body until close', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nbody-until-close' };
  const r = await p.send(`GET /api/x HTTP/1.0\r\nHost: 127.0.0.1:${p.port}\r\nConnection: keep-alive\r\n\r\n`, { untilClose: true });
  expect(r.closed).toBe(true);
  expect(r.raw).toMatch(/^HTTP\/1\.1 200 OK\r\nServer: nginx\/1\.22\.1\r\nDate: [^\r]+\r\nContent-Type: text\/plain\r\nConnection: close\r\n\r\nbody-until-close$/);
});

test('7a: a chunked upstream body is de-chunked and chunked again, the client stays keep-alive', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n' };
  const r = await p.send(get('/api/x', p.port));
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Transfer-Encoding', 'chunked'],
    ['Connection', 'keep-alive'],
  ]);
  // What arrived in one read goes out as one chunk, whatever the upstream's chunks were.
  expect(r.raw.slice(r.raw.indexOf('\r\n\r\n') + 4)).toBe('b\r\nhello world\r\n0\r\n\r\n');
  expect(r.closed).toBe(false);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 200 21 "-" "-"']);
});

test('7a: an upstream 500 passes through unchanged, with no error-log line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\noops' };
  const r = await p.send(get('/api/x', p.port, ['Connection: close']));
  expect(r.raw).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\nServer: nginx\/1\.22\.1\r\nDate: [^\r]+\r\nContent-Type: text\/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\noops$/);
  expect(p.upstream.received.length).toBe(1);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 500 4 "-" "-"']);
  expect(p.errorLog()).toEqual([]);
});

test('7a: an upstream 404 and 502 with their own reason phrases pass through as sent', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 404 Nope\r\nContent-Length: 2\r\n\r\nno' };
  const r1 = await p.send(get('/api/x', p.port));
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 3\r\n\r\nbad' };
  const r2 = await p.send(get('/api/y', p.port));
  expect(r1.statusLine).toBe('HTTP/1.1 404 Nope');
  expect(r1.body).toBe('no');
  expect(r2.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(r2.body).toBe('bad');
  // A 502 from the upstream is not a failure of the upstream (proxy_next_upstream error timeout).
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '127.0.0.1']);
  expect(p.errorLog()).toEqual([]);
});

test('7a: HEAD: the upstream\'s head is passed without a body', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/api/h', p.port, [], 'HEAD'), { head: true });
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual(['HEAD /admin/h HTTP/1.0']);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(names(r.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection', 'X-Up']);
  expect(r.raw.endsWith('\r\n\r\n')).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "HEAD /api/h HTTP/1.1" 200 0 "-" "-"']);
});
