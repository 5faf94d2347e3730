// The request body as the variables show it (nginx 1.22.1): $request_body while the body is in
// memory, $request_body_file once it is in a temp file; client_body_in_file_only puts every body
// in a file and keeps it (`on`) or removes it when the request ends (`clean`); a chunked body
// passed on as it comes goes upstream one chunk per read.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header, post, RawConnection } from '../support/raw-http.js';

const SHOW = 'add_header X-Body "$request_body"; add_header X-Body-File "$request_body_file";';
const line = (level: string, file: string, request: string) =>
  `TIME [${level}] PID: *2 a client request body is buffered to a temporary file PREFIX/temp/client_body_temp/${file}, client: 127.0.0.1, server: localhost, request: "${request}", host: "127.0.0.1:P"`;

test('$request_body: a body in memory, in one buffer or in two; none without a body', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: `client_body_buffer_size 1k; ${SHOW}` });
  const none = await p.send(get('/api/x', p.port));
  expect(header(none, 'X-Body')).toBeUndefined();
  expect(header(none, 'X-Body-File')).toBeUndefined();
  const small = await p.send(post('/api/x', p.port, 'name=admin&password=123456'));
  expect(header(small, 'X-Body')).toBe('name=admin&password=123456');
  // 1200 bytes: under 1.25 client_body_buffer_size, still in memory.
  const two = 'abcdefghij'.repeat(120);
  const r = await p.send(post('/api/x', p.port, two));
  expect(header(r, 'X-Body')).toBe(two);
  expect(header(r, 'X-Body-File')).toBeUndefined();
  expect(p.requestLog()).toEqual([]);
});

test('a body past the buffer is in a temp file: $request_body_file names it, $request_body is none, the file is gone after', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'notice', api: `client_body_buffer_size 1k; ${SHOW}` });
  const body = '0123456789'.repeat(512);
  const r = await p.send(post('/api/x', p.port, body));
  const file = join(p.prefix, 'temp/client_body_temp/0000000001');
  expect(r.status).toBe(200);
  expect(header(r, 'X-Body')).toBeUndefined();
  expect(header(r, 'X-Body-File')).toBe(file);
  expect(r.body.endsWith(body)).toBe(true);
  expect(existsSync(file)).toBe(false);
  expect(p.requestLog()).toEqual([line('warn', '0000000001', 'POST /api/x HTTP/1.1')]);
});

test('client_body_in_file_only on: even a small body goes to a file, which stays; the line is a [notice]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'notice', api: `client_body_in_file_only on; ${SHOW}` });
  const r = await p.send(post('/api/x', p.port, 'name=admin'));
  const file = join(p.prefix, 'temp/client_body_temp/0000000001');
  expect(r.status).toBe(200);
  expect(header(r, 'X-Body')).toBeUndefined();
  expect(header(r, 'X-Body-File')).toBe(file);
  // The upstream got the body from the file.
  expect(r.body.endsWith('\r\n\r\nname=admin')).toBe(true);
  expect(readFileSync(file, 'latin1')).toBe('name=admin');
  expect(p.requestLog()).toEqual([line('notice', '0000000001', 'POST /api/x HTTP/1.1')]);
});

test('client_body_in_file_only clean: the file is removed when the request ends; a body sent in two writes is whole in it', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'notice', api: `client_body_in_file_only clean; ${SHOW}` });
  const c = await RawConnection.open(p.port);
  c.write(get('/api/x', p.port, ['Content-Length: 10'], 'POST') + '01234');
  c.write('56789');
  const r = await c.next();
  c.close();
  const file = join(p.prefix, 'temp/client_body_temp/0000000001');
  expect(header(r, 'X-Body-File')).toBe(file);
  expect(r.body.endsWith('\r\n\r\n0123456789')).toBe(true);
  await expect.poll(() => existsSync(file)).toBe(false);
});

test('client_body_in_single_buffer on: the body is in memory, as $request_body', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: `client_body_in_single_buffer on; ${SHOW}` });
  const body = '0123456789'.repeat(128);
  const r = await p.send(post('/api/x', p.port, body));
  expect(header(r, 'X-Body')).toBe(body);
  expect(header(r, 'X-Body-File')).toBeUndefined();
});

test('$request_body after an error_page redirect: the body read for the upstream', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    proxyPass: 'http://127.0.0.1:P/missing',
    api: 'error_page 404 = /echo; proxy_intercept_errors on;',
    server: 'location = /echo { return 200 "[$request_body]\\n"; }',
  });
  const r = await p.send(post('/api/x', p.port, 'status=1'));
  expect(r.status).toBe(200);
  expect(r.body).toBe('[status=1]\n');
});

test('a chunked body passed on as it comes: the chunks of one read go upstream as one chunk, the last chunk with them', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_request_buffering off; proxy_http_version 1.1;' });
  const c = await RawConnection.open(p.port);
  c.write(get('/api/up', p.port, ['User-Agent: t', 'Transfer-Encoding: chunked'], 'POST') + '5\r\n01234\r\n4\r\nmany\r\n');
  await expect.poll(() => p.upstream.incoming.endsWith('\r\n\r\n9\r\n01234many\r\n')).toBe(true);
  c.write('5\r\n56789\r\n4\r\nmany\r\n0\r\n\r\n');
  const r = await c.next();
  c.close();
  const sent = `POST /admin/up HTTP/1.1\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\nUser-Agent: t\r\n\r\n9\r\n01234many\r\n9\r\n56789many\r\n0\r\n\r\n`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.status).toBe(200);
});
