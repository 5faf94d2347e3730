// Static files through nginx's not-modified and range filters (the behaviour was taken from nginx
// 1.22.1 itself): If-* preconditions (304 / 412), Range (206, multipart/byteranges,
// 416) and If-Range. html/f holds the 20 bytes 0123456789abcdefghij.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, pageHeaders, withoutDate } from '../support/pages.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

const FILE = '0123456789abcdefghij';
const PAGE_416 = PAGES[400].replace(/400 Bad Request/g, '416 Requested Range Not Satisfiable');
const PAGE_412 = PAGES[400].replace(/400 Bad Request/g, '412 Precondition Failed');

async function withFile(startProxy: (o: object) => Promise<ProxyUnderTest>) {
  const p = await startProxy({ upstream: 'dual' });
  const path = join(p.prefix, 'html', 'f');
  writeFileSync(path, FILE);
  const st = statSync(path);
  return { p, lastModified: st.mtime.toUTCString(), etag: `"${Math.floor(st.mtimeMs / 1000).toString(16)}-14"` };
}

// [Range header, Content-Range, body] of a single-part 206.
const SINGLE: [string, string, string][] = [
  ['bytes=0-9', 'bytes 0-9/20', '0123456789'],
  ['bytes=5-', 'bytes 5-19/20', '56789abcdefghij'],
  ['bytes=-3', 'bytes 17-19/20', 'hij'],
  ['bytes=0-0', 'bytes 0-0/20', '0'],
  ['bytes=15-100', 'bytes 15-19/20', 'fghij'],
  ['bytes= 2-3', 'bytes 2-3/20', '23'],
  ['Bytes=2-3', 'bytes 2-3/20', '23'],
  ['bytes=-100', 'bytes 0-19/20', FILE],
  ['bytes=30-40,0-1', 'bytes 0-1/20', '01'],
];

for (const [range, contentRange, body] of SINGLE) {
  test(`7f: Range: ${range} gives 206 with Content-Range: ${contentRange}`, async ({ startProxy }) => {
    const { p, lastModified, etag } = await withFile(startProxy);
    const r = await p.send(get('/f', p.port, [`Range: ${range}`]));
    expect(r.statusLine).toBe('HTTP/1.1 206 Partial Content');
    expect(withoutDate(r.headers)).toEqual([
      ['Server', 'nginx/1.22.1'],
      ['Content-Type', 'application/octet-stream'],
      ['Content-Length', String(body.length)],
      ['Last-Modified', lastModified],
      ['Connection', 'keep-alive'],
      ['ETag', etag],
      ['Content-Range', contentRange],
    ]);
    expect(r.body).toBe(body);
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /f HTTP/1.1" 206 ${body.length} "-" "-"`]);
  });
}

for (const range of ['bytes=20-', 'bytes=5-2', 'bytes=abc', 'bytes=-0']) {
  test(`7f: Range: ${range} is not satisfiable: 416 with Content-Range: bytes */20`, async ({ startProxy }) => {
    const { p } = await withFile(startProxy);
    const r = await p.send(get('/f', p.port, [`Range: ${range}`]));
    expect(r.statusLine).toBe('HTTP/1.1 416 Requested Range Not Satisfiable');
    expect(withoutDate(r.headers)).toEqual([...pageHeaders(197), ['Content-Range', 'bytes */20']]);
    expect(r.body).toBe(PAGE_416);
    await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /f HTTP/1.1" 416 197 "-" "-"']);
    expect(p.errorLog()).toEqual([]);
  });
}

test('7f: Range with another unit (items=0-1) is ignored: the whole file, Accept-Ranges: bytes', async ({ startProxy }) => {
  const { p } = await withFile(startProxy);
  const r = await p.send(get('/f', p.port, ['Range: items=0-1']));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.headers.at(-1)).toEqual(['Accept-Ranges', 'bytes']);
  expect(r.body).toBe(FILE);
});

