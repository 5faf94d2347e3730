// gzip and gzip_static as nginx 1.22.1 does them (taken from nginx itself): which answers are
// compressed, what that does to their head (no Content-Length, chunked to HTTP/1.1, a weak ETag,
// no Accept-Ranges, Content-Encoding last, Vary after Connection), and what the body decompresses
// to. The compressed bytes are zlib's and differ between the engines (another zlib, another way of
// cutting the stream), so bodies are compared decompressed, and the access log's body_bytes_sent
// of a compressed answer is read as a number, not compared.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { test, expect } from '../fixtures.js';
import { get, type RawResponse } from '../support/raw-http.js';
import { PAGES, pageHeaders, withoutDate } from '../support/pages.js';
import type { ProxyUnderTest, StartOptions } from '../support/proxy-under-test.js';

/** 9,690 bytes of text: long enough to compress, short enough to be read whole. */
const TEXT = Array.from({ length: 200 }, (_, i) => `line ${i} of the test file, some text to compress\n`).join('');
const GZ = ['Accept-Encoding: gzip, deflate'];

type Start = (o?: StartOptions) => Promise<ProxyUnderTest>;

/** The engine with `http` added to the http block and html/big.html, big.js and small.html beside the usual files. */
async function withFiles(startProxy: Start, o: StartOptions = {}) {
  const p = await startProxy({ upstream: 'dual', ...o });
  for (const name of ['big.html', 'big.js']) writeFileSync(join(p.prefix, 'html', name), TEXT);
  writeFileSync(join(p.prefix, 'html', 'small.html'), 'tiny\n');
  const st = statSync(join(p.prefix, 'html', 'big.html'));
  return { p, lastModified: st.mtime.toUTCString(), etag: `${Math.floor(st.mtimeMs / 1000).toString(16)}-25da` };
}

/** html/<dir>/big.html, for a location /<dir>/ of its own. */
function bigIn(p: ProxyUnderTest, dir: string): void {
  mkdirSync(join(p.prefix, 'html', dir));
  writeFileSync(join(p.prefix, 'html', dir, 'big.html'), TEXT);
}

/** The body of a gzipped answer, decompressed. */
const gunzipped = (r: RawResponse) => gunzipSync(Buffer.from(r.body, 'latin1')).toString('latin1');

/** An access-log line with a compressed answer's size replaced by N (it is zlib's, not nginx's). */
const sized = (line: string) => line.replace(/" (\d{3}) \d+ "/, '" $1 N "');

test('gzip: a text/html file is compressed: chunked, a weak ETag, no Content-Length or Accept-Ranges, Content-Encoding last', async ({ startProxy }) => {
  const { p, lastModified, etag } = await withFiles(startProxy, { http: 'gzip on;' });
  const r = await p.send(get('/big.html', p.port, GZ));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Last-Modified', lastModified],
    ['Transfer-Encoding', 'chunked'],
    ['Connection', 'keep-alive'],
    ['ETag', `W/"${etag}"`],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(r.raw.endsWith('\r\n0\r\n\r\n')).toBe(true);
  expect(gunzipped(r)).toBe(TEXT);
  expect(r.closed).toBe(false);
  await expect.poll(() => p.access().map(sized)).toEqual(['127.0.0.1 - - [TIME] "GET /big.html HTTP/1.1" 200 N "-" "-"']);
  // Chunk framing included, as nginx counts it: more than the gzip stream, far less than the file.
  const sent = Number(/" 200 (\d+) "/.exec(p.access()[0])![1]);
  expect(sent).toBeGreaterThan(Buffer.from(r.body, 'latin1').length);
  expect(sent).toBeLessThan(TEXT.length / 4);
});

