// What the upstream receives from nginx 1.22.1. HTTP/1.0, `Host: $proxy_host`,
// `Connection: close`, `Content-Length` when there is a body, then the client's headers in their
// order minus the hop-by-hop ones; nothing added; a chunked body buffered and sent with a length.
import { readdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { withoutDate } from '../support/pages.js';

test('7a: HTTP/1.0, Host: $proxy_host, Connection: close, then the client\'s headers in order minus hop-by-hop ones', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(
    get('/api/users?x=1&y=%20z', p.port, [
      'User-Agent: curl/7.88.1',
      'Accept: */*',
      'X-Custom: a',
      'Referer: http://r.example/',
      'Keep-Alive: 300',
      'TE: trailers',
      'Upgrade: foo',
      'Cookie: c=1',
    ]),
  );
  const sent = `GET /admin/users?x=1&y=%20z HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\nX-Custom: a\r\nReferer: http://r.example/\r\nCookie: c=1\r\n\r\n`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  const body = `UPSTREAM ::1 GOT:\n${sent}`;
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', String(body.length)],
    ['Connection', 'keep-alive'],
    ['X-Up', '::1'],
  ]);
  expect(r.body).toBe(body);
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /api/users?x=1&y=%20z HTTP/1.1" 200 ${body.length} "http://r.example/" "curl/7.88.1"`]);
});

test('7a: a POST body goes out with Content-Length right after Connection, the client\'s own one dropped from its place', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(post('/api/items', p.port, '{"a":1}', ['User-Agent: curl/7.88.1', 'Accept: */*', 'Content-Type: application/json']));
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw)).toEqual([
    `POST /admin/items HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 7\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\nContent-Type: application/json\r\n\r\n{"a":1}`,
  ]);
});

test('7a/8: a chunked body with Expect: 100-continue: "100 Continue" to the client, Content-Length to the upstream', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(
    get('/api/items', p.port, ['User-Agent: curl/7.88.1', 'Transfer-Encoding: chunked', 'Content-Type: application/x-www-form-urlencoded', 'Expect: 100-continue'], 'POST') +
      '6\r\nhello=\r\n5\r\nworld\r\n0\r\n\r\n',
  );
  expect(r.interim).toEqual(['HTTP/1.1 100 Continue\r\n\r\n']);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  const sent = `POST /admin/items HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 11\r\nUser-Agent: curl/7.88.1\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nhello=world`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  // The 25 bytes of the 100 Continue count in $body_bytes_sent, as nginx counts them.
  const bytes = `UPSTREAM ::1 GOT:\n${sent}`.length + 25;
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "POST /api/items HTTP/1.1" 200 ${bytes} "-" "curl/7.88.1"`]);
});

test('7a: no X-Forwarded-For, X-Real-IP, X-Forwarded-Proto or Forwarded is added; the client\'s pass unchanged', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  await p.send(get('/api/plain', p.port));
  await p.send(get('/api/xff', p.port, ['X-Forwarded-For: 1.2.3.4', 'X-Real-IP: 5.6.7.8']));
  const [plain, xff] = p.upstream.received.map((x) => x.raw);
  expect(plain).toBe(`GET /admin/plain HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\n\r\n`);
  expect(xff).toBe(`GET /admin/xff HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nX-Forwarded-For: 1.2.3.4\r\nX-Real-IP: 5.6.7.8\r\n\r\n`);
});

test('7a: an HTTP/1.0 client: the upstream request is the same; the answer says Connection: close and the connection closes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(`GET /api/old HTTP/1.0\r\nHost: 127.0.0.1:${p.port}\r\nAccept: */*\r\n\r\n`);
  const sent = `GET /admin/old HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nAccept: */*\r\n\r\n`;
  expect(p.upstream.received.map((x) => x.raw)).toEqual([sent]);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', String(`UPSTREAM ::1 GOT:\n${sent}`.length)],
    ['Connection', 'close'],
    ['X-Up', '::1'],
  ]);
  expect(r.closed).toBe(true);
});

test('8: a header whose name has an underscore is dropped; a line without a colon goes on as "Name: "', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/api/h', p.port, ['X_Under: 1', 'X-NoColon', 'X-After: 2']));
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw)).toEqual([`GET /admin/h HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nX-NoColon: \r\nX-After: 2\r\n\r\n`]);
});

test('8: headers named in the client\'s Connection header are not removed', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  await p.send(get('/api/c', p.port, ['Connection: X-Foo', 'X-Foo: bar']));
  expect(p.upstream.received.map((x) => x.raw)).toEqual([`GET /admin/c HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nX-Foo: bar\r\n\r\n`]);
});

test('8: /api/u? reaches the upstream without the "?"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  await p.send(get('/api/u?', p.port));
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual(['GET /admin/u HTTP/1.0']);
  const bytes = `UPSTREAM ::1 GOT:\n${p.upstream.received[0].raw}`.length;
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /api/u? HTTP/1.1" 200 ${bytes} "-" "-"`]);
});

