// A client that goes away, as nginx 1.22.1 logs it. nginx logs each case at [info]
// (so only with `error_log ... info`), and a request cut off before its head or body is complete
// is counted as a 400 with no bytes sent.
import net from 'node:net';
import { test, expect } from '../fixtures.js';
import { get, RawConnection } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';

/** Connects, sends `bytes`, and closes (the proxy answers nothing yet). */
async function sendAndClose(port: number, bytes: string): Promise<void> {
  const s = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('error', reject);
  });
  // TCP keeps the order: the proxy reads the bytes, then the FIN.
  if (bytes) await new Promise((r) => s.write(Buffer.from(bytes, 'latin1'), r));
  s.end();
  await new Promise((r) => s.once('close', r));
}

test('1: a connection closed before any request: "client closed connection while waiting for request", no access-log line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  await sendAndClose(p.port, '');
  await expect.poll(() => p.requestLog()).toEqual(['TIME [info] PID: *2 client closed connection while waiting for request, client: 127.0.0.1, server: 127.0.0.1:P']);
  expect(p.access()).toEqual([]);
});

test('1/6: a request line cut off: "client prematurely closed connection while reading client request line", a 400 with 0 bytes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  await sendAndClose(p.port, 'GET /x HT');
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client prematurely closed connection while reading client request line, client: 127.0.0.1, server: localhost, request: "GET /x HT"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HT" 400 0 "-" "-"']);
});

test('1/6: headers cut off: "... while reading client request headers", with the Host and User-Agent read so far', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  await sendAndClose(p.port, 'GET /x HTTP/1.1\r\nHost: a\r\nUser-Agent: u\r\nX-Y: ab');
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client prematurely closed connection while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /x HTTP/1.1", host: "a"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 400 0 "-" "u"']);
});

test('1/6: a proxied request\'s body cut off: "client prematurely closed connection" with no while part, a 400, nothing upstream', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  await sendAndClose(p.port, 'POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc');
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client prematurely closed connection, client: 127.0.0.1, server: localhost, request: "POST /api/x HTTP/1.1", host: "a"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/x HTTP/1.1" 400 0 "-" "-"']);
  expect(p.upstream.received).toEqual([]);
});

test('6: a static POST is answered 405 at once; the rest of its body is dropped and the connection goes on', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const c = await RawConnection.open(p.port);
  c.write(get('/x', p.port, ['Content-Length: 10'], 'POST') + 'abc');
  const a = await c.next();
  expect(a.statusLine).toBe('HTTP/1.1 405 Not Allowed');
  expect(a.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'keep-alive']);
  expect(a.body).toBe(PAGES[405]);
  c.write('defghij' + get('/x', p.port));
  const b = await c.next();
  expect(b.body).toBe('hello\n');
  c.close();
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /x HTTP/1.1" 405 157 "-" "-"', '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 200 6 "-" "-"']);
  await expect.poll(() => p.requestLog()).toEqual(['TIME [info] PID: *2 client 127.0.0.1 closed keepalive connection']);
});

test('8: Expect: 100-continue is answered by a handler that reads or discards the body, not by nginx\'s own pages', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const file = await p.send(get('/x', p.port, ['Expect: 100-continue']));
  const proxied = await p.send(get('/api/e', p.port, ['Expect: 100-continue']));
  const notAllowed = await p.send(get('/x', p.port, ['Expect: 100-continue', 'Content-Length: 5'], 'POST'));
  const redirect = await p.send(get('/api', p.port, ['Expect: 100-continue', 'Content-Length: 5'], 'POST'));
  const http10 = await p.send('GET /x HTTP/1.0\r\nExpect: 100-continue\r\n\r\n');
  expect([file, proxied, notAllowed, redirect, http10].map((r) => [r.interim.length, r.status])).toEqual([
    [1, 200],
    [1, 200],
    [0, 405],
    [0, 301],
    [0, 200],
  ]);
  expect(file.interim).toEqual(['HTTP/1.1 100 Continue\r\n\r\n']);
  await expect.poll(() => p.access().map((l) => l.replace(/^.*" (\d+ \d+) .*$/, '$1'))).toEqual(['200 31', `200 ${proxied.body.length + 25}`, '405 157', '301 169', '200 6']);
});

/** Connects, sends `bytes` and waits for the proxy to close the connection: how long it took, what came back. */
async function holdOpen(port: number, bytes: string): Promise<{ ms: number; got: string }> {
  const started = Date.now();
  const s = net.connect({ host: '127.0.0.1', port });
  let got = '';
  s.on('data', (d) => (got += d.toString('latin1')));
  s.on('connect', () => bytes && s.write(Buffer.from(bytes, 'latin1')));
  await new Promise((r) => s.once('close', r));
  return { ms: Date.now() - started, got };
}

const TIMEOUTS = { errorLogLevel: 'info', http: 'client_header_timeout 1s;\n    client_body_timeout 1s;', server: 'keepalive_timeout 1s;' } as const;

test('1: client_header_timeout with nothing sent: closed, "client timed out (110: ...) while waiting for request", no access-log line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', ...TIMEOUTS });
  const r = await holdOpen(p.port, '');
  expect(r.got).toBe('');
  expect(r.ms).toBeGreaterThanOrEqual(950);
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client timed out (110: Connection timed out) while waiting for request, client: 127.0.0.1, server: 127.0.0.1:P']);
  expect(p.access()).toEqual([]);
});

test('1/6: client_header_timeout in the middle of a head: no answer, [info] "client timed out", a 408 with 0 bytes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', ...TIMEOUTS });
  const [line, headers] = await Promise.all([holdOpen(p.port, 'GET /x HT'), holdOpen(p.port, 'GET /x HTTP/1.1\r\nHost: a\r\nUser-Agent: u\r\n')]);
  expect([line.got, headers.got]).toEqual(['', '']);
  await expect
    .poll(() => p.requestLog().sort())
    .toEqual([
      'TIME [info] PID: *2 client timed out (110: Connection timed out) while reading client request line, client: 127.0.0.1, server: localhost, request: "GET /x HT"',
      'TIME [info] PID: *3 client timed out (110: Connection timed out) while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /x HTTP/1.1", host: "a"',
    ]);
  await expect.poll(() => p.access().sort()).toEqual(['127.0.0.1 - - [TIME] "GET /x HT" 408 0 "-" "-"', '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 408 0 "-" "u"']);
});

test('6: client_body_timeout: no answer and no error-log line, a 408 in the access log, nothing upstream', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', ...TIMEOUTS });
  const r = await holdOpen(p.port, 'POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nab');
  expect(r.got).toBe('');
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/x HTTP/1.1" 408 0 "-" "-"']);
  expect(p.requestLog()).toEqual([]);
  expect(p.upstream.received).toEqual([]);
});

test('1: keepalive_timeout after a request: closed silently', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', ...TIMEOUTS });
  const r = await holdOpen(p.port, get('/x', p.port));
  expect(r.got).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(r.ms).toBeGreaterThanOrEqual(950);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 200 6 "-" "-"']);
  expect(p.requestLog()).toEqual([]);
});