test('gzip: a client that does not take gzip gets the file as it is, and with gzip_vary the Vary all the same', async ({ startProxy }) => {
  const { p, lastModified, etag } = await withFiles(startProxy, { http: 'gzip on;\ngzip_vary on;' });
  const r = await p.send(get('/big.html', p.port));
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', String(TEXT.length)],
    ['Last-Modified', lastModified],
    ['Connection', 'keep-alive'],
    ['Vary', 'Accept-Encoding'],
    ['ETag', `"${etag}"`],
    ['Accept-Ranges', 'bytes'],
  ]);
  expect(r.body).toBe(TEXT);
  const z = await p.send(get('/big.html', p.port, GZ));
  expect(z.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Last-Modified', 'Transfer-Encoding', 'Connection', 'Vary', 'ETag', 'Content-Encoding']);
  expect(gunzipped(z)).toBe(TEXT);
});

test('gzip: no Vary where gzip would not compress anyway: a body under gzip_min_length, a type not in gzip_types', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;\ngzip_vary on;' });
  const small = await p.send(get('/small.html', p.port, GZ));
  expect(small.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  expect(small.body).toBe('tiny\n');
  const js = await p.send(get('/big.js', p.port, GZ));
  expect(js.headers.find(([n]) => n === 'Content-Type')).toEqual(['Content-Type', 'application/javascript']);
  expect(js.headers.find(([n]) => n === 'Content-Encoding' || n === 'Vary')).toBeUndefined();
  expect(js.body).toBe(TEXT);
});

test('gzip: gzip_types adds types to text/html; gzip_min_length is against Content-Length', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;\ngzip_types application/javascript;\ngzip_min_length 5;' });
  const js = await p.send(get('/big.js', p.port, GZ));
  expect(js.headers.find(([n]) => n === 'Content-Encoding')).toEqual(['Content-Encoding', 'gzip']);
  expect(gunzipped(js)).toBe(TEXT);
  const small = await p.send(get('/small.html', p.port, GZ));
  expect(small.headers.find(([n]) => n === 'Content-Encoding')).toEqual(['Content-Encoding', 'gzip']);
  expect(gunzipped(small)).toBe('tiny\n');
});

test('gzip: HTTP/1.0 is not compressed (gzip_http_version 1.1); with 1.0 it is, without a length, and the connection closes', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;', server: 'location /v10/ { root html; gzip_http_version 1.0; }' });
  const plain = await p.send(`GET /big.html HTTP/1.0\r\nAccept-Encoding: gzip\r\n\r\n`);
  expect(plain.headers.find(([n]) => n === 'Content-Length')).toEqual(['Content-Length', String(TEXT.length)]);
  expect(plain.body).toBe(TEXT);
  bigIn(p, 'v10');
  const z = await p.send(`GET /v10/big.html HTTP/1.0\r\nAccept-Encoding: gzip\r\n\r\n`);
  expect(z.statusLine).toBe('HTTP/1.1 200 OK');
  expect(z.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Last-Modified', 'Connection', 'ETag', 'Content-Encoding']);
  expect(z.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'close']);
  expect(z.closed).toBe(true);
  expect(gunzipped(z)).toBe(TEXT);
});

test('gzip: a HEAD gets the compressed answer\'s head (no length, a weak ETag), without a body, and keep-alive', async ({ startProxy }) => {
  const { p, lastModified, etag } = await withFiles(startProxy, { http: 'gzip on;' });
  const r = await p.send(get('/big.html', p.port, GZ, 'HEAD'), { head: true });
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Last-Modified', lastModified],
    ['Connection', 'keep-alive'],
    ['ETag', `W/"${etag}"`],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(r.raw.endsWith('\r\n\r\n')).toBe(true);
  expect(r.closed).toBe(false);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "HEAD /big.html HTTP/1.1" 200 0 "-" "-"']);
});

