// proxy_request_buffering off (nginx 1.22.1): the upstream is connected to before the body is read,
// the body passed on without a temp file; a chunked body is still buffered whole for HTTP/1.0
// upstreams, and goes on chunked with proxy_http_version 1.1.
import { test, expect } from '../fixtures.js';
import { get, header, post, RawConnection } from '../support/raw-http.js';
import { withoutDate } from '../support/pages.js';

const OFF = 'proxy_request_buffering off;';

test('a body larger than client_body_buffer_size goes to the upstream whole, with no temp file and no [warn]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn', api: OFF });
  const body = 'x'.repeat(20000);
  const r = await p.send(post('/api/up', p.port, body, ['User-Agent: t']));
  const sent = `POST /admin/up HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 20000\r\nUser-Agent: t\r\n\r\n${body}`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe(`UPSTREAM ::1 GOT:\n${sent}`);
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "POST /api/up HTTP/1.1" 200 ${r.body.length} "-" "t"`]);
  expect(p.requestLog()).toEqual([]);
});

test('the upstream down: the 502 comes before the body is sent', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', api: OFF });
  const c = await RawConnection.open(p.port);
  c.write(get('/api/up', p.port, ['Content-Length: 5', 'User-Agent: t'], 'POST'));
  const r = await c.next();
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '157'],
    ['Connection', 'keep-alive'],
  ]);
  // The body still to come ends the connection after the answer (r->reading_body: a lingering close).
  expect(await c.closedWithin(5000)).toBe(true);
  c.close();
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "POST /api/up HTTP/1.1" 502 157 "-" "t"`]);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", upstream: "http://[::1]:U/admin/up", host: "127.0.0.1:P"`,
    `TIME [error] PID: *2 connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", upstream: "http://127.0.0.1:U/admin/up", host: "127.0.0.1:P"`,
  ]);
});

test('a chunked body with the default proxy_http_version 1.0 is still buffered whole (temp file, Content-Length)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn', api: OFF });
  const half = 'y'.repeat(10000);
  const r = await p.send(get('/api/up', p.port, ['User-Agent: t', 'Transfer-Encoding: chunked'], 'POST') + `2710\r\n${half}\r\n2710\r\n${half}\r\n0\r\n\r\n`);
  const sent = `POST /admin/up HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 20000\r\nUser-Agent: t\r\n\r\n${half}${half}`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.status).toBe(200);
  expect(p.requestLog()).toEqual([
    'TIME [warn] PID: *2 a client request body is buffered to a temporary file PREFIX/temp/client_body_temp/0000000001, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('a chunked body with proxy_http_version 1.1 that is not whole when the upstream is connected goes on chunked, as it comes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn', api: `${OFF} proxy_http_version 1.1;` });
  const c = await RawConnection.open(p.port);
  c.write(get('/api/up', p.port, ['User-Agent: t', 'Transfer-Encoding: chunked'], 'POST') + '6\r\nhello=\r\n');
  await expect.poll(() => p.upstream.accepted).toBe(1);
  c.write('5\r\nworld\r\n0\r\n\r\n');
  const r = await c.next();
  c.close();
  const sent = `POST /admin/up HTTP/1.1\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\nUser-Agent: t\r\n\r\n6\r\nhello=\r\n5\r\nworld\r\n0\r\n\r\n`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.status).toBe(200);
  expect(p.requestLog()).toEqual([]);
});

test('a chunked body with proxy_http_version 1.1 that came whole with the head goes with a Content-Length', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: `${OFF} proxy_http_version 1.1;` });
  const r = await p.send(get('/api/up', p.port, ['User-Agent: t', 'Transfer-Encoding: chunked'], 'POST') + '6\r\nhello=\r\n5\r\nworld\r\n0\r\n\r\n');
  const sent = `POST /admin/up HTTP/1.1\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 11\r\nUser-Agent: t\r\n\r\nhello=world`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.status).toBe(200);
});

const RETRY_POST = `${OFF} proxy_next_upstream error timeout non_idempotent;`;

test('a body passed on in part is not sent to the next peer when the upstream fails: a 502 at once', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: RETRY_POST });
  p.upstream.behaviour = { kind: 'close' };
  const c = await RawConnection.open(p.port);
  c.write(get('/api/up', p.port, ['Content-Length: 5', 'User-Agent: t'], 'POST'));
  await expect.poll(() => p.upstream.accepted).toBe(1);
  c.write('hello');
  const r = await c.next();
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(header(r, 'connection')).toBe('keep-alive');
  // The body had all come: the connection stays for the next request.
  expect(await c.closedWithin(300)).toBe(false);
  c.close();
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1']);
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "POST /api/up HTTP/1.1" 502 157 "-" "t"`]);
  expect(p.requestLog()).toEqual([`TIME [error] PID: *2 upstream prematurely closed connection while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", upstream: "http://[::1]:U/admin/up", host: "127.0.0.1:P"`]);
});

test('a body that came whole with the head is sent to the next peer again', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: RETRY_POST });
  p.upstream.behaviour = { kind: 'close' };
  const r = await p.send(post('/api/up', p.port, 'hello', ['User-Agent: t']));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '127.0.0.1']);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 upstream prematurely closed connection while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", upstream: "http://[::1]:U/admin/up", host: "127.0.0.1:P"`,
    `TIME [error] PID: *2 upstream prematurely closed connection while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", upstream: "http://127.0.0.1:U/admin/up", host: "127.0.0.1:P"`,
  ]);
});

test('a body past the header buffer that came at once with the head is sent as a buffered one: to the next peer again', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: RETRY_POST });
  p.upstream.behaviour = { kind: 'close' };
  const r = await p.send(post('/api/up', p.port, 'z'.repeat(5000), ['User-Agent: t']));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '127.0.0.1']);
});

test('a body past client_body_buffer_size is passed on even when it came at once: not sent to the next peer', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: RETRY_POST });
  p.upstream.behaviour = { kind: 'close' };
  const r = await p.send(post('/api/up', p.port, 'z'.repeat(20000), ['User-Agent: t']));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1']);
});

test('Expect: 100-continue with the upstream down: "100 Continue", then the 502', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', api: OFF });
  const c = await RawConnection.open(p.port);
  c.write(get('/api/up', p.port, ['Content-Length: 5', 'Expect: 100-continue', 'User-Agent: t'], 'POST'));
  const r = await c.next();
  c.close();
  expect(r.interim).toEqual(['HTTP/1.1 100 Continue\r\n\r\n']);
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
});

test('the client gone while its body is passed on: one [info] line while sending request to upstream, a 400', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info', api: OFF });
  p.upstream.behaviour = { kind: 'hang' };
  const c = await RawConnection.open(p.port);
  c.write(get('/api/up', p.port, ['Content-Length: 10', 'User-Agent: t'], 'POST') + 'hello');
  await expect.poll(() => p.upstream.accepted).toBe(1);
  c.close();
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "POST /api/up HTTP/1.1" 400 0 "-" "t"`]);
  expect(p.requestLog()).toEqual([
    'TIME [info] PID: *2 client prematurely closed connection while sending request to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/up HTTP/1.1", upstream: "http://[::1]:U/admin/up", host: "127.0.0.1:P"',
  ]);
});
