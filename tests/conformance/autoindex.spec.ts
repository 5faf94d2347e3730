// nginx 1.22.1's autoindex (ngx_http_autoindex_module): `location /dl/ { root html; autoindex on; }`
// over a downloads folder whose names and mtimes are fixed, so that each listing can be compared
// byte for byte: directories first, then names in byte order (upper case first), hidden names
// skipped, names cut at 50 bytes with `..>`, hrefs %-escaped and names HTML-escaped. The answer
// is sent before the directory is read: no Content-Length, no Last-Modified, chunked to HTTP/1.1.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';
import { ProxyUnderTest } from '../support/proxy-under-test.js';
import { firstClosedFolder, workerUser } from '../../harness/embedded/files/worker-user.js';

const MTIME = new Date('2026-01-02T03:04:05Z');

/** Files of `sizes` (and folders, ending in /) under html/<dir>, every mtime MTIME (the folders' last). */
function folder(p: ProxyUnderTest, dir: string, entries: Record<string, number | 'dir'>): void {
  const root = join(p.prefix, 'html', dir);
  mkdirSync(root, { recursive: true });
  const paths: string[] = [];
  for (const [name, size] of Object.entries(entries)) {
    const path = join(root, name);
    if (size === 'dir') mkdirSync(path);
    else {
      writeFileSync(path, '');
      // Sparse: a 1.5G file costs nothing.
      if (size) truncateSync(path, size);
    }
    paths.push(path);
  }
  for (const path of [...paths, root]) utimesSync(path, MTIME, MTIME);
}

const downloads = (p: ProxyUnderTest) =>
  folder(p, 'dl', {
    '.hidden': 0,
    'B.txt': 0,
    'a.txt': 1,
    'b<&>"q.txt': 0,
    'big.bin': 12345,
    'colon:x': 0,
    'g.iso': 1610612736,
    'k.bin': 10000,
    'm.bin': 2200000,
    'n.bin': 9999,
    'with space.txt': 0,
    ['x'.repeat(60)]: 0,
    ['é' + 'y'.repeat(55)]: 0,
    'ünï.txt': 0,
    sub: 'dir',
    zdir: 'dir',
    ['d'.repeat(49)]: 'dir',
    ['e'.repeat(50)]: 'dir',
  });

/** The head of a listing, Date aside. */
const listingHead = (type: string, connection = 'keep-alive'): [string, string][] => [
  ['Server', 'nginx/1.22.1'],
  ['Content-Type', type],
  ...(connection === 'keep-alive' ? [['Transfer-Encoding', 'chunked'] as [string, string]] : []),
  ['Connection', connection],
];

/** A chunked body's bytes on the wire, as $body_bytes_sent counts them: one chunk, then the last. */
const chunkedLength = (body: string) => body.length.toString(16).length + 2 + body.length + 2 + 5;

// nginx's listings of that folder, as it wrote them (names are bytes: UTF-8 shown as latin1).
const HTML = [
  "<html>",
  "<head><title>Index of /dl/</title></head>",
  "<body>",
  "<h1>Index of /dl/</h1><hr><pre><a href=\"../\">../</a>",
  "<a href=\"ddddddddddddddddddddddddddddddddddddddddddddddddd/\">ddddddddddddddddddddddddddddddddddddddddddddddddd/</a> 02-Jan-2026 03:04                   -",
  "<a href=\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee/\">eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee</a> 02-Jan-2026 03:04                   -",
  "<a href=\"sub/\">sub/</a>                                               02-Jan-2026 03:04                   -",
  "<a href=\"zdir/\">zdir/</a>                                              02-Jan-2026 03:04                   -",
  "<a href=\"B.txt\">B.txt</a>                                              02-Jan-2026 03:04                   0",
  "<a href=\"a.txt\">a.txt</a>                                              02-Jan-2026 03:04                   1",
  "<a href=\"b%3C%26%3E%22q.txt\">b&lt;&amp;&gt;&quot;q.txt</a>                                         02-Jan-2026 03:04                   0",
  "<a href=\"big.bin\">big.bin</a>                                            02-Jan-2026 03:04               12345",
  "<a href=\"colon%3Ax\">colon:x</a>                                            02-Jan-2026 03:04                   0",
  "<a href=\"g.iso\">g.iso</a>                                              02-Jan-2026 03:04          1610612736",
  "<a href=\"k.bin\">k.bin</a>                                              02-Jan-2026 03:04               10000",
  "<a href=\"m.bin\">m.bin</a>                                              02-Jan-2026 03:04             2200000",
  "<a href=\"n.bin\">n.bin</a>                                              02-Jan-2026 03:04                9999",
  "<a href=\"with%20space.txt\">with space.txt</a>                                     02-Jan-2026 03:04                   0",
  "<a href=\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\">xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..&gt;</a> 02-Jan-2026 03:04                   0",
  "<a href=\"%C3%A9yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\">\u00c3\u00a9yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy..&gt;</a> 02-Jan-2026 03:04                   0",
  "<a href=\"%C3%BCn%C3%AF.txt\">\u00c3\u00bcn\u00c3\u00af.txt</a>                                          02-Jan-2026 03:04                   0",
  "</pre><hr></body>",
  "</html>",
  "",
].join('\r\n');