test('gzip: a Range is not served when the answer is compressed (a whole 200); to a client without gzip it is, Vary and all', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;\ngzip_vary on;' });
  const z = await p.send(get('/big.html', p.port, [...GZ, 'Range: bytes=0-9']));
  expect(z.statusLine).toBe('HTTP/1.1 200 OK');
  expect(gunzipped(z)).toBe(TEXT);
  const beyond = await p.send(get('/big.html', p.port, [...GZ, 'Range: bytes=99999-']));
  expect(beyond.statusLine).toBe('HTTP/1.1 200 OK');
  const part = await p.send(get('/big.html', p.port, ['Range: bytes=0-9']));
  expect(part.statusLine).toBe('HTTP/1.1 206 Partial Content');
  expect(part.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'Vary', 'ETag', 'Content-Range']);
  expect(part.body).toBe(TEXT.slice(0, 10));
  const none = await p.send(get('/big.html', p.port, ['Range: bytes=99999-']));
  expect(withoutDate(none.headers)).toEqual([...pageHeaders(197), ['Vary', 'Accept-Encoding'], ['Content-Range', `bytes */${TEXT.length}`]]);
});

test('gzip: a 304 is not compressed and keeps its strong ETag; a weak If-None-Match matches it', async ({ startProxy }) => {
  const { p, etag, lastModified } = await withFiles(startProxy, { http: 'gzip on;\ngzip_vary on;' });
  const r = await p.send(get('/big.html', p.port, [...GZ, `If-None-Match: W/"${etag}"`]));
  expect(r.statusLine).toBe('HTTP/1.1 304 Not Modified');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Last-Modified', lastModified],
    ['Connection', 'keep-alive'],
    ['ETag', `"${etag}"`],
  ]);
});

test('gzip: nginx\'s 404 and 403 pages are compressed, its 405 is not (only 200, 403 and 404 are)', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;\ngzip_vary on;' });
  const nf = await p.send(get('/nope.html', p.port, GZ));
  expect(withoutDate(nf.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Transfer-Encoding', 'chunked'],
    ['Connection', 'keep-alive'],
    ['Vary', 'Accept-Encoding'],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(gunzipped(nf)).toBe(PAGES[404]);
  const forbidden = await p.send(get('/dir/', p.port, GZ));
  expect(forbidden.status).toBe(403);
  expect(gunzipped(forbidden)).toBe(PAGES[403]);
  const na = await p.send(get('/big.html', p.port, GZ, 'DELETE'));
  expect(withoutDate(na.headers)).toEqual(pageHeaders(157));
  expect(na.body).toBe(PAGES[405]);
  await expect.poll(() => p.access().map(sized)).toEqual([
    '127.0.0.1 - - [TIME] "GET /nope.html HTTP/1.1" 404 N "-" "-"',
    '127.0.0.1 - - [TIME] "GET /dir/ HTTP/1.1" 403 N "-" "-"',
    '127.0.0.1 - - [TIME] "DELETE /big.html HTTP/1.1" 405 N "-" "-"',
  ]);
});

// ngx_http_gzip_accept_encoding(): `gzip` first or after a comma or blank, then nothing, a comma,
// or `;q=` with a quantity other than zero (at most three decimals).
const ACCEPT: [string, boolean][] = [
  ['gzip', true],
  ['GZIP', true],
  ['deflate, gzip', true],
  ['gzip;q=0.5', true],
  ['gzip;q=1.0', true],
  ['gzip,', true],
  ['xgzip, gzip', true],
  ['xgzipgzip', true],
  ['gzip;q=0', false],
  ['gzip; q=0.000', false],
  ['gzip;q=0.0001', false],
  ['gzip;q=1.5', false],
  ['gzip;q=', false],
  ['gzip;level=1', false],
  ['gzip ;q=0', false],
  ['gzip;q=0, gzip', false],
  ['br;q=1, gzip;q=0', false],
  ['x-gzip', false],
  ['*', false],
  ['identity', false],
  ['gzipx', false],
  ['gzi', false],
];

test('gzip: Accept-Encoding is read as ngx_http_gzip_accept_encoding() reads it', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;' });
  const got: [string, boolean][] = [];
  for (const [ae] of ACCEPT) {
    const r = await p.send(get('/big.html', p.port, [`Accept-Encoding: ${ae}`]));
    got.push([ae, r.headers.some(([n, v]) => n === 'Content-Encoding' && v === 'gzip')]);
  }
  expect(got).toEqual(ACCEPT);
});

