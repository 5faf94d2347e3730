// ngx_http_access_module: allow and deny by address, CIDR or `all`, IPv4 and IPv6, the first rule
// that matches deciding; a deny is a 403 with its [error] line; a level with rules of its own
// replaces the outer level's; rewrite directives (a `return`) run before the access phase.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';

const forbidden = (n: number, request: string, client = '127.0.0.1', host = '127.0.0.1:P') =>
  `TIME [error] PID: *${n} access forbidden by rule, client: ${client}, server: localhost, request: "${request}", host: "${host}"`;

test('deny all: nginx\'s 403 page and "access forbidden by rule"', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /admin/ { deny all; }' });
  const r = await p.send(get('/admin/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(153));
  expect(r.body).toBe(PAGES[403]);
  expect(p.requestLog()).toEqual([forbidden(2, 'GET /admin/x HTTP/1.1')]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /admin/x HTTP/1.1" 403 153 "-" "-"']);
});

test('the first rule that matches decides: allow 127.0.0.1 before deny all lets loopback in; a CIDR deny before it keeps it out', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /in/ { allow 127.0.0.1; deny all; root html; }
        location /out/ { deny 127.0.0.0/8; allow all; }
        location /v6/ { allow 127.0.0.1; deny ::1; }`,
  });
  expect((await p.send(get('/in/', p.port))).status).toBe(404);
  expect((await p.send(get('/out/', p.port))).status).toBe(403);
  expect((await p.send(get('/v6/', p.port, [], 'GET'), { host: '::1' })).status).toBe(403);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 "PREFIX/html/in/index.html" is not found (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /in/ HTTP/1.1", host: "127.0.0.1:P"',
    forbidden(3, 'GET /out/ HTTP/1.1'),
    forbidden(4, 'GET /v6/ HTTP/1.1', '::1'),
  ]);
});

test('server rules are inherited by a location without its own; a location with its own replaces them', async ({ startProxy }) => {
  const p = await startProxy({ server: 'deny all;\n        location /open/ { allow all; return 200 open; }' });
  expect((await p.send(get('/api/x', p.port))).status).toBe(403);
  expect((await p.send(get('/open/', p.port))).body).toBe('open');
  expect(p.upstream.received).toEqual([]);
});

test('a return runs in the rewrite phase, before allow and deny are tested', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /ret/ { deny all; return 200 ok; }' });
  expect((await p.send(get('/ret/', p.port))).body).toBe('ok');
  expect(p.requestLog()).toEqual([]);
});

const confErrors: [string, string][] = [
  ['allow bad;', 'invalid parameter "bad"'],
  ['deny 1.2.3.4/33;', 'invalid parameter "1.2.3.4/33"'],
  ['allow ::1/129;', 'invalid parameter "::1/129"'],
];

for (const [directive, message] of confErrors) {
  test(`conf error: ${directive} is nginx's [emerg] ${message}`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { server: directive });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(directive)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  });
}

test('limit_except GET: GET and HEAD pass, another method meets the block\'s rules; a method it allows is still proxied', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'limit_except GET { deny all; }', server: 'location /in/ { proxy_pass http://localhost:U/admin/; limit_except GET { allow 127.0.0.1; deny all; } }' });
  expect((await p.send(get('/api/x', p.port))).status).toBe(200);
  expect((await p.send(get('/api/x', p.port, [], 'HEAD'))).status).toBe(200);
  const post = await p.send(get('/api/x', p.port, ['Content-Length: 0'], 'POST'));
  expect(post.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(post.body).toBe(PAGES[403]);
  const allowed = await p.send(get('/in/x', p.port, ['Content-Length: 0'], 'DELETE'));
  expect(allowed.status).toBe(200);
  expect(p.upstream.received.map((r) => r.raw.split('\r\n')[0])).toEqual(['GET /admin/x HTTP/1.0', 'HEAD /admin/x HTTP/1.0', 'DELETE /admin/x HTTP/1.0']);
  await expect.poll(() => p.requestLog()).toEqual([forbidden(6, 'POST /api/x HTTP/1.1')]);
});

for (const [directive, message] of [
  ['limit_except FETCH { deny all; }', 'invalid method "FETCH"'],
  ['limit_except GET { deny all; } limit_except POST { deny all; }', '"limit_except" directive is duplicate'],
  ['limit_except GET { root html; }', '"root" directive is not allowed here'],
]) {
  test(`limit_except refused at start: ${message}`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { api: directive });
    const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(directive)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  });
}
