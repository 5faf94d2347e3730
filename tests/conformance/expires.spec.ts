// expires (ngx_http_headers_module, ngx_http_set_expires()): Expires and Cache-Control, counted
// from the answer's Date (access) or its Last-Modified (modified); only on 200, 201, 204, 206,
// 301, 302, 303, 304, 307, 308. An upstream's Expires and first Cache-Control get the new values
// in their places, its other Cache-Control lines are dropped; missing ones are added, Expires
// first, before the add_header ones.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header } from '../support/raw-http.js';
import { PAGES, pageHeaders, withoutDate } from '../support/pages.js';

const at = (date: string, seconds: number) => new Date(Date.parse(date) + seconds * 1000).toUTCString();

test('expires 30d on a static file: Expires a month after Date, max-age, after ETag and before add_header and Accept-Ranges', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'expires 30d;\nadd_header X-A a;' });
  const r = await p.send(get('/x', p.port));
  const st = statSync(join(p.prefix, 'html', 'x'));
  const date = header(r, 'Date')!;
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/octet-stream'],
    ['Content-Length', '6'],
    ['Last-Modified', st.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['ETag', `"${Math.floor(st.mtimeMs / 1000).toString(16)}-6"`],
    ['Expires', at(date, 30 * 86400)],
    ['Cache-Control', 'max-age=2592000'],
    ['X-A', 'a'],
    ['Accept-Ranges', 'bytes'],
  ]);
  expect(r.body).toBe('hello\n');
});

test('expires max, epoch, 0 and off, a location\'s own over the server\'s; none on nginx\'s 403 and 404 pages', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    static: 'expires max;',
    server: `expires epoch;
        location = /style.css { }
        location = /index.html { expires 0; }
        location /dir/ { expires -1; }
        location = /dir/none { expires off; }`,
  });
  const cache = (r: { headers: [string, string][] }) => [header(r, 'Expires'), header(r, 'Cache-Control')];
  expect(cache(await p.send(get('/x', p.port)))).toEqual(['Thu, 31 Dec 2037 23:55:55 GMT', 'max-age=315360000']);
  expect(cache(await p.send(get('/style.css', p.port)))).toEqual(['Thu, 01 Jan 1970 00:00:01 GMT', 'no-cache']);
  const zero = await p.send(get('/index.html', p.port));
  expect(cache(zero)).toEqual([header(zero, 'Date'), 'max-age=0']);
  // nginx's 403 (no index in dir/) and 404 pages get none.
  const forbidden = await p.send(get('/dir/', p.port));
  expect(forbidden.status).toBe(403);
  expect(withoutDate(forbidden.headers)).toEqual(pageHeaders(153));
  const missing = await p.send(get('/dir/missing', p.port));
  expect(missing.status).toBe(404);
  expect(withoutDate(missing.headers)).toEqual(pageHeaders(153));
  const off = await p.send(get('/dir/none', p.port));
  expect(cache(off)).toEqual([undefined, undefined]);
});

test('expires -1 on a redirect (301): Expires a second before Date, no-cache', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'expires -1;' });
  const r = await p.send(get('/dir', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '169'],
    ['Location', `http://127.0.0.1:${p.port}/dir/`],
    ['Connection', 'keep-alive'],
    ['Expires', at(header(r, 'Date')!, -1)],
    ['Cache-Control', 'no-cache'],
  ]);
  expect(r.body).toBe(PAGES[301]);
});

test('expires modified +24h: from the file\'s Last-Modified, max-age what is left of it; modified -24h is no-cache', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'expires modified +24h;', server: 'location = /style.css { expires modified -24h; }' });
  const r = await p.send(get('/x', p.port));
  const lastModified = header(r, 'Last-Modified')!;
  const left = (Date.parse(lastModified) - Date.parse(header(r, 'Date')!)) / 1000 + 86400;
  expect([header(r, 'Expires'), header(r, 'Cache-Control')]).toEqual([at(lastModified, 86400), `max-age=${left}`]);
  const past = await p.send(get('/style.css', p.port));
  expect([header(past, 'Expires'), header(past, 'Cache-Control')]).toEqual([at(header(past, 'Last-Modified')!, -86400), 'no-cache']);
});

test('expires 1h on a proxied answer: the upstream\'s Expires and first Cache-Control take the values in place, its second Cache-Control goes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'expires 1h;\nadd_header Cache-Control no-store;' });
  p.upstream.behaviour = {
    kind: 'fixed',
    response:
      'HTTP/1.1 200 OK\r\nCache-Control: private\r\nContent-Type: text/plain\r\nX-One: 1\r\nExpires: Thu, 01 Jan 2099 00:00:00 GMT\r\nCache-Control: must-revalidate\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok',
  };
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', '2'],
    ['Connection', 'keep-alive'],
    ['Cache-Control', 'max-age=3600'],
    ['X-One', '1'],
    ['Expires', at(header(r, 'Date')!, 3600)],
    ['Cache-Control', 'no-store'],
  ]);
  expect(r.body).toBe('ok');
});

test('expires modified 1h on a proxied answer counts from the upstream\'s Last-Modified; an upstream 500 gets nothing', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'expires modified 1h;' });
  p.upstream.behaviour = {
    kind: 'fixed',
    response: 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nLast-Modified: Mon, 01 Jan 2024 00:00:00 GMT\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok',
  };
  const r = await p.send(get('/api/x', p.port));
  expect(withoutDate(r.headers).slice(3)).toEqual([
    ['Connection', 'keep-alive'],
    ['Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT'],
    ['Expires', 'Mon, 01 Jan 2024 01:00:00 GMT'],
    ['Cache-Control', 'no-cache'],
  ]);
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 500 Oops\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nno' };
  const failed = await p.send(get('/api/x', p.port));
  expect(failed.statusLine).toBe('HTTP/1.1 500 Oops');
  expect(withoutDate(failed.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain'],
    ['Content-Length', '2'],
    ['Connection', 'keep-alive'],
  ]);
});

test('expires $arg_e: the value read per answer; off, an empty or bad value, and epoch after modified set nothing', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    static: 'expires $arg_e;',
    server: 'location = /style.css { expires modified $arg_e; }',
  });
  const cache = async (path: string) => {
    const r = await p.send(get(path, p.port));
    return [header(r, 'Expires'), header(r, 'Cache-Control'), header(r, 'Date'), header(r, 'Last-Modified')];
  };
  expect((await cache('/x?e=max')).slice(0, 2)).toEqual(['Thu, 31 Dec 2037 23:55:55 GMT', 'max-age=315360000']);
  expect((await cache('/x?e=epoch')).slice(0, 2)).toEqual(['Thu, 01 Jan 1970 00:00:01 GMT', 'no-cache']);
  const access = await cache('/x?e=1h');
  expect(access.slice(0, 2)).toEqual([at(access[2]!, 3600), 'max-age=3600']);
  const past = await cache('/x?e=-60');
  expect(past.slice(0, 2)).toEqual([at(past[2]!, -60), 'no-cache']);
  const daily = await cache('/x?e=@33s');
  expect(daily[0]).toMatch(/:33 GMT$/);
  for (const path of ['/x?e=off', '/x', '/x?e=soon', '/x?e=@25h', '/style.css?e=epoch', '/style.css?e=@1h']) {
    expect((await cache(path)).slice(0, 2), path).toEqual([undefined, undefined]);
  }
  const modified = await cache('/style.css?e=-24h');
  expect(modified.slice(0, 2)).toEqual([at(modified[3]!, -86400), 'no-cache']);
});