test('7f: several ranges: multipart/byteranges, the boundary from nginx\'s temp-file counter (20 digits)', async ({ startProxy }) => {
  const { p, lastModified, etag } = await withFile(startProxy);
  const a = await p.send(get('/f', p.port, ['Range: bytes=0-1,4-5']));
  const b = await p.send(get('/f', p.port, ['Range: bytes=0-9,-5']));
  const part = (boundary: string, range: string, data: string) => `\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${range}/20\r\n\r\n${data}`;
  const bodyA = part('00000000000000000001', '0-1', '01') + part('00000000000000000001', '4-5', '45') + '\r\n--00000000000000000001--\r\n';
  const bodyB = part('00000000000000000002', '0-9', '0123456789') + part('00000000000000000002', '15-19', 'fghij') + '\r\n--00000000000000000002--\r\n';
  expect(a.statusLine).toBe('HTTP/1.1 206 Partial Content');
  expect(withoutDate(a.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'multipart/byteranges; boundary=00000000000000000001'],
    ['Content-Length', String(bodyA.length)],
    ['Last-Modified', lastModified],
    ['Connection', 'keep-alive'],
    ['ETag', etag],
  ]);
  expect(a.body).toBe(bodyA);
  expect(b.body).toBe(bodyB);
  await expect.poll(() => p.access().map((l) => l.replace(/^.*" (\d+ \d+) .*$/, '$1'))).toEqual([`206 ${bodyA.length}`, `206 ${bodyB.length}`]);
});

test('7f: If-Range: a matching ETag or date gives the range, a stale one the whole file', async ({ startProxy }) => {
  const { p, lastModified, etag } = await withFile(startProxy);
  const statuses = [];
  for (const ifRange of [etag, '"x"', lastModified, 'Mon, 01 Jan 2001 00:00:00 GMT']) {
    statuses.push((await p.send(get('/f', p.port, ['Range: bytes=0-1', `If-Range: ${ifRange}`]))).status);
  }
  expect(statuses).toEqual([206, 200, 206, 200]);
});

test('7f: HEAD with a Range: the 206 head without a body', async ({ startProxy }) => {
  const { p } = await withFile(startProxy);
  const r = await p.send(get('/f', p.port, ['Range: bytes=0-1'], 'HEAD'), { head: true });
  expect(r.statusLine).toBe('HTTP/1.1 206 Partial Content');
  expect(r.headers.find(([n]) => n === 'Content-Range')).toEqual(['Content-Range', 'bytes 0-1/20']);
  expect(r.raw.endsWith('\r\n\r\n')).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "HEAD /f HTTP/1.1" 206 0 "-" "-"']);
});

test('7f: If-None-Match: "*", a list, a weak W/ match give 304; another ETag 200; with an older If-Modified-Since 200', async ({ startProxy }) => {
  const { p, lastModified, etag } = await withFile(startProxy);
  const cases: string[][] = [['If-None-Match: *'], [`If-None-Match: "a", ${etag}`], [`If-None-Match: W/${etag}`], ['If-None-Match: "nope"'], [`If-None-Match: ${etag}`, 'If-Modified-Since: Mon, 01 Jan 2001 00:00:00 GMT']];
  const statuses = [];
  for (const hs of cases) statuses.push((await p.send(get('/f', p.port, hs))).status);
  expect(statuses).toEqual([304, 304, 304, 200, 200]);
  const r = await p.send(get('/f', p.port, ['If-None-Match: *'], 'HEAD'), { head: true });
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Last-Modified', lastModified],
    ['Connection', 'keep-alive'],
    ['ETag', etag],
  ]);
});

test('7f: If-Modified-Since is exact: the same second 304, a later date or garbage 200', async ({ startProxy }) => {
  const { p, lastModified } = await withFile(startProxy);
  const statuses = [];
  for (const ims of [lastModified, 'Mon, 01 Jan 2035 00:00:00 GMT', 'garbage']) statuses.push((await p.send(get('/f', p.port, [`If-Modified-Since: ${ims}`]))).status);
  expect(statuses).toEqual([304, 200, 200]);
});

test('7f: If-Match and If-Unmodified-Since that fail: 412 Precondition Failed', async ({ startProxy }) => {
  const { p, etag } = await withFile(startProxy);
  const cases = [[`If-Match: ${etag}`], ['If-Match: "nope"'], ['If-Match: *'], ['If-Unmodified-Since: Mon, 01 Jan 2001 00:00:00 GMT'], ['If-Unmodified-Since: Mon, 01 Jan 2035 00:00:00 GMT']];
  const rs = [];
  for (const hs of cases) rs.push(await p.send(get('/f', p.port, hs)));
  expect(rs.map((r) => r.status)).toEqual([200, 412, 200, 412, 200]);
  expect(withoutDate(rs[1].headers)).toEqual(pageHeaders(173));
  expect(rs[1].body).toBe(PAGE_412);
  expect(p.errorLog()).toEqual([]);
});

test('7f: a proxied 200 is left alone: no 304, no 206, no 412', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  p.upstream.behaviour = {
    kind: 'fixed',
    response: 'HTTP/1.1 200 OK\r\nETag: "abc"\r\nLast-Modified: Mon, 01 Jan 2001 00:00:00 GMT\r\nAccept-Ranges: bytes\r\nContent-Length: 10\r\n\r\n0123456789',
  };
  const rs = [];
  for (const h of ['Range: bytes=0-1', 'If-None-Match: "abc"', 'If-Modified-Since: Mon, 01 Jan 2001 00:00:00 GMT', 'If-Match: "x"']) rs.push(await p.send(get('/api/f', p.port, [h])));
  expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  expect(withoutDate(rs[0].headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Length', '10'],
    ['Connection', 'keep-alive'],
    ['ETag', '"abc"'],
    ['Last-Modified', 'Mon, 01 Jan 2001 00:00:00 GMT'],
    ['Accept-Ranges', 'bytes'],
  ]);
});

test('max_ranges 2: two ranges are served, a third gives the whole file; max_ranges 0: no ranges and no Accept-Ranges', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'location = /two/f { alias html/f; max_ranges 2; }\nlocation = /none/f { alias html/f; max_ranges 0; }' });
  writeFileSync(join(p.prefix, 'html', 'f'), FILE);
  const two = await p.send(get('/two/f', p.port, ['Range: bytes=0-1,5-6']));
  expect(two.status).toBe(206);
  const three = await p.send(get('/two/f', p.port, ['Range: bytes=0-1,5-6,9-9']));
  expect([three.status, three.body, three.headers.find(([n]) => n === 'Accept-Ranges')?.[1]]).toEqual([200, FILE, 'bytes']);
  const none = await p.send(get('/none/f', p.port, ['Range: bytes=0-1']));
  expect([none.status, none.body, none.headers.find(([n]) => n === 'Accept-Ranges')]).toEqual([200, FILE, undefined]);
});
