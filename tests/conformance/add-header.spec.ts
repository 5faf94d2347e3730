// add_header (ngx_http_headers_module): the headers go after the handler's own (a static file's
// ETag, an upstream's) and before what later filters add (Accept-Ranges, Content-Range); only on
// 200, 201, 204, 206, 301, 302, 303, 304, 307, 308 unless `always`; an empty value adds nothing;
// a level with any add_header drops the outer level's. add_trailer, on the same statuses, makes an
// HTTP/1.1 body chunked and sends its fields after the last chunk.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, pageHeaders, withoutDate } from '../support/pages.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

/** html/x's Last-Modified and ETag. */
function fileOf(p: ProxyUnderTest, name = 'x'): { lastModified: string; etag: string } {
  const st = statSync(join(p.prefix, 'html', name));
  return { lastModified: st.mtime.toUTCString(), etag: `"${Math.floor(st.mtimeMs / 1000).toString(16)}-${st.size.toString(16)}"` };
}

const CORS = `
            add_header Access-Control-Allow-Origin *;
            add_header Access-Control-Allow-Methods 'GET, POST, PUT, DELETE, OPTIONS';
            add_header Access-Control-Allow-Headers 'Authorization, Content-Type';
            add_header X-Empty "";
            add_header X-Where "$uri|$host|$arg_a" always;
            add_header Cache-Control no-cache;`;

test('add_header on a static file: after ETag, before Accept-Ranges, in the conf\'s order; the empty one left out', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: CORS });
  const r = await p.send(get('/x?a=1', p.port));
  const f = fileOf(p);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/octet-stream'],
    ['Content-Length', '6'],
    ['Last-Modified', f.lastModified],
    ['Connection', 'keep-alive'],
    ['ETag', f.etag],
    ['Access-Control-Allow-Origin', '*'],
    ['Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS'],
    ['Access-Control-Allow-Headers', 'Authorization, Content-Type'],
    ['X-Where', `/x|127.0.0.1|1`],
    ['Cache-Control', 'no-cache'],
    ['Accept-Ranges', 'bytes'],
  ]);
  expect(r.body).toBe('hello\n');
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x?a=1 HTTP/1.1" 200 6 "-" "-"']);
});

test('add_header on nginx\'s 404 page: only the `always` one, after Connection', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: CORS });
  const r = await p.send(get('/missing', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(withoutDate(r.headers)).toEqual([...pageHeaders(153), ['X-Where', '/missing|127.0.0.1|']]);
  expect(r.body).toBe(PAGES[404]);
  expect(p.requestLog()).toHaveLength(1);
});

test('add_header on the directory redirect (301): all of them, after Location and Connection', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: CORS });
  const r = await p.send(get('/dir', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '169'],
    ['Location', `http://127.0.0.1:${p.port}/dir/`],
    ['Connection', 'keep-alive'],
    ['Access-Control-Allow-Origin', '*'],
    ['Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS'],
    ['Access-Control-Allow-Headers', 'Authorization, Content-Type'],
    ['X-Where', '/dir|127.0.0.1|'],
    ['Cache-Control', 'no-cache'],
  ]);
  expect(r.body).toBe(PAGES[301]);
});

test('add_header on a 304 and a 206; a 416 keeps the 200\'s headers before Content-Range and adds the `always` one again', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'add_header X-A a;\nadd_header X-B b always;' });
  const f = fileOf(p);
  const nm = await p.send(get('/x', p.port, [`If-None-Match: ${f.etag}`]));
  expect(nm.statusLine).toBe('HTTP/1.1 304 Not Modified');
  expect(withoutDate(nm.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Last-Modified', f.lastModified],
    ['Connection', 'keep-alive'],
    ['ETag', f.etag],
    ['X-A', 'a'],
    ['X-B', 'b'],
  ]);
  const part = await p.send(get('/x', p.port, ['Range: bytes=0-1']));
  expect(part.statusLine).toBe('HTTP/1.1 206 Partial Content');
  expect(withoutDate(part.headers).slice(4)).toEqual([['Connection', 'keep-alive'], ['ETag', f.etag], ['X-A', 'a'], ['X-B', 'b'], ['Content-Range', 'bytes 0-1/6']]);
  expect(part.body).toBe('he');
  const bad = await p.send(get('/x', p.port, ['Range: bytes=50-']));
  expect(bad.statusLine).toBe('HTTP/1.1 416 Requested Range Not Satisfiable');
  expect(withoutDate(bad.headers)).toEqual([...pageHeaders(197), ['X-A', 'a'], ['X-B', 'b'], ['Content-Range', 'bytes */6'], ['X-B', 'b']]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 304 0 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 206 2 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 416 197 "-" "-"',
  ]);
});

test('add_header inheritance: a location with its own drops the server\'s; one without any keeps them', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    static: 'add_header X-Loc loc;',
    server: `add_header X-Srv srv;
        add_header X-Srv2 srv2;
        location = /style.css { }`,
  });
  const own = await p.send(get('/x', p.port));
  expect(withoutDate(own.headers).slice(5)).toEqual([['ETag', fileOf(p).etag], ['X-Loc', 'loc'], ['Accept-Ranges', 'bytes']]);
  const inherited = await p.send(get('/style.css', p.port));
  expect(withoutDate(inherited.headers).slice(5)).toEqual([['ETag', fileOf(p, 'style.css').etag], ['X-Srv', 'srv'], ['X-Srv2', 'srv2'], ['Accept-Ranges', 'bytes']]);
});