const HTML_ROUNDED = [
  "<html>",
  "<head><title>Index of /dl/</title></head>",
  "<body>",
  "<h1>Index of /dl/</h1><hr><pre><a href=\"../\">../</a>",
  "<a href=\"ddddddddddddddddddddddddddddddddddddddddddddddddd/\">ddddddddddddddddddddddddddddddddddddddddddddddddd/</a> 02-Jan-2026 03:04       -",
  "<a href=\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee/\">eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee</a> 02-Jan-2026 03:04       -",
  "<a href=\"sub/\">sub/</a>                                               02-Jan-2026 03:04       -",
  "<a href=\"zdir/\">zdir/</a>                                              02-Jan-2026 03:04       -",
  "<a href=\"B.txt\">B.txt</a>                                              02-Jan-2026 03:04       0",
  "<a href=\"a.txt\">a.txt</a>                                              02-Jan-2026 03:04       1",
  "<a href=\"b%3C%26%3E%22q.txt\">b&lt;&amp;&gt;&quot;q.txt</a>                                         02-Jan-2026 03:04       0",
  "<a href=\"big.bin\">big.bin</a>                                            02-Jan-2026 03:04     12K",
  "<a href=\"colon%3Ax\">colon:x</a>                                            02-Jan-2026 03:04       0",
  "<a href=\"g.iso\">g.iso</a>                                              02-Jan-2026 03:04      2G",
  "<a href=\"k.bin\">k.bin</a>                                              02-Jan-2026 03:04     10K",
  "<a href=\"m.bin\">m.bin</a>                                              02-Jan-2026 03:04      2M",
  "<a href=\"n.bin\">n.bin</a>                                              02-Jan-2026 03:04    9999",
  "<a href=\"with%20space.txt\">with space.txt</a>                                     02-Jan-2026 03:04       0",
  "<a href=\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\">xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..&gt;</a> 02-Jan-2026 03:04       0",
  "<a href=\"%C3%A9yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\">\u00c3\u00a9yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy..&gt;</a> 02-Jan-2026 03:04       0",
  "<a href=\"%C3%BCn%C3%AF.txt\">\u00c3\u00bcn\u00c3\u00af.txt</a>                                          02-Jan-2026 03:04       0",
  "</pre><hr></body>",
  "</html>",
  "",
].join('\r\n');

const JSON_LIST = [
  "[",
  "{ \"name\":\"ddddddddddddddddddddddddddddddddddddddddddddddddd\", \"type\":\"directory\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\" },",
  "{ \"name\":\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\", \"type\":\"directory\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\" },",
  "{ \"name\":\"sub\", \"type\":\"directory\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\" },",
  "{ \"name\":\"zdir\", \"type\":\"directory\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\" },",
  "{ \"name\":\"B.txt\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"a.txt\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":1 },",
  "{ \"name\":\"b<&>\\\"q.txt\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"big.bin\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":12345 },",
  "{ \"name\":\"colon:x\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"g.iso\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":1610612736 },",
  "{ \"name\":\"k.bin\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":10000 },",
  "{ \"name\":\"m.bin\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":2200000 },",
  "{ \"name\":\"n.bin\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":9999 },",
  "{ \"name\":\"with space.txt\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"\u00c3\u00a9yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"\u00c3\u00bcn\u00c3\u00af.txt\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 }",
  "]",
].join('\r\n');

