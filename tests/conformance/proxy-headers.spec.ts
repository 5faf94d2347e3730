// The proxy module's directives for what comes back (ngx_http_upstream_process_headers() and
// ngx_http_proxy_module): proxy_hide_header and proxy_pass_header, proxy_redirect with a
// replacement, proxy_intercept_errors with error_page, proxy_buffer_size (the head must fit in
// it), proxy_buffers and proxy_buffering off.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, withoutDate } from '../support/pages.js';

const fixed = (head: string, body = 'ok') => ({ kind: 'fixed' as const, response: `${head}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}` });

const UPSTREAM = 'HTTP/1.1 200 OK\r\nServer: Apache-Coyote/1.1\r\nDate: Mon, 01 Jan 2024 00:00:00 GMT\r\nContent-Type: text/plain\r\nX-Pad: pad\r\nX-Secret: s\r\nX-Accel-Other: o\r\nX-Accel-Buffering: no\r\nX-Kept: k';

test('the upstream\'s Server, Date, X-Pad and X-Accel-Buffering are hidden, other X-Accel-* pass; proxy_hide_header hides more', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_hide_header X-Secret;' });
  p.upstream.behaviour = fixed(UPSTREAM);
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', '2'],
    ['Connection', 'keep-alive'],
    ['X-Accel-Other', 'o'],
    ['X-Kept', 'k'],
  ]);
  expect(r.body).toBe('ok');
});

test('an upstream\'s Content-Type with an empty value is dropped, as nginx writes no empty Content-Type', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = fixed('HTTP/1.1 200 OK\r\nContent-Type: \r\nX-Kept: k');
  const r = await p.send(get('/api/x', p.port));
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Length', '2'],
    ['Connection', 'keep-alive'],
    ['X-Kept', 'k'],
  ]);
});

test('proxy_pass_header Server, Date and X-Pad: the upstream\'s in their places, nginx\'s own Server and Date left out', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_pass_header Server;\nproxy_pass_header Date;\nproxy_pass_header X-Pad;' });
  p.upstream.behaviour = fixed(UPSTREAM);
  const r = await p.send(get('/api/x', p.port));
  expect(r.headers).toEqual([
    ['Content-Type', 'text/plain'],
    ['Content-Length', '2'],
    ['Connection', 'keep-alive'],
    ['Server', 'Apache-Coyote/1.1'],
    ['Date', 'Mon, 01 Jan 2024 00:00:00 GMT'],
    ['X-Pad', 'pad'],
    ['X-Secret', 's'],
    ['X-Accel-Other', 'o'],
    ['X-Kept', 'k'],
  ]);
});

test('proxy_pass_header Server to an upstream that sends none: no Server line at all', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_pass_header Server;' });
  p.upstream.behaviour = fixed('HTTP/1.1 200 OK\r\nContent-Type: text/plain');
  const r = await p.send(get('/api/x', p.port));
  expect(r.headers.map(([n]) => n)).toEqual(['Date', 'Content-Type', 'Content-Length', 'Connection']);
});

const redirectTo = (location: string) => fixed(`HTTP/1.1 302 Found\r\nLocation: ${location}\r\nContent-Type: text/html`, '');

test('proxy_redirect http://localhost:8080/ /: a path made absolute in its own place; one to another host stays among the others', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    api: 'proxy_redirect http://localhost:8080/ /;\nproxy_redirect http://up/ http://$host:9000/;\nadd_header X-A a;',
  });
  p.upstream.behaviour = redirectTo('http://localhost:8080/login?next=/');
  const local = await p.send(get('/api/x', p.port));
  expect(local.statusLine).toBe('HTTP/1.1 302 Found');
  expect(withoutDate(local.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '0'],
    ['Location', `http://127.0.0.1:${p.port}/login?next=/`],
    ['Connection', 'keep-alive'],
    ['X-A', 'a'],
  ]);
  p.upstream.behaviour = redirectTo('http://up/a');
  const other = await p.send(get('/api/x', p.port));
  expect(withoutDate(other.headers).slice(3)).toEqual([['Connection', 'keep-alive'], ['Location', 'http://127.0.0.1:9000/a'], ['X-A', 'a']]);
  // No rule matches (the default is not among them): passed as it came, a path not made absolute.
  p.upstream.behaviour = redirectTo(`http://localhost:${p.upstream.port}/admin/y`);
  const unmatched = await p.send(get('/api/x', p.port));
  expect(withoutDate(unmatched.headers).slice(3)).toEqual([['Connection', 'keep-alive'], ['Location', `http://localhost:${p.upstream.port}/admin/y`], ['X-A', 'a']]);
  p.upstream.behaviour = redirectTo('/admin/rel');
  const relative = await p.send(get('/api/x', p.port));
  expect(withoutDate(relative.headers).slice(3)).toEqual([['Connection', 'keep-alive'], ['Location', '/admin/rel'], ['X-A', 'a']]);
});

