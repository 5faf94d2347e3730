// `proxy_pass` with variables (ngx_http_proxy_eval(), ngx_http_upstream_init_request() with
// u->resolved): the URL is evaluated per request; an upstream block's name (no port) is that
// upstream, an IP address is connected to directly, any other host needs a resolver; a URI part
// is sent as evaluated (no prefix replaced, no arguments added), none passes the request's URI.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, withoutDate } from '../support/pages.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

/** A log of the upstream address, and what the upstream got: its request line and its Host and X-PH headers. */
const LOGGED = { http: `log_format up '"$request" $status $upstream_addr';`, server: 'access_log logs/access.log up;' };
const PH = 'proxy_set_header X-PH "$proxy_host $proxy_port";';

function received(p: ProxyUnderTest): string[][] {
  return p.upstream.received.map((r) => r.raw.split('\r\n').filter((l, i) => i === 0 || /^(Host|X-PH):/.test(l)));
}

const line = (path: string) => `client: 127.0.0.1, server: localhost, request: "GET ${path} HTTP/1.1", host: "127.0.0.1:P"`;

test('proxy_pass $backend set at server level, after rewrite ... break: the rewritten URI with the arguments, Host the address', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    http: LOGGED.http,
    server: `${LOGGED.server}
        set $backend http://127.0.0.1:U;
        location ^~ /v/ {
            rewrite ^/v/(.*)$ /admin/$1 break;
            proxy_pass $backend;
            ${PH}
        }`,
  });
  const r = await p.send(get('/v/x?a=1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', String(r.body.length)],
    ['Connection', 'keep-alive'],
    ['X-Up', '127.0.0.1'],
  ]);
  expect(received(p)).toEqual([['GET /admin/x?a=1 HTTP/1.0', `X-PH: 127.0.0.1:${p.upstream.port} ${p.upstream.port}`, `Host: 127.0.0.1:${p.upstream.port}`]]);
  expect(r.body).toContain('GET /admin/x?a=1 HTTP/1.0\r\n');
  expect(p.requestLog()).toEqual([]);
  expect(p.access()).toEqual(['"GET /v/x?a=1 HTTP/1.1" 200 127.0.0.1:U']);
});

test('proxy_pass $b naming an upstream block (no port): its peers, the request URI unchanged, Host the name', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    http: `${LOGGED.http}\n    upstream backend { server [::1]:U; }`,
    server: `${LOGGED.server}\n        set $b http://backend;`,
    proxyPass: '$b',
    api: PH,
  });
  const r = await p.send(get('/api/y?q=2', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(received(p)).toEqual([['GET /api/y?q=2 HTTP/1.0', 'X-PH: backend 80', 'Host: backend']]);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1']);
  expect(p.access()).toEqual(['"GET /api/y?q=2 HTTP/1.1" 200 [::1]:U']);
});

test('proxy_pass with a URI part in variables, in a regex location: the URI as evaluated, no arguments added', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    http: LOGGED.http,
    server: `${LOGGED.server}
        location ~ ^/re/(.*)$ {
            proxy_pass http://127.0.0.1:U/admin/$1;
        }`,
  });
  const r = await p.send(get('/re/z?a=1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(received(p)).toEqual([['GET /admin/z HTTP/1.0', `Host: 127.0.0.1:${p.upstream.port}`]]);
  expect(p.access()).toEqual(['"GET /re/z?a=1 HTTP/1.1" 200 127.0.0.1:U']);
});

test('proxy_pass $b with a host name and no resolver: 502 and "no resolver defined to resolve"', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    http: LOGGED.http,
    server: `${LOGGED.server}\n        set $b http://localhost:U;`,
    proxyPass: '$b',
  });
  const r = await p.send(get('/api/n', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', String(PAGES[502].length)],
    ['Connection', 'keep-alive'],
  ]);
  expect(r.body).toBe(PAGES[502]);
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([`TIME [error] PID: *2 no resolver defined to resolve localhost, ${line('/api/n')}`]);
  expect(p.access()).toEqual(['"GET /api/n HTTP/1.1" 502 -']);
});

test('proxy_pass $b without http://: 500 and "invalid URL prefix in" the value', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    http: LOGGED.http,
    server: `${LOGGED.server}\n        set $b 127.0.0.1:U;`,
    proxyPass: '$b',
  });
  const r = await p.send(get('/api/s', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
  expect(r.body).toBe(PAGES[500]);
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([`TIME [error] PID: *2 invalid URL prefix in "127.0.0.1:U", ${line('/api/s')}`]);
  expect(p.access()).toEqual(['"GET /api/s HTTP/1.1" 500 -']);
});

test('proxy_pass $b: no proxy_redirect default, so the upstream\'s Location naming proxy_pass\'s URL passes unchanged', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'set $b http://127.0.0.1:U;', proxyPass: '$b' });
  const to = `http://127.0.0.1:${p.upstream.port}/api/foo`;
  p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 302 Found\r\nLocation: ${to}\r\nContent-Length: 0\r\n\r\n` };
  const r = await p.send(get('/api/a', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 302 Found');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Length', '0'],
    ['Connection', 'keep-alive'],
    ['Location', to],
  ]);
});