test('gzip: gzip_disable msie6 (MSIE 4 to 6 without SV1, not Opera) and a caseless regex on User-Agent', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;\ngzip_disable msie6 "Foo";' });
  const cases: [string, boolean][] = [
    ['Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)', false],
    ['Mozilla/4.0 (compatible; MSIE 5.5; Windows NT 5.0)', false],
    ['Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)', true],
    ['Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)', true],
    ['Opera/9.0 (compatible; MSIE 6.0; Windows NT 5.1)', true],
    ['a fOo agent', false],
    ['curl/8', true],
  ];
  const got: [string, boolean][] = [];
  for (const [ua] of cases) {
    const r = await p.send(get('/big.html', p.port, [...GZ, `User-Agent: ${ua}`]));
    got.push([ua, r.headers.some(([n]) => n === 'Content-Encoding')]);
  }
  expect(got).toEqual(cases);
});

test('gzip: a request with Via is not compressed (gzip_proxied off); auth, no_etag and expired as nginx reads them', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, {
    http: 'gzip on;',
    server: `location /auth/ { root html; gzip_proxied auth no_etag; }
        location /exp/ { root html; gzip_proxied expired; }`,
  });
  for (const dir of ['auth', 'exp']) bigIn(p, dir);
  const compressed = async (path: string, headers: string[]) => (await p.send(get(path, p.port, [...GZ, 'Via: 1.1 cache', ...headers]))).headers.some(([n]) => n === 'Content-Encoding');
  expect(await compressed('/big.html', [])).toBe(false);
  // The file has an ETag: no_etag refuses it, unless the request has Authorization.
  expect(await compressed('/auth/big.html', [])).toBe(false);
  expect(await compressed('/auth/big.html', ['Authorization: Basic dTpw'])).toBe(true);
  // `expired` alone: an answer without Expires or Cache-Control passes every test, and is compressed.
  expect(await compressed('/exp/big.html', [])).toBe(true);
});

/** A fixed upstream answer of 3,000 bytes of text/html with `headers` (`status`: its status line's rest). */
function upstreamAnswer(headers: string[], status = '200 OK', body = 'x'.repeat(3000)): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: text/html\r\n${headers.map((h) => h + '\r\n').join('')}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
}

test('gzip: a proxied answer is compressed: its Accept-Ranges goes, its ETag is made weak (an unquoted one dropped), its other headers stay', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'gzip on;\ngzip_vary on;' });
  p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer(['ETag: "abc"', 'Accept-Ranges: bytes', 'Last-Modified: Mon, 01 Jan 2024 00:00:00 GMT', 'X-A: 1', 'Vary: Cookie']) };
  const r = await p.send(get('/api/x', p.port, GZ));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Transfer-Encoding', 'chunked'],
    ['Connection', 'keep-alive'],
    ['Vary', 'Accept-Encoding'],
    ['ETag', 'W/"abc"'],
    ['Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT'],
    ['X-A', '1'],
    ['Vary', 'Cookie'],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(gunzipped(r)).toBe('x'.repeat(3000));
  p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer(['ETag: abc']) };
  const unquoted = await p.send(get('/api/x', p.port, GZ));
  expect(unquoted.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Transfer-Encoding', 'Connection', 'Vary', 'Content-Encoding']);
  await expect.poll(() => p.access().map(sized)).toEqual([
    '127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 200 N "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 200 N "-" "-"',
  ]);
});