test('proxy_redirect rewrites a Refresh header after its url=, without making it absolute', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = fixed(`HTTP/1.1 200 OK\r\nRefresh: 5; URL=http://localhost:${p.upstream.port}/admin/next\r\nX-B: b\r\nRefresh: 1\r\nContent-Type: text/html`);
  const r = await p.send(get('/api/x', p.port));
  expect(withoutDate(r.headers).slice(3)).toEqual([['Connection', 'keep-alive'], ['Refresh', '5; URL=/api/next'], ['X-B', 'b'], ['Refresh', '1']]);
});

test('proxy_redirect default with another rule, and proxy_redirect off', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    api: 'proxy_redirect default;\nproxy_redirect http://localhost:8080/ /;',
    server: 'location /off/ { proxy_pass http://localhost:U/admin/; proxy_redirect off; }',
  });
  p.upstream.behaviour = redirectTo(`http://localhost:${p.upstream.port}/admin/y`);
  const byDefault = await p.send(get('/api/x', p.port));
  expect(byDefault.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/api/y`]);
  const off = await p.send(get('/off/x', p.port));
  expect(off.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://localhost:${p.upstream.port}/admin/y`]);
});

test('proxy_cookie_path and proxy_cookie_domain: a matching Set-Cookie is written again in nginx\'s form, others pass as they came', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    api: 'proxy_cookie_path /admin/ /api/;\nproxy_cookie_path /other /$host/;\nproxy_cookie_domain localhost example.com;',
  });
  p.upstream.behaviour = fixed(
    [
      'HTTP/1.1 200 OK',
      'Set-Cookie: JSESSIONID=abc;Path=/admin/;  HttpOnly',
      'Set-Cookie: a=1; path=/other/x; Domain=.LOCALHOST;Secure;',
      'Set-Cookie: b=2; Path=/elsewhere;HttpOnly',
      'Set-Cookie: c; Path=/admin/',
      'Set-Cookie: d = 4 ; Domain = localhost',
      'Content-Type: text/plain',
    ].join('\r\n'),
  );
  const r = await p.send(get('/api/login', p.port));
  expect(r.headers.filter(([n]) => n === 'Set-Cookie').map(([, v]) => v)).toEqual([
    'JSESSIONID=abc; Path=/api/; HttpOnly',
    'a=1; path=/127.0.0.1//x; Domain=.example.com; Secure;',
    'b=2; Path=/elsewhere;HttpOnly',
    'c; Path=/admin/',
    'd=4; Domain=example.com',
  ]);
  // The empty attribute after the last ";" is written too.
  expect(r.raw).toContain('Domain=.example.com; Secure; \r\n');
});

test('proxy_intercept_errors on: an upstream 404 gets the location\'s error_page, a 500 its =503 one; a status without a page passes', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    api: 'proxy_intercept_errors on;\nerror_page 404 /x;\nerror_page 500 =503 /x;',
  });
  p.upstream.behaviour = fixed('HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nX-Up: 1', '{"error":"nf"}');
  const nf = await p.send(get('/api/users/9', p.port));
  expect(nf.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(withoutDate(nf.headers).map(([n]) => n)).toEqual(['Server', 'Content-Type', 'Content-Length', 'Connection', 'ETag']);
  expect(nf.body).toBe('hello\n');
  expect(nf.closed).toBe(false);
  p.upstream.behaviour = fixed('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain', 'no');
  const passed = await p.send(get('/api/secret', p.port));
  expect([passed.statusLine, passed.body]).toEqual(['HTTP/1.1 403 Forbidden', 'no']);
  // A 500 closes the client's connection, as nginx's own 500 does.
  p.upstream.behaviour = fixed('HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain', 'boom');
  const failed = await p.send(get('/api/boom', p.port));
  expect(failed.statusLine).toBe('HTTP/1.1 503 Service Temporarily Unavailable');
  expect(withoutDate(failed.headers).map(([n, v]) => (n === 'ETag' ? n : `${n}: ${v}`))).toEqual(['Server: nginx/1.22.1', 'Content-Type: application/octet-stream', 'Content-Length: 6', 'Connection: close', 'ETag']);
  expect(failed.body).toBe('hello\n');
  expect(p.requestLog()).toEqual([]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /api/users/9 HTTP/1.1" 404 6 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/secret HTTP/1.1" 403 2 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/boom HTTP/1.1" 503 6 "-" "-"',
  ]);
});

