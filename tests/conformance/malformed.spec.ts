// Malformed requests, as nginx 1.22.1 answers them. Each is refused while its head is read,
// with the status, the page and the Connection: close nginx sends, the [info] line it logs (level
// info here; the default level shows none) and its access-log line. The lines were taken from
// nginx 1.22.1 itself; ngx_http_parse_header_line() decides what a bad header line is.
import { test, expect } from '../fixtures.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';

const PAGE_501 = PAGES[400].replace(/400 Bad Request/g, '501 Not Implemented');
const PAGE_505 = PAGES[400].replace(/400 Bad Request/g, '505 HTTP Version Not Supported');

interface Refusal {
  name: string;
  request: string;
  status: string;
  page: string;
  /** The [info] line after `*2 `, up to and with `request: "..."`; host follows as given. */
  line: string;
  host?: string;
  access: string;
}

const head = (lines: string) => `GET /api/h HTTP/1.1\r\nHost: a\r\n${lines}\r\n\r\n`;
const READ_HEADERS = 'while reading client request headers, client: 127.0.0.1, server: localhost, request: "GET /api/h HTTP/1.1"';
const READ_LINE = 'while reading client request line, client: 127.0.0.1, server: localhost';

const REFUSALS: Refusal[] = [
  { name: 'a space in a header name', request: head('X Y: z'), status: '400 Bad Request', page: PAGES[400], line: `client sent invalid header line: "X\\x20..." ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'a control byte in a header name', request: head('X\x01Y: z'), status: '400 Bad Request', page: PAGES[400], line: `client sent invalid header line: "X\\x01..." ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'a NUL in a header value', request: head('X-Y: a\x00b'), status: '400 Bad Request', page: PAGES[400], line: `client sent invalid header line: "X-Y: a\\x00..." ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'a bare CR in a header value', request: head('X: a\rb'), status: '400 Bad Request', page: PAGES[400], line: `client sent invalid header line: "X: a\\x0d..." ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'a header line that starts with a space', request: head(' X: v'), status: '400 Bad Request', page: PAGES[400], line: `client sent invalid header line: "\\x20..." ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'a header line that starts with a colon', request: head(':x: v'), status: '400 Bad Request', page: PAGES[400], line: `client sent invalid header line: "\\x3a..." ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'two Host headers', request: 'GET /api/h HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent duplicate host header: "Host: b", previous value: "Host: a" ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'two Content-Length headers', request: 'POST /api/h HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx', status: '400 Bad Request', page: PAGES[400], line: `client sent duplicate header line: "Content-Length: 1", previous value: "Content-Length: 1" ${READ_HEADERS.replace('GET', 'POST')}`, host: 'a', access: '"POST /api/h HTTP/1.1" 400 157' },
  { name: 'two Authorization headers', request: head('Authorization: a\r\nAuthorization: b'), status: '400 Bad Request', page: PAGES[400], line: `client sent duplicate header line: "Authorization: b", previous value: "Authorization: a" ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'two If-Modified-Since headers', request: head('If-Modified-Since: x\r\nIf-Modified-Since: y'), status: '400 Bad Request', page: PAGES[400], line: `client sent duplicate header line: "If-Modified-Since: y", previous value: "If-Modified-Since: x" ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'two If-None-Match headers', request: head('If-None-Match: x\r\nIf-None-Match: y'), status: '400 Bad Request', page: PAGES[400], line: `client sent duplicate header line: "If-None-Match: y", previous value: "If-None-Match: x" ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'two If-Match headers', request: head('If-Match: x\r\nIf-Match: y'), status: '400 Bad Request', page: PAGES[400], line: `client sent duplicate header line: "If-Match: y", previous value: "If-Match: x" ${READ_HEADERS}`, host: 'a', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'Transfer-Encoding: gzip', request: 'POST /api/h HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n', status: '501 Not Implemented', page: PAGE_501, line: `client sent unknown "Transfer-Encoding": "gzip" ${READ_HEADERS.replace('GET', 'POST')}`, host: 'a', access: '"POST /api/h HTTP/1.1" 501 165' },
  { name: 'Transfer-Encoding and Content-Length', request: 'POST /api/h HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent "Content-Length" and "Transfer-Encoding" headers at the same time ${READ_HEADERS.replace('GET', 'POST')}`, host: 'a', access: '"POST /api/h HTTP/1.1" 400 157' },
  { name: 'Transfer-Encoding in HTTP/1.0', request: 'POST /api/h HTTP/1.0\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent HTTP/1.0 request with "Transfer-Encoding" header ${READ_HEADERS.replace('GET', 'POST').replace('1.1"', '1.0"')}`, host: 'a', access: '"POST /api/h HTTP/1.0" 400 157' },
  { name: 'a Content-Length that is not a number', request: 'POST /api/h HTTP/1.1\r\nHost: a\r\nContent-Length: 1x\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent invalid "Content-Length" header ${READ_HEADERS.replace('GET', 'POST')}`, host: 'a', access: '"POST /api/h HTTP/1.1" 400 157' },
  { name: 'a Host with a slash', request: 'GET /api/h HTTP/1.1\r\nHost: a/b\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent invalid host header ${READ_HEADERS}`, host: 'a/b', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'a Host with ".."', request: 'GET /api/h HTTP/1.1\r\nHost: a..b\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent invalid host header ${READ_HEADERS}`, host: 'a..b', access: '"GET /api/h HTTP/1.1" 400 157' },
  { name: 'TRACE', request: 'TRACE /api/h HTTP/1.1\r\nHost: a\r\n\r\n', status: '405 Not Allowed', page: PAGES[405], line: `client sent TRACE method ${READ_HEADERS.replace('GET', 'TRACE')}`, host: 'a', access: '"TRACE /api/h HTTP/1.1" 405 157' },
  { name: 'HTTP/2.0 on an HTTP/1 connection', request: 'GET /api/h HTTP/2.0\r\nHost: a\r\n\r\n', status: '505 HTTP Version Not Supported', page: PAGE_505, line: `client sent invalid version ${READ_LINE}, request: "GET /api/h HTTP/2.0"`, access: '"GET /api/h HTTP/2.0" 505 187' },
  { name: 'a method with a bad byte', request: 'G@T /api/h HTTP/1.1\r\nHost: a\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent invalid method ${READ_LINE}, request: "G@T /api/h HTTP/1.1"`, access: '"G@T /api/h HTTP/1.1" 400 157' },
  { name: 'a lower-case method', request: 'get /api/h HTTP/1.1\r\nHost: a\r\n\r\n', status: '400 Bad Request', page: PAGES[400], line: `client sent invalid method ${READ_LINE}, request: "get /api/h HTTP/1.1"`, access: '"get /api/h HTTP/1.1" 400 157' },
];

for (const c of REFUSALS) {
  test(`7d: ${c.name}: ${c.status}`, async ({ startProxy }) => {
    const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
    const r = await p.send(c.request);
    expect(r.statusLine).toBe(`HTTP/1.1 ${c.status}`);
    expect(withoutDate(r.headers)).toEqual(pageHeaders(c.page.length, 'close'));
    expect(r.body).toBe(c.page);
    expect(r.closed).toBe(true);
    expect(p.upstream.received).toEqual([]);
    const host = c.host === undefined ? '' : `, host: "${c.host}"`;
    await expect.poll(() => p.requestLog()).toEqual([`TIME [info] PID: *2 ${c.line}${host}`]);
    await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] ${c.access} "-" "-"`]);
  });
}

test('8: an HTTP/0.9 request nginx refuses (POST) gets the bare 400 page, no status line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send('POST /x\r\n', { untilClose: true });
  expect(r.raw).toBe(PAGES[400]);
  await expect
    .poll(() => p.requestLog())
    .toEqual([`TIME [info] PID: *2 client sent invalid method in HTTP/0.9 request ${READ_LINE}, request: "POST /x"`]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /x" 400 157 "-" "-"']);
});

test('8: header names nginx ignores (underscore, "@", 8-bit) are dropped with an [info] line each; the rest goes on', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'info' });
  const r = await p.send(`GET /api/h HTTP/1.1\r\nHost: a\r\nX_Under: 1\r\nX@Y: v\r\nX-\xe9: v\r\nX-Tab:\tv \r\nUser-Agent: a\r\nUser-Agent: b\r\n\r\n`);
  expect(r.status).toBe(200);
  expect(p.upstream.received.map((x) => x.raw)).toEqual([`GET /admin/h HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\nX-Tab: \tv\r\nUser-Agent: a\r\nUser-Agent: b\r\n\r\n`]);
  const dropped = (line: string) => `TIME [info] PID: *2 client sent invalid header line: "${line}" ${READ_HEADERS}, host: "a"`;
  await expect
    .poll(() => p.requestLog())
    .toEqual([dropped('X_Under: 1'), dropped('X@Y: v'), dropped('X-\xe9: v'), 'TIME [info] PID: *2 client 127.0.0.1 closed keepalive connection']);
  // The first User-Agent is the one logged.
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /api/h HTTP/1.1" 200 ${r.body.length} "-" "a"`]);
});

test('8: requests nginx accepts: HTTP/1.2, LF-only line ends, an absolute URI, a Host with upper case and a trailing dot', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const rs = [
    await p.send('GET /x HTTP/1.2\r\nHost: a\r\n\r\n'),
    await p.send('GET /x HTTP/1.1\nHost: a\n\n'),
    await p.send('GET http://foo.example:81/x?y HTTP/1.1\r\nHost: a\r\n\r\n'),
    await p.send('GET /api HTTP/1.1\r\nHost: LOCALHOST.\r\n\r\n'),
  ];
  expect(rs.map((r) => r.statusLine)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK', 'HTTP/1.1 200 OK', 'HTTP/1.1 301 Moved Permanently']);
  // Location takes the Host as nginx keeps it: lower-cased, without the trailing dot.
  expect(rs[3].headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://localhost:${p.port}/api/`]);
  await expect.poll(() => p.access().length).toBe(4);
  expect(p.errorLog()).toEqual([]);
});

test('7e: a fragment in the request target is dropped from the path and from the arguments', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  for (const t of ['/api/u?x=1#f', '/api/u#f?x=1', '/api/a#b/../c', '/api/%23#x']) await p.send(`GET ${t} HTTP/1.1\r\nHost: a\r\n\r\n`);
  const r = await p.send('GET /x#frag HTTP/1.1\r\nHost: a\r\n\r\n');
  expect(r.body).toBe('hello\n');
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual([
    'GET /admin/u?x=1 HTTP/1.0',
    'GET /admin/u HTTP/1.0',
    'GET /admin/a HTTP/1.0',
    'GET /admin/%23 HTTP/1.0',
  ]);
});