const XML = [
  "<?xml version=\"1.0\"?>",
  "<list>",
  "<directory mtime=\"2026-01-02T03:04:05Z\">ddddddddddddddddddddddddddddddddddddddddddddddddd</directory>",
  "<directory mtime=\"2026-01-02T03:04:05Z\">eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee</directory>",
  "<directory mtime=\"2026-01-02T03:04:05Z\">sub</directory>",
  "<directory mtime=\"2026-01-02T03:04:05Z\">zdir</directory>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">B.txt</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"1\">a.txt</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">b&lt;&amp;&gt;&quot;q.txt</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"12345\">big.bin</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">colon:x</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"1610612736\">g.iso</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"10000\">k.bin</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"2200000\">m.bin</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"9999\">n.bin</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">with space.txt</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">\u00c3\u00a9yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy</file>",
  "<file mtime=\"2026-01-02T03:04:05Z\" size=\"0\">\u00c3\u00bcn\u00c3\u00af.txt</file>",
  "</list>",
  "",
].join('\r\n');

const ESC_HTML = [
  "<html>",
  "<head><title>Index of /esc/</title></head>",
  "<body>",
  "<h1>Index of /esc/</h1><hr><pre><a href=\"../\">../</a>",
  "<a href=\"n%01\">n\u0001</a>                                                 02-Jan-2026 03:04                   0",
  "<a href=\"n%09\">n\t</a>                                                 02-Jan-2026 03:04                   0",
  "<a href=\"n%23x\">n#x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"n%25x\">n%x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"n%27x\">n\'x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"n%3Fx\">n?x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"n%5Cx\">n\\x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"n~\">n~</a>                                                 02-Jan-2026 03:04                   0",
  "<a href=\"n%7F\">n\u007f</a>                                                 02-Jan-2026 03:04                   0",
  "</pre><hr></body>",
  "</html>",
  "",
].join('\r\n');

const ESC_JSON = [
  "[",
  "{ \"name\":\"n\\u0001\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n\\t\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n#x\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n%x\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n\'x\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n?x\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n\\\\x\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n~\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 },",
  "{ \"name\":\"n\u007f\", \"type\":\"file\", \"mtime\":\"Fri, 02 Jan 2026 03:04:05 GMT\", \"size\":0 }",
  "]",
].join('\r\n');

test('autoindex on: the html listing, chunked, with no Content-Length or Last-Modified; the access log counts the chunks', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; }' });
  downloads(p);
  const r = await p.send(get('/dl/', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual(listingHead('text/html'));
  expect(r.body).toBe(HTML);
  expect(r.closed).toBe(false);
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /dl/ HTTP/1.1" 200 ${chunkedLength(HTML)} "-" "-"`]);
  expect(p.requestLog()).toEqual([]);
});

test('autoindex_exact_size off: sizes rounded to K (past 9999 bytes), M and G; a directory\'s "-" in a narrower column', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; autoindex_exact_size off; }' });
  downloads(p);
  const r = await p.send(get('/dl/', p.port));
  expect(r.body).toBe(HTML_ROUNDED);
});

test('autoindex: control characters, quotes and %, ?, # in names: %-escaped in the href, as they are in the text', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /esc/ { root html; autoindex on; }' });
  folder(p, 'esc', Object.fromEntries(['n\x01', 'n\t', 'n\\x', 'n~', 'n\x7f', "n'x", 'n#x', 'n?x', 'n%x'].map((n) => [n, 0])));
  expect((await p.send(get('/esc/', p.port))).body).toBe(ESC_HTML);
});

test('autoindex_format json: application/json, HTTP dates, "size" for files only, names JSON-escaped', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; autoindex_format json; }\nlocation /esc/ { root html; autoindex on; autoindex_format json; }' });
  downloads(p);
  folder(p, 'esc', Object.fromEntries(['n\x01', 'n\t', 'n\\x', 'n~', 'n\x7f', "n'x", 'n#x', 'n?x', 'n%x'].map((n) => [n, 0])));
  const r = await p.send(get('/dl/', p.port));
  expect(withoutDate(r.headers)).toEqual(listingHead('application/json'));
  expect(r.body).toBe(JSON_LIST);
  expect((await p.send(get('/esc/', p.port))).body).toBe(ESC_JSON);
});