test('proxy_intercept_errors on with a 401: the upstream\'s first WWW-Authenticate leads the page\'s headers, a redirect\'s too', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    api: 'proxy_intercept_errors on;\nerror_page 401 /x;',
    server: 'location /login/ { proxy_pass http://localhost:U/admin/; proxy_intercept_errors on; error_page 401 http://example.com/login; }',
  });
  p.upstream.behaviour = fixed('HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer realm="api"\r\nX-Up: 1\r\nWWW-Authenticate: Basic\r\nContent-Type: application/json', '{}');
  const page = await p.send(get('/api/me', p.port));
  expect(page.statusLine).toBe('HTTP/1.1 401 Unauthorized');
  expect(withoutDate(page.headers).map(([n, v]) => (n === 'ETag' ? n : `${n}: ${v}`))).toEqual([
    'Server: nginx/1.22.1',
    'Content-Type: application/octet-stream',
    'Content-Length: 6',
    'Connection: keep-alive',
    'WWW-Authenticate: Bearer realm="api"',
    'ETag',
  ]);
  expect(page.body).toBe('hello\n');
  const redirect = await p.send(get('/login/me', p.port));
  expect(redirect.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(withoutDate(redirect.headers).slice(3)).toEqual([['Connection', 'keep-alive'], ['WWW-Authenticate', 'Bearer realm="api"'], ['Location', 'http://example.com/login']]);
  expect(redirect.body).toBe(PAGES[302]);
});

test('proxy_buffer_size 8k: a 6000-byte head passes; a head over 8k is "upstream sent too big header", 502', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_buffer_size 8k;\nproxy_busy_buffers_size 16k;' });
  p.upstream.behaviour = fixed(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Big: ${'b'.repeat(6000)}`);
  const big = await p.send(get('/api/x', p.port));
  expect(big.statusLine).toBe('HTTP/1.1 200 OK');
  expect(big.headers.find(([n]) => n === 'X-Big')?.[1]).toHaveLength(6000);
  expect(big.body).toBe('ok');
  p.upstream.behaviour = fixed(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Big: ${'b'.repeat(9000)}`);
  const tooBig = await p.send(get('/api/y', p.port));
  expect(tooBig.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(tooBig.body).toBe(PAGES[502]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *4 upstream sent too big header while reading response header from upstream, client: 127.0.0.1, server: localhost, request: "GET /api/y HTTP/1.1", upstream: "http://127.0.0.1:U/admin/y", host: "127.0.0.1:P"',
  ]);
});

const head = (fields: string) => `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n${fields}\r\n\r\n`;
const timedOut = (path: string) =>
  `TIME [error] PID: *2 upstream timed out (110: Connection timed out) while reading upstream, client: 127.0.0.1, server: localhost, request: "GET /api/${path} HTTP/1.1", upstream: "http://[::1]:U/admin/${path}", host: "127.0.0.1:P"`;

test('proxy_buffer_size 8k with proxy_buffering on: a body cut by a read timeout reaches the client up to the 8k buffer\'s end (temp file settings change nothing)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;\nproxy_buffer_size 8k;\nproxy_buffers 4 8k;\nproxy_max_temp_file_size 0;\nproxy_temp_file_write_size 16k;' });
  const h = head('Content-Length: 20000');
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: h + 'a'.repeat(10000) }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe('a'.repeat(8192 - h.length));
  expect(p.requestLog()).toEqual([timedOut('cut')]);
});

test('proxy_buffering off: every byte read goes to the client at once, a body cut by a read timeout too (and a short one)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_read_timeout 1s;\nproxy_buffering off;' });
  p.upstream.behaviour = { kind: 'pieces', pieces: [{ ms: 0, data: head('Content-Length: 10000') + 'a'.repeat(5000) }, { ms: 100, data: '0123456789' }], then: 'hang' };
  const r = await p.send(get('/api/cut', p.port), { untilClose: true });
  expect(r.closed).toBe(true);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe('a'.repeat(5000) + '0123456789');
  expect(p.requestLog()).toEqual([timedOut('cut')]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/cut HTTP/1.1" 200 5010 "-" "-"']);
});

test('proxy_buffering off with a chunked upstream: each piece of a chunk is passed on as its own chunk', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'proxy_http_version 1.1;\nproxy_buffering off;' });
  p.upstream.behaviour = {
    kind: 'pieces',
    pieces: [{ ms: 0, data: head('Transfer-Encoding: chunked') + 'a\r\nhello' }, { ms: 100, data: 'world\r\n' }, { ms: 100, data: '0\r\n\r\n' }],
    then: 'close',
  };
  const r = await p.send(get('/api/stream', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.raw.slice(r.raw.indexOf('\r\n\r\n') + 4)).toBe('5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n');
  expect(r.body).toBe('helloworld');
});