test('7a: a body over client_body_buffer_size goes to client_body_temp ([warn]) and the file is removed afterwards', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn' });
  const body = 'b'.repeat(20000);
  const r = await p.send(post('/api/big', p.port, body));
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw)).toEqual([`POST /admin/big HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nContent-Length: 20000\r\n\r\n${body}`]);
  expect(p.requestLog()).toEqual([
    'TIME [warn] PID: *2 a client request body is buffered to a temporary file PREFIX/temp/client_body_temp/0000000001, client: 127.0.0.1, server: localhost, request: "POST /api/big HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  expect(readdirSync(join(p.prefix, 'temp', 'client_body_temp'))).toEqual([]);
});

test('7a: client_body_buffer_size is 8k; past what came with the head (1k header buffer), a body under 1.25 times that stays in memory', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn' });
  // The head and the start of the body arrive together: nginx reads 1k of it into the header buffer.
  const sized = (n: number) => {
    const head = post('/api/big', p.port, '').length - 1 + 5; // with a Content-Length of five digits
    return post('/api/big', p.port, 'b'.repeat(n + 1024 - head));
  };
  expect((await p.send(sized(10239))).status).toBe(200);
  expect(p.requestLog()).toEqual([]);
  expect((await p.send(sized(10240))).status).toBe(200);
  const chunked = (n: number) => get('/api/big', p.port, ['Transfer-Encoding: chunked'], 'POST') + `${n.toString(16)}\r\n${'c'.repeat(n)}\r\n0\r\n\r\n`;
  expect((await p.send(chunked(8200))).status).toBe(200);
  expect((await p.send(chunked(10000))).status).toBe(200);
  expect(p.requestLog().map((l) => /temporary file (\S+),/.exec(l)?.[1])).toEqual(['PREFIX/temp/client_body_temp/0000000001', 'PREFIX/temp/client_body_temp/0000000002']);
});

test('7a: a second large body takes the next temp file number', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn' });
  for (let i = 0; i < 2; i++) expect((await p.send(post('/api/big', p.port, 'b'.repeat(17000)))).status).toBe(200);
  expect(p.requestLog().map((l) => /temporary file (\S+),/.exec(l)?.[1])).toEqual(['PREFIX/temp/client_body_temp/0000000001', 'PREFIX/temp/client_body_temp/0000000002']);
});

test('client_body_temp_path with levels 1 2: the file is in <last digit>/<two before it>/, level directories made as needed', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn', api: 'client_body_temp_path temp/leveled 1 2;' });
  const body = 'b'.repeat(20000);
  expect((await p.send(post('/api/big', p.port, body))).status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw.endsWith(`Content-Length: 20000\r\n\r\n${body}`))).toEqual([true]);
  expect(p.requestLog()).toEqual([
    'TIME [warn] PID: *2 a client request body is buffered to a temporary file PREFIX/temp/leveled/1/00/0000000001, client: 127.0.0.1, server: localhost, request: "POST /api/big HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  // The file is gone; the level directories stay, as nginx leaves them.
  expect(readdirSync(join(p.prefix, 'temp', 'leveled', '1', '00'))).toEqual([]);
});

/** An upstream that answers as soon as a head has come, then keeps every byte its connection carried until the proxy closes it. */
async function headUpstream(): Promise<{ port: number; bytes: Promise<string>[]; close(): Promise<void> }> {
  const bytes: Promise<string>[] = [];
  const server = net.createServer((s) => {
    let got = '';
    let answered = false;
    bytes.push(new Promise((resolve) => s.on('close', () => resolve(got))));
    s.on('data', (d) => {
      got += d.toString('latin1');
      if (answered || !got.includes('\r\n\r\n')) return;
      answered = true;
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, bytes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('proxy_pass_request_headers off sends only proxy_set_header\'s; proxy_pass_request_body off sends no body, its Content-Length all the same', async ({ startProxy }) => {
  const u = await headUpstream();
  const p = await startProxy({
    server: `proxy_pass_request_headers off;
        location /headers { proxy_pass http://127.0.0.1:${u.port}; }
        location /body { proxy_pass http://127.0.0.1:${u.port}; proxy_pass_request_headers on; proxy_pass_request_body off; }
        location /both { proxy_pass http://127.0.0.1:${u.port}; proxy_pass_request_body off; proxy_request_buffering off; }`,
  });
  for (const path of ['/headers', '/body', '/both']) expect((await p.send(post(path, p.port, 'bar\n', ['X-Header: foo']))).body).toBe('ok');
  expect(await Promise.all(u.bytes)).toEqual([
    `POST /headers HTTP/1.0\r\nHost: 127.0.0.1:${u.port}\r\nConnection: close\r\nContent-Length: 4\r\n\r\nbar\n`,
    `POST /body HTTP/1.0\r\nHost: 127.0.0.1:${u.port}\r\nConnection: close\r\nContent-Length: 4\r\nX-Header: foo\r\n\r\n`,
    `POST /both HTTP/1.0\r\nHost: 127.0.0.1:${u.port}\r\nConnection: close\r\nContent-Length: 4\r\n\r\n`,
  ]);
  await u.close();
});