test('autoindex_format jsonp: wrapped in ?callback=, application/javascript; no callback is plain json; a bad one is a 400 logged at [info]', async ({ startProxy }) => {
  const p = await startProxy({ errorLogLevel: 'info', server: 'location /dl/ { root html; autoindex on; autoindex_format jsonp; }' });
  folder(p, 'dl', { 'a.txt': 1, sub: 'dir' });
  const list = '[\r\n{ "name":"sub", "type":"directory", "mtime":"Fri, 02 Jan 2026 03:04:05 GMT" },\r\n{ "name":"a.txt", "type":"file", "mtime":"Fri, 02 Jan 2026 03:04:05 GMT", "size":1 }\r\n]';
  const wrapped = await p.send(get('/dl/?x=1&Callback=jQuery.cb_1', p.port));
  expect(withoutDate(wrapped.headers)).toEqual(listingHead('application/javascript'));
  expect(wrapped.body).toBe(`/* callback */\r\njQuery.cb_1(${list});`);
  const plain = await p.send(get('/dl/', p.port));
  expect(withoutDate(plain.headers)).toEqual(listingHead('application/json'));
  expect(plain.body).toBe(list);
  const bad = await p.send(get('/dl/?callback=alert(1)', p.port));
  expect(bad.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(withoutDate(bad.headers)).toEqual(pageHeaders(157, 'close'));
  expect(bad.body).toBe(PAGES[400]);
  await expect.poll(() => p.requestLog().filter((l) => l.includes('callback'))).toEqual([
    'TIME [info] PID: *4 client sent invalid callback name: "alert(1)", client: 127.0.0.1, server: localhost, request: "GET /dl/?callback=alert(1) HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('autoindex_format xml: text/xml; charset=utf-8, ISO times, names HTML-escaped', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; autoindex_format xml; }' });
  downloads(p);
  const r = await p.send(get('/dl/', p.port));
  expect(withoutDate(r.headers)).toEqual(listingHead('text/xml; charset=utf-8'));
  expect(r.body).toBe(XML);
});

test('autoindex: HEAD gets the head alone, kept alive; HTTP/1.0 gets the listing unchunked, ended by the close', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; }' });
  folder(p, 'dl', { sub: 'dir' });
  const head = await p.send('HEAD /dl/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', { head: true });
  expect(head.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(head.headers)).toEqual([['Server', 'nginx/1.22.1'], ['Content-Type', 'text/html'], ['Connection', 'keep-alive']]);
  expect(head.raw.endsWith('\r\n\r\n')).toBe(true);
  expect(head.closed).toBe(false);
  const old = await p.send('GET /dl/ HTTP/1.0\r\n\r\n');
  expect(withoutDate(old.headers)).toEqual(listingHead('text/html', 'close'));
  const body = '<html>\r\n<head><title>Index of /dl/</title></head>\r\n<body>\r\n<h1>Index of /dl/</h1><hr><pre><a href="../">../</a>\r\n<a href="sub/">sub/</a>                                               02-Jan-2026 03:04                   -\r\n</pre><hr></body>\r\n</html>\r\n';
  expect(old.body).toBe(body);
  expect(old.closed).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "HEAD /dl/ HTTP/1.1" 200 0 "-" "-"', `127.0.0.1 - - [TIME] "GET /dl/ HTTP/1.0" 200 ${body.length} "-" "-"`]);
});

test('autoindex after the index module: an index.html wins; a POST is refused with "directory index ... is forbidden"; a missing folder is the index module\'s 404', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; }' });
  folder(p, 'dl', { 'index.html': 0, sub: 'dir' });
  writeFileSync(join(p.prefix, 'html', 'dl', 'index.html'), 'the index\n');
  const index = await p.send(get('/dl/', p.port));
  expect(index.headers.find(([n]) => n === 'Content-Length')).toEqual(['Content-Length', '10']);
  expect(index.body).toBe('the index\n');
  const posted = await p.send(post('/dl/sub/', p.port, ''));
  expect(posted.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(posted.body).toBe(PAGES[403]);
  const missing = await p.send(get('/dl/none/', p.port));
  expect(missing.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *3 directory index of "PREFIX/html/dl/sub/" is forbidden, client: 127.0.0.1, server: localhost, request: "POST /dl/sub/ HTTP/1.1", host: "127.0.0.1:P"',
    'TIME [error] PID: *4 "PREFIX/html/dl/none/index.html" is not found (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /dl/none/ HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('autoindex: a request body nobody reads is dropped, and the next request on the connection is answered', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; }' });
  folder(p, 'dl', {});
  const r = await p.send('GET /dl/ HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n', { untilClose: true });
  expect(r.raw.match(/HTTP\/1\.1 \d+ \w+/g)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
  expect(r.raw.endsWith('hello\n')).toBe(true);
});

