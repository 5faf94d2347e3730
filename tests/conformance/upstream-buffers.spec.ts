// What of an upstream's body reaches the client when the upstream stops in the middle of it. nginx's
// event pipe reads the body into buffers (the rest of the head's 4k buffer, then proxy_buffers'
// 4k ones) and hands a buffer on only when it is full, when it holds all that is still wanted (the
// rest of the Content-Length; for a chunked body what the chunk parser needs next), or when the
// upstream closes; the answer's output then waits for 1460 bytes (postpone_output) or its end. A
// read timeout flushes what was handed on and closes; what was still in a buffer never goes.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';

const timedOut = (request: string, path: string) =>
  `TIME [error] PID: *2 upstream timed out (110: Connection timed out) while reading upstream, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "http://[::1]:U/admin/${path}", host: "127.0.0.1:P"`;
const head = (fields: string) => `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n${fields}\r\n\r\n`;
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

test('a Content-Length body cut short by a read timeout: the client gets the head and the full buffers only', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  const h = head('Content-Length: 10000');
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: h + 'a'.repeat(5000) }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.closed).toBe(true);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  // The head's own buffer, full: 4096 bytes less the head's.
  expect(r.body).toBe('a'.repeat(4096 - h.length));
  expect(p.requestLog()).toEqual([timedOut('GET /api/cut HTTP/1.1', 'cut')]);
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /api/cut HTTP/1.1" 200 ${4096 - h.length} "-" "-"`]);
});

test('a short part of a Content-Length body, then a read timeout: the head alone', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: head('Content-Length: 100') + '0123456789' }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe('');
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/cut HTTP/1.1" 200 0 "-" "-"']);
});

test('a body without a length (HTTP/1.0), then a read timeout: the head alone, no chunk', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: 'HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n0123456789' }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe('');
  expect(p.requestLog()).toEqual([timedOut('GET /api/cut HTTP/1.1', 'cut')]);
});

test('a chunked body: a whole chunk is handed on at once, a chunk\'s start too; the rest of a chunk size line is waited for', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  const h = head('Transfer-Encoding: chunked');
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: h + '5\r\nhello\r\n' }, { ms: 100, data: '64\r\nworld' }, { ms: 100, data: '!' }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(bodyOf(r.raw)).toBe('5\r\nhello\r\n5\r\nworld\r\n');
  expect(p.requestLog()).toEqual([timedOut('GET /api/cut HTTP/1.1', 'cut')]);
});

test('a chunked body that stops after its chunk: the chunk, framed again', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;' });
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: head('Transfer-Encoding: chunked') + '5\r\nhello\r\n' }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(bodyOf(r.raw)).toBe('5\r\nhello\r\n');
});
