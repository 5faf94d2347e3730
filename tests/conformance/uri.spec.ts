// Location matching and URI normalisation as nginx 1.22.1 does them, one case per row of the
// table below: what the client gets, what the echo upstream received (its request line), and the logs.
// html/x exists in the prefix, so a URI that normalises to /x is served from `location /`.
import { test, expect } from '../fixtures.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

/** A raw request for `target` (bytes as latin1) with Host localhost:P, as the captures from nginx sent it. */
function request(p: ProxyUnderTest, target: string): Promise<import('../support/raw-http.js').RawResponse> {
  return p.send(`GET ${target} HTTP/1.1\r\nHost: localhost:${p.port}\r\n\r\n`);
}

/** latin1 text of the UTF-8 bytes of `s`: how the request line travels. */
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

// Proxied: the URI the upstream received.
const PROXIED: [target: string, upstream: string, why: string][] = [
  ['/api/./users', '/admin/users', 'a "." segment is removed'],
  ['//api/x', '/admin/x', 'merge_slashes'],
  ['/api//x', '/admin/x', 'merge_slashes inside the path'],
  ['/api/a%2fb', '/admin/a/b', '%2F is decoded and not re-escaped'],
  ['/api/a%20b', '/admin/a%20b', 'a % in the path: the rest is re-escaped'],
  ['/api/%7Euser', '/admin/~user', '~ is not escaped again'],
  ['/api/u?q=a%2fb&r=../x', '/admin/u?q=a%2fb&r=../x', 'the query string is passed byte for byte'],
  ['/api/a/../b', '/admin/b', 'a ".." segment removes the one before'],
  ['/api/../api/z', '/admin/z', 'climbing out of /api/ and back in'],
  [utf8('/api/ä'), utf8('/admin/ä'), 'raw UTF-8 without % is passed as raw bytes'],
  [utf8('/api/ä%20b'), '/admin/%C3%A4%20b', 'with a % in the path the raw bytes are escaped too'],
  [utf8('/api/ä?q=ä'), utf8('/admin/ä?q=ä'), 'raw bytes in path and query'],
  ['/api/a+b', '/admin/a+b', '+ is kept'],
  ['/api/%41', '/admin/A', '%41 is decoded to A'],
  [`/api/a'b"c`, `/admin/a'b"c`, 'quotes are passed'],
  ['/api/a<b>', '/admin/a<b>', '< and > are passed'],
  ['/api/a%3Fb', '/admin/a%3Fb', 'a decoded ? is escaped again'],
  ['/api/a%23b', '/admin/a%23b', 'a decoded # is escaped again'],
  ['/api/%25', '/admin/%25', 'a decoded % is escaped again'],
];

for (const [target, upstream, why] of PROXIED) {
  test(`7e: ${JSON.stringify(target)} is proxied as ${JSON.stringify(upstream)} (${why})`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual' });
    const r = await request(p, target);
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual([`GET ${upstream} HTTP/1.0`]);
    expect(r.body).toBe(`UPSTREAM ::1 GOT:\n${p.upstream.received[0].raw}`);
    // The access log shows the request line as sent, bytes >= 0x7f and `"` escaped as \xHH.
    const logged = target.replace(/[\x7f-\xff"]/g, (c) => '\\x' + c.charCodeAt(0).toString(16).toUpperCase());
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET ${logged} HTTP/1.1" 200 ${r.body.length} "-" "-"`]);
    expect(p.errorLog()).toEqual([]);
  });
}

// Normalised to /x: location / serves html/x; nothing reaches the upstream.
for (const [target, why] of [
  ['/api/../x', 'dot segments'],
  ['/api/%2e%2e/x', '%2e decoded, then dot segments'],
  ['/api/%2E%2E/x', 'upper-case escapes too'],
  ['/api/..%2fx', '%2f decoded: /api/../x'],
] as const) {
  test(`7e: ${target} normalises to /x and is served by location / (${why})`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual' });
    const r = await request(p, target);
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(r.body).toBe('hello\n');
    expect(r.headers.find(([n]) => n === 'Content-Type')).toEqual(['Content-Type', 'application/octet-stream']);
    expect(p.upstream.received).toEqual([]);
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET ${target} HTTP/1.1" 200 6 "-" "-"`]);
    expect(p.errorLog()).toEqual([]);
  });
}