test('autoindex, workers as nobody: a folder nobody may enter but not read is opendir()\'s 403', async ({ engine }) => {
  test.skip(process.getuid?.() !== 0, 'nginx keeps its own user when not started as root: nothing to show');
  const dir = mkdtempSync(join(tmpdir(), 'harness-nobody-'));
  chmodSync(dir, 0o755);
  expect(firstClosedFolder(workerUser({ masterProcess: true }, 'linux')!, dir), `nobody cannot reach ${dir}`).toBeUndefined();
  const p = await ProxyUnderTest.start(engine, dir, { upstream: 'dual', user: null, server: 'location /dl/ { root html; autoindex on; }' });
  try {
    folder(p, 'dl', { 'a.txt': 1 });
    chmodSync(join(p.prefix, 'html', 'dl'), 0o711);
    const r = await p.send(get('/dl/', p.port));
    expect(r.statusLine).toBe('HTTP/1.1 403 Forbidden');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(153));
    expect(r.body).toBe(PAGES[403]);
    expect(p.requestLog()).toEqual([
      'TIME [error] PID: *2 opendir() "PREFIX/html/dl" failed (13: Permission denied), client: 127.0.0.1, server: localhost, request: "GET /dl/ HTTP/1.1", host: "127.0.0.1:P"',
    ]);
  } finally {
    await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('autoindex_localtime on: the html listing\'s times in the server\'s time zone (TZ); json\'s stay GMT, xml\'s too', async ({ startProxy }) => {
  const tz = process.env.TZ;
  // Both engines take the zone from the environment they start in (nginx keeps TZ for its workers).
  process.env.TZ = 'Asia/Shanghai';
  try {
    const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; autoindex_localtime on; }\nlocation /j/ { root html; autoindex on; autoindex_localtime on; autoindex_format json; }\nlocation /xl/ { root html; autoindex on; autoindex_localtime on; autoindex_format xml; }' });
    for (const dir of ['dl', 'j', 'xl']) folder(p, dir, { 'a.txt': 1 });
    const r = await p.send(get('/dl/', p.port));
    expect(r.body).toContain('<a href="a.txt">a.txt</a>                                              02-Jan-2026 11:04                   1\r\n');
    expect((await p.send(get('/j/', p.port))).body).toContain('"mtime":"Fri, 02 Jan 2026 03:04:05 GMT"');
    expect((await p.send(get('/xl/', p.port))).body).toContain('<file mtime="2026-01-02T03:04:05Z" size="1">a.txt</file>');
  } finally {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  }
});

test('autoindex: a folder whose name needs escaping (&, <, >) is listed under its HTML-escaped URI; a broken symlink is "other"', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; }\nlocation /j/ { root html; autoindex on; autoindex_format json; }' });
  folder(p, 'dl', { 'a&<b>': 'dir' });
  folder(p, join('dl', 'a&<b>'), { 'a.txt': 1 });
  folder(p, 'j', {});
  symlinkSync('nowhere', join(p.prefix, 'html', 'j', 'broken'));
  const r = await p.send(get('/dl/a%26%3Cb%3E/', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body.split('\r\n').slice(0, 4)).toEqual(['<html>', '<head><title>Index of /dl/a&amp;&lt;b&gt;/</title></head>', '<body>', '<h1>Index of /dl/a&amp;&lt;b&gt;/</h1><hr><pre><a href="../">../</a>']);
  const j = await p.send(get('/j/', p.port));
  expect(j.body).toMatch(/^\[\r\n\{ "name":"broken", "type":"other", "mtime":"[^"]+" \}\r\n\]$/);
});

test('autoindex: Expect: 100-continue on a GET with a body: a "100 Continue" before the listing (the body is dropped)', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dl/ { root html; autoindex on; }' });
  folder(p, 'dl', {});
  const r = await p.send('GET /dl/ HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\nConnection: close\r\n\r\n', { untilClose: true });
  expect(r.interim).toEqual(['HTTP/1.1 100 Continue\r\n\r\n']);
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toContain('<h1>Index of /dl/</h1>');
});

test('autoindex is inherited: on in the server block lists /dir/ under location /, and a location\'s own off refuses', async ({ startProxy }) => {
  const p = await startProxy({ server: 'autoindex on;\nlocation /dl/ { root html; autoindex off; }' });
  folder(p, 'dl', {});
  const listed = await p.send(get('/dir/', p.port));
  expect(listed.statusLine).toBe('HTTP/1.1 200 OK');
  expect(listed.body).toBe('<html>\r\n<head><title>Index of /dir/</title></head>\r\n<body>\r\n<h1>Index of /dir/</h1><hr><pre><a href="../">../</a>\r\n</pre><hr></body>\r\n</html>\r\n');
  const refused = await p.send(get('/dl/', p.port));
  expect(refused.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *3 directory index of "PREFIX/html/dl/" is forbidden, client: 127.0.0.1, server: localhost, request: "GET /dl/ HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});
