// nginx 1.22.1's limits: client_max_body_size (413), large headers (494, sent as a
// 400 "Request Header Or Cookie Too Large"), a long URI (414) and malformed requests (400), with
// their pages, their access-log lines and the [error] / [info] lines nginx writes for them.
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';

test('7c: Content-Length 1048577 gets 413 at once, before any body, logged at [error]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/api/upload', p.port, ['Content-Length: 1048577'], 'POST'));
  expect(r.statusLine).toBe('HTTP/1.1 413 Request Entity Too Large');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(183, 'close'));
  expect(r.body).toBe(PAGES[413]);
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 client intended to send too large body: 1048577 bytes, client: 127.0.0.1, server: localhost, request: "POST /api/upload HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/upload HTTP/1.1" 413 183 "-" "-"']);
});

test('7c: a body of exactly 1048576 bytes is accepted and passed on', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok' };
  const r = await p.send(post('/api/upload', p.port, 'u'.repeat(1048576)));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe('ok');
  expect(p.upstream.received.map((x) => x.raw.length)).toEqual([`POST /admin/upload HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 1048576\r\n\r\n`.length + 1048576]);
  expect(p.errorLog()).toEqual([]);
});

test('7c: the 413 applies in any location (/x, a static file)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/x', p.port, ['Content-Length: 2097152'], 'POST'));
  expect(r.status).toBe(413);
  expect(r.body).toBe(PAGES[413]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 client intended to send too large body: 2097152 bytes, client: 127.0.0.1, server: localhost, request: "POST /x HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('7c/8: a chunked body over the limit: 413 with the "N+M bytes" of the chunk that crossed it', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const chunk = 'c'.repeat(65536);
  const body = Array.from({ length: 17 }, () => `10000\r\n${chunk}\r\n`).join('') + '0\r\n\r\n';
  const r = await p.send(get('/api/upload', p.port, ['Transfer-Encoding: chunked'], 'POST') + body);
  expect(r.statusLine).toBe('HTTP/1.1 413 Request Entity Too Large');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(183, 'close'));
  expect(r.body).toBe(PAGES[413]);
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 client intended to send too large chunked body: 1048576+65536 bytes, client: 127.0.0.1, server: localhost, request: "POST /api/upload HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /api/upload HTTP/1.1" 413 183 "-" "-"']);
});

test('7d: a header line over 8k: 400 "Request Header Or Cookie Too Large", nothing at the default level, 400 in the access log', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/api/x', p.port, ['User-Agent: curl/7.88.1', `X-Big: ${'h'.repeat(9000)}`]));
  expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(233, 'close'));
  expect(r.body).toBe(PAGES.headerTooLarge);
  expect(r.closed).toBe(true);
  expect(p.upstream.received).toEqual([]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 400 233 "-" "curl/7.88.1"']);
  expect(p.errorLog()).toEqual([]);
});

test('7d: the same at level info: "client sent too long header line" with the line\'s start', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  await p.send(get('/api/x', p.port, [`X-Big: ${'h'.repeat(9000)}`]));
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      `TIME [info] PID: *2 client sent too long header line: "X-Big: ${'h'.repeat(1741)}..." while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1", host: "127.0.0.1:P"`,
    ]);
});

test('7d: headers over 32k in all (5 x 7000): 400, logged as a too long header line cut at the 4th buffer\'s end', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send(get('/api/x', p.port, [1, 2, 3, 4, 5].map((i) => `X-H${i}: ${'v'.repeat(7000)}`)));
  expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(r.body).toBe(PAGES.headerTooLarge);
  // large_client_header_buffers 4 8k: each 8k buffer starts with the line that did not fit in the
  // one before; X-H1..X-H4 take the four buffers, and X-H5 has 1184 bytes in the 4th when it is full.
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      `TIME [info] PID: *2 client sent too long header line: "X-H5: ${'v'.repeat(1178)}..." while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1", host: "127.0.0.1:P"`,
    ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 400 233 "-" "-"']);
});

test('7d: a big Cookie is the same 400', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/api/x', p.port, [`Cookie: session=${'c'.repeat(9000)}`]));
  expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(r.body).toBe(PAGES.headerTooLarge);
  expect(p.upstream.received).toEqual([]);
});

test('7d: a request line over 8k: 414, logged at [info] "client sent too long URI"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send(get(`/api/${'h'.repeat(9000)}`, p.port));
  expect(r.statusLine).toBe('HTTP/1.1 414 Request-URI Too Large');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(177, 'close'));
  expect(r.body).toBe(PAGES[414]);
  expect(p.upstream.received).toEqual([]);
  await expect.poll(() => p.requestLog()).toHaveLength(1);
  expect(p.requestLog()[0]).toMatch(/^TIME \[info\] PID: \*2 client sent too long URI while reading client request line, client: 127\.0\.0\.1, server: localhost, request: "GET \/api\/h{1000,}/);
  // $request is what the 8k buffer held of the request line: its first 8192 bytes.
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "${`GET /api/${'h'.repeat(9000)}`.slice(0, 8192)}" 414 177 "-" "-"`]);
});

test('1/7d: an error-log line is cut at NGX_MAX_ERROR_STR: 2047 bytes and the line feed', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  await p.send(get(`/api/${'h'.repeat(9000)}`, p.port));
  await expect.poll(() => p.requestLog()).toHaveLength(1);
  const line = p.errorLog().find((l) => l.includes('too long URI'))!;
  expect(line.length).toBe(2047);
  expect(line).toMatch(/request: "GET \/api\/h+$/);
});

test('7d: a malformed request line (%zz): 400 at [info], no host (the headers were never read), UA "-"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send(get('/api/%zz', p.port, ['User-Agent: curl/7.88.1', 'Referer: http://r.example/']));
  expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(157, 'close'));
  expect(r.body).toBe(PAGES[400]);
  expect(r.closed).toBe(true);
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client sent invalid request while reading client request line, client: 127.0.0.1, server: localhost, request: "GET /api/%zz HTTP/1.1"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/%zz HTTP/1.1" 400 157 "-" "-"']);
});

test('7d: an empty Host header: 400 "client sent invalid host header", with host: ""', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send(`GET /api/emptyhost HTTP/1.1\r\nHost: \r\nUser-Agent: curl/7.88.1\r\n\r\n`);
  expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(r.body).toBe(PAGES[400]);
  await expect
    .poll(() => p.requestLog())
    .toEqual([
      'TIME [info] PID: *2 client sent invalid host header while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /api/emptyhost HTTP/1.1", host: ""',
    ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/emptyhost HTTP/1.1" 400 157 "-" "-"']);
});

test('7d: HTTP/1.1 without Host: 400, logged at [info]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send('GET /api/x HTTP/1.1\r\nUser-Agent: curl/7.88.1\r\n\r\n');
  expect(r.status).toBe(400);
  expect(r.body).toBe(PAGES[400]);
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client sent HTTP/1.1 request without "Host" header while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 400 157 "-" "curl/7.88.1"']);
});

test('7d: a space in the URI: 400 at the request line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send(`GET /api/a b HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\n\r\n`);
  expect(r.status).toBe(400);
  expect(r.body).toBe(PAGES[400]);
  await expect
    .poll(() => p.requestLog())
    .toEqual(['TIME [info] PID: *2 client sent invalid request while reading client request line, client: 127.0.0.1, server: localhost, request: "GET /api/a b HTTP/1.1"']);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/a b HTTP/1.1" 400 157 "-" "-"']);
});