// Refused at the request line: 400, Connection: close, nothing upstream, [info] only.
for (const [target, why] of [
  ['/api/%2e%2e/%2e%2e/etc/passwd', 'climbs above the root'],
  ['/../x', 'climbs above the root'],
  ['/api/x%00y', 'a decoded NUL'],
  ['/api/%', 'a bare %'],
  ['/api/%zz', 'a % without two hex digits'],
] as const) {
  test(`7e: ${target} is a 400 (${why})`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
    const r = await request(p, target);
    expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(157, 'close'));
    expect(r.body).toBe(PAGES[400]);
    expect(p.upstream.received).toEqual([]);
    await expect
      .poll(() => p.requestLog())
      .toEqual([`TIME [info] PID: *2 client sent invalid request while reading client request line, client: 127.0.0.1, server: localhost, request: "GET ${target} HTTP/1.1"`]);
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET ${target} HTTP/1.1" 400 157 "-" "-"`]);
  });
}

// Not /api/: location / and its 404, with nginx's open() line.
for (const [target, why] of [
  ['/API/users', 'location matching is case-sensitive on Linux'],
  ['/apix', '/apix does not match /api/'],
  ['/api-foo', 'nor does /api-foo'],
] as const) {
  test(`7e: ${target} goes to location / and is a 404 (${why})`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual' });
    const r = await request(p, target);
    expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(153));
    expect(r.body).toBe(PAGES[404]);
    expect(p.upstream.received).toEqual([]);
    expect(p.requestLog()).toEqual([
      `TIME [error] PID: *2 open() "PREFIX/html${target}" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET ${target} HTTP/1.1", host: "localhost:P"`,
    ]);
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET ${target} HTTP/1.1" 404 153 "-" "-"`]);
  });
}

test('7e: /api is a 301 to /api/ (auto_redirect of a proxied prefix location), Location from the Host header and the listen port', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(`GET /api HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\n\r\n`);
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '169'],
    ['Location', `http://127.0.0.1:${p.port}/api/`],
    ['Connection', 'keep-alive'],
  ]);
  expect(r.body).toBe(PAGES[301]);
  expect(p.upstream.received).toEqual([]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api HTTP/1.1" 301 169 "-" "-"']);
  expect(p.errorLog()).toEqual([]);
});

test('7e: /api?x=1 keeps its query; Host: foo.example gives http://foo.example:P/api/?x=1', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r1 = await request(p, '/api?x=1');
  const r2 = await p.send('GET /api?x=1 HTTP/1.1\r\nHost: foo.example\r\n\r\n');
  expect(r1.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://localhost:${p.port}/api/?x=1`]);
  expect(r2.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://foo.example:${p.port}/api/?x=1`]);
});

// One might expect the IPv6 form `http://[::1]:P/api/`; nginx 1.22.1 itself prints the local
// address without brackets (ngx_http_header_filter uses ngx_sock_ntop(..., 0)), so that is asserted.
test('8: /api without a Host header: Location from the connection\'s local address, IPv4 and IPv6', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const v4 = await p.send('GET /api HTTP/1.0\r\n\r\n');
  const v6 = await p.send('GET /api HTTP/1.0\r\n\r\n', { host: '::1' });
  expect(v4.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/api/`]);
  expect(v6.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://::1:${p.port}/api/`]);
  expect(v4.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'close']);
});

test('7e: merge_slashes off: //api/x no longer matches /api/ and is looked up as a file', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'merge_slashes off;' });
  const r = await request(p, '//api/x');
  expect(r.status).toBe(404);
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 open() "PREFIX/html//api/x" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET //api/x HTTP/1.1", host: "localhost:P"`,
  ]);
});

test('7e: merge_slashes off: /api//x is proxied with both slashes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'merge_slashes off;' });
  const r = await request(p, '/api//x');
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual(['GET /admin//x HTTP/1.0']);
});