test('gzip: proxied answers left as they are: already encoded, a 500, a 206; an empty Content-Encoding is compressed and kept', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'gzip on;' });
  const pre = gzipSync('y'.repeat(3000)).toString('latin1');
  p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer(['Content-Encoding: gzip'], '200 OK', pre) };
  const encoded = await p.send(get('/api/x', p.port, GZ));
  expect(withoutDate(encoded.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', String(pre.length)],
    ['Connection', 'keep-alive'],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(gunzipped(encoded)).toBe('y'.repeat(3000));
  for (const status of ['500 Oops', '206 Partial Content']) {
    p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer([], status) };
    const r = await p.send(get('/api/x', p.port, GZ));
    expect(r.headers.find(([n]) => n === 'Content-Length')).toEqual(['Content-Length', '3000']);
    expect(r.headers.find(([n]) => n === 'Content-Encoding')).toBeUndefined();
  }
  p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer(['Content-Encoding: ']) };
  const empty = await p.send(get('/api/x', p.port, GZ));
  expect(empty.headers.filter(([n]) => n === 'Content-Encoding')).toEqual([
    ['Content-Encoding', ''],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(gunzipped(empty)).toBe('x'.repeat(3000));
});

test('gzip: a proxied answer to HTTP/1.0 with gzip_http_version 1.0: compressed, no length, the connection closes', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'gzip on;\ngzip_http_version 1.0;\ngzip_types text/plain;' });
  p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer([]).replace('text/html', 'text/plain; charset=utf-8') };
  const r = await p.send(`GET /api/x HTTP/1.0\r\nAccept-Encoding: gzip\r\n\r\n`);
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/plain; charset=utf-8'],
    ['Connection', 'close'],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(r.closed).toBe(true);
  expect(gunzipped(r)).toBe('x'.repeat(3000));
});

test('gzip_static: the .gz beside the file, as it is, with its own length and validators; without gzip the file and a Vary', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'gzip_static on;\ngzip_vary on;' });
  const js = join(p.prefix, 'html', 'app.js');
  writeFileSync(js, TEXT);
  const packed = gzipSync(TEXT, { level: 9 });
  writeFileSync(js + '.gz', packed);
  const gz = statSync(js + '.gz');
  const gzTag = `"${Math.floor(gz.mtimeMs / 1000).toString(16)}-${packed.length.toString(16)}"`;
  const r = await p.send(get('/app.js', p.port, GZ));
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/javascript'],
    ['Content-Length', String(packed.length)],
    ['Last-Modified', gz.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['Vary', 'Accept-Encoding'],
    ['ETag', gzTag],
    ['Content-Encoding', 'gzip'],
  ]);
  expect(Buffer.from(r.body, 'latin1').equals(packed)).toBe(true);
  // No ranges of a .gz: the whole of it.
  const ranged = await p.send(get('/app.js', p.port, [...GZ, 'Range: bytes=0-9']));
  expect(ranged.statusLine).toBe('HTTP/1.1 200 OK');
  expect(ranged.body.length).toBe(packed.length);
  const plain = await p.send(get('/app.js', p.port));
  expect(plain.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'Vary', 'ETag', 'Accept-Ranges']);
  expect(plain.body).toBe(TEXT);
  // The .gz's validators: its 304 keeps the Vary and drops the Content-Encoding.
  const nm = await p.send(get('/app.js', p.port, [...GZ, `If-None-Match: ${gzTag}`]));
  expect(nm.statusLine).toBe('HTTP/1.1 304 Not Modified');
  expect(withoutDate(nm.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Last-Modified', gz.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['Vary', 'Accept-Encoding'],
    ['ETag', gzTag],
  ]);
  await expect.poll(() => p.access()).toEqual([
    `127.0.0.1 - - [TIME] "GET /app.js HTTP/1.1" 200 ${packed.length} "-" "-"`,
    `127.0.0.1 - - [TIME] "GET /app.js HTTP/1.1" 200 ${packed.length} "-" "-"`,
    `127.0.0.1 - - [TIME] "GET /app.js HTTP/1.1" 200 ${TEXT.length} "-" "-"`,
    '127.0.0.1 - - [TIME] "GET /app.js HTTP/1.1" 304 0 "-" "-"',
  ]);
});