test('add_header ETag and Last-Modified replace the file\'s own; an empty ETag removes it', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    static: 'add_header Last-Modified "Mon, 01 Jan 2024 00:00:00 GMT";\nadd_header X-A a;',
    server: 'location = /style.css { add_header ETag ""; }',
  });
  const r = await p.send(get('/x', p.port));
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/octet-stream'],
    ['Content-Length', '6'],
    ['Connection', 'keep-alive'],
    ['ETag', fileOf(p).etag],
    ['Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT'],
    ['X-A', 'a'],
    ['Accept-Ranges', 'bytes'],
  ]);
  const noEtag = await p.send(get('/style.css', p.port));
  expect(withoutDate(noEtag.headers).slice(4)).toEqual([['Connection', 'keep-alive'], ['Accept-Ranges', 'bytes']]);
});

const UPSTREAM_HEAD =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nX-Pad: pad\r\nAccess-Control-Allow-Origin: http://up\r\nX-Up: 1\r\nConnection: close\r\n\r\n{}';

test('add_header on a proxied answer: after the upstream\'s headers (a second Access-Control-Allow-Origin, as nginx does)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'add_header Access-Control-Allow-Origin *;\nadd_header X-Al al always;' });
  p.upstream.behaviour = { kind: 'fixed', response: UPSTREAM_HEAD };
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/json'],
    ['Content-Length', '2'],
    ['Connection', 'keep-alive'],
    ['Access-Control-Allow-Origin', 'http://up'],
    ['X-Up', '1'],
    ['Access-Control-Allow-Origin', '*'],
    ['X-Al', 'al'],
  ]);
  expect(r.body).toBe('{}');
});

test('add_header on an upstream\'s 404 and on nginx\'s 502: only the `always` one', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', api: 'add_header X-A a;\nadd_header X-Al al always;' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: 3\r\nConnection: close\r\n\r\nnf!' };
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(withoutDate(r.headers)).toEqual([...pageHeaders(3), ['X-Al', 'al']]);
  expect(r.body).toBe('nf!');
  await p.upstream.close();
  const down = await p.send(get('/api/x', p.port));
  expect(down.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  expect(withoutDate(down.headers)).toEqual([...pageHeaders(157), ['X-Al', 'al']]);
  expect(down.body).toBe(PAGES[502]);
});

test('add_header with a variable nginx has but the engine cannot give is refused at start on the embedded engine', async ({ startProxy, engine }) => {
  test.skip(engine === 'nginx', 'real nginx evaluates it');
  await expect(startProxy({ upstream: 'dual', static: 'add_header X-T $ssl_client_verify;' })).rejects.toThrow(/the variable "\$ssl_client_verify" \(used by "add_header X-T"\) is not supported by the embedded engine/);
});

test('add_trailer: the body goes chunked (no Content-Length) with the fields after the last chunk; $sent_http_cache_control joins its lines; not on a 404 without always; HTTP/1.0 gets none', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    server: `location = /t { add_trailer X-Foo foo; add_trailer X-Foo bar; add_trailer X-Empty ""; add_trailer X-Seen $sent_trailer_x_foo; add_trailer X-All all always; return 200 "body"; }
        location = /nf { add_trailer X-Foo foo; add_trailer X-All all always; return 404; }
        location = /cc { add_header Cache-Control a; add_header Cache-Control b; add_header X-CC $sent_http_cache_control; return 204; }`,
  });
  const r = await p.send(get('/t', p.port));
  expect([r.status, r.headers.find(([n]) => n === 'Content-Length'), r.headers.find(([n]) => n === 'Transfer-Encoding')?.[1]]).toEqual([200, undefined, 'chunked']);
  expect(r.raw.slice(r.raw.indexOf('\r\n\r\n') + 4)).toBe('4\r\nbody\r\n0\r\nX-Foo: foo\r\nX-Foo: bar\r\nX-Seen: foo\r\nX-All: all\r\n\r\n');
  const nf = await p.send(get('/nf', p.port));
  expect(nf.raw.endsWith('\r\n0\r\nX-All: all\r\n\r\n')).toBe(true);
  const old = await p.send('GET /t HTTP/1.0\r\n\r\n');
  expect([old.headers.find(([n]) => n === 'Content-Length')?.[1], old.raw.endsWith('\r\n\r\nbody')]).toEqual(['4', true]);
  const cc = await p.send(get('/cc', p.port));
  expect(cc.headers.find(([n]) => n === 'X-CC')?.[1]).toBe('a, b');
});

test('$upstream_cookie_bar: the value of the upstream Set-Cookie that starts with bar=, up to its first ";"', async ({ startProxy }) => {
  const p = await startProxy({
    upstream: 'dual',
    server: `location = /u { add_header X-Bar $upstream_cookie_bar; add_header X-None x$upstream_cookie_none; proxy_pass http://127.0.0.1:P/backend; }
        location = /backend { add_header Set-Cookie foo=1; add_header Set-Cookie "bar=2; Path=/"; return 204; }`,
  });
  const r = await p.send(get('/u', p.port));
  expect([r.headers.find(([n]) => n === 'X-Bar')?.[1], r.headers.find(([n]) => n === 'X-None')?.[1]]).toEqual(['2', 'x']);
});