test('gzip_static always: the .gz to any client; without a .gz, gzip on compresses the file itself', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'gzip on;\ngzip_types application/javascript;', static: 'gzip_static always;' });
  const packed = gzipSync(TEXT);
  writeFileSync(join(p.prefix, 'html', 'app.js'), TEXT);
  writeFileSync(join(p.prefix, 'html', 'app.js.gz'), packed);
  writeFileSync(join(p.prefix, 'html', 'other.js'), TEXT);
  const r = await p.send(get('/app.js', p.port));
  expect(r.headers.find(([n]) => n === 'Content-Encoding')).toEqual(['Content-Encoding', 'gzip']);
  expect(r.headers.find(([n]) => n === 'Vary')).toBeUndefined();
  expect(Buffer.from(r.body, 'latin1').equals(packed)).toBe(true);
  const other = await p.send(get('/other.js', p.port, GZ));
  expect(other.headers.find(([n]) => n === 'Transfer-Encoding')).toEqual(['Transfer-Encoding', 'chunked']);
  expect(gunzipped(other)).toBe(TEXT);
  expect(p.requestLog()).toEqual([]);
});

test('gzip: a body of a megabyte, from a file and from the upstream, decompresses to every byte of it', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'gzip on;\ngzip_types text/plain;' });
  // Lines that repeat only far apart: the stream is compressed in pieces, each needing the last.
  const big = Array.from({ length: 12_000 }, (_, i) => `${i.toString(36).repeat(1 + (i % 13))} ${(i * 7919) % 100_003}\n`).join('').repeat(3);
  writeFileSync(join(p.prefix, 'html', 'big.txt'), big);
  const file = await p.send(get('/big.txt', p.port, GZ));
  expect(file.headers.find(([n]) => n === 'Content-Encoding')).toEqual(['Content-Encoding', 'gzip']);
  expect(gunzipped(file)).toBe(big);
  p.upstream.behaviour = { kind: 'fixed', response: upstreamAnswer([], '200 OK', big).replace('text/html', 'text/plain') };
  const proxied = await p.send(get('/api/big', p.port, GZ));
  expect(proxied.headers.find(([n]) => n === 'Content-Encoding')).toEqual(['Content-Encoding', 'gzip']);
  expect(gunzipped(proxied)).toBe(big);
});

test('gzip: an error_page answer is compressed with the error\'s status (and =200 makes it a 200 that takes ranges when not compressed)', async ({ startProxy }) => {
  const { p } = await withFiles(startProxy, { http: 'gzip on;', static: 'error_page 404 /big.html;', server: 'location /ok/ { root html; error_page 404 =200 /big.html; }' });
  const nf = await p.send(get('/nope', p.port, GZ));
  expect(nf.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(nf.headers.map(([n]) => n)).toEqual(['Server', 'Date', 'Content-Type', 'Transfer-Encoding', 'Connection', 'ETag', 'Content-Encoding']);
  expect(nf.headers.find(([n]) => n === 'ETag')?.[1]).toMatch(/^W\/"/);
  expect(gunzipped(nf)).toBe(TEXT);
  const ok = await p.send(get('/ok/nope', p.port, GZ));
  expect(ok.statusLine).toBe('HTTP/1.1 200 OK');
  expect(gunzipped(ok)).toBe(TEXT);
  const part = await p.send(get('/ok/nope', p.port, ['Range: bytes=0-5']));
  expect(part.statusLine).toBe('HTTP/1.1 206 Partial Content');
  expect(part.body).toBe(TEXT.slice(0, 6));
});
