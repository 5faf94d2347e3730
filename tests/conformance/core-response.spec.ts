// ngx_http_core_module's directives on how nginx writes an answer's head. absolute_redirect,
// port_in_redirect and server_name_in_redirect shape the Location of nginx's own redirects (the
// slash added to a directory, `/api` → `/api/`, proxy_redirect's rewrite): ngx_http_header_filter()
// makes a Location that starts with `/` absolute in its own place, or, with absolute_redirect off,
// leaves it as it is, written among the other headers after Connection. chunked_transfer_encoding
// off: a body of unknown length is ended by closing the connection, even to an HTTP/1.1 client.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, withoutDate } from '../support/pages.js';

const page301 = (connection = 'keep-alive'): [string, string][] => [
  ['Server', 'nginx/1.22.1'],
  ['Content-Type', 'text/html'],
  ['Content-Length', '169'],
  ['Connection', connection],
];

test('absolute_redirect off: the directory redirect and /api → /api/ keep a relative Location, after Connection', async ({ startProxy }) => {
  const p = await startProxy({ static: 'absolute_redirect off;', api: 'absolute_redirect off;' });
  const dir = await p.send(get('/dir?a=1', p.port));
  expect(dir.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(dir.headers)).toEqual([...page301(), ['Location', '/dir/?a=1']]);
  expect(dir.body).toBe(PAGES[301]);
  const api = await p.send(get('/api', p.port));
  expect(withoutDate(api.headers)).toEqual([...page301(), ['Location', '/api/']]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /dir?a=1 HTTP/1.1" 301 169 "-" "-"', '127.0.0.1 - - [TIME] "GET /api HTTP/1.1" 301 169 "-" "-"']);
});

test('absolute_redirect off: proxy_redirect default\'s rewrite stays relative, in the upstream\'s order', async ({ startProxy }) => {
  const p = await startProxy({ api: 'absolute_redirect off;' });
  p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 302 Found\r\nX-A: 1\r\nLocation: http://localhost:${p.upstream.port}/admin/foo?b=2\r\nContent-Length: 0\r\n\r\n` };
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 302 Found');
  expect(withoutDate(r.headers)).toEqual([['Server', 'nginx/1.22.1'], ['Content-Length', '0'], ['Connection', 'keep-alive'], ['X-A', '1'], ['Location', '/api/foo?b=2']]);
});

test('port_in_redirect off: the Location has the Host\'s name and no port', async ({ startProxy }) => {
  const p = await startProxy({ static: 'port_in_redirect off;' });
  const r = await p.send(get('/dir', p.port));
  expect(withoutDate(r.headers)).toEqual([...page301().slice(0, 3), ['Location', 'http://127.0.0.1/dir/'], ['Connection', 'keep-alive']]);
});

test('an invalid Host whose 400 goes through error_page to a redirect: the Location has the local address', async ({ startProxy }) => {
  const p = await startProxy({ server: 'error_page 400 /bad;\n        location = /bad { return 301 /moved; }' });
  const r = await p.send('GET / HTTP/1.0\r\nHost: .\r\n\r\n');
  expect(r.status).toBe(301);
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/moved`]);
});

test('server_name_in_redirect on: the server\'s first name (in lower case) instead of the Host, with the listen port', async ({ startProxy }) => {
  const p = await startProxy({ serverName: 'First.EXAMPLE second.example', static: 'server_name_in_redirect on;' });
  const r = await p.send(`GET /dir HTTP/1.1\r\nHost: other.example:8000\r\n\r\n`);
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://first.example:${p.port}/dir/`]);
  // HTTP/1.0 without a Host: the same name.
  const old = await p.send('GET /dir HTTP/1.0\r\n\r\n');
  expect(withoutDate(old.headers)).toEqual([...page301('close').slice(0, 3), ['Location', `http://first.example:${p.port}/dir/`], ['Connection', 'close']]);
});

test('server_name_in_redirect on with server_name .Example.com: the name without its dot', async ({ startProxy }) => {
  const p = await startProxy({ serverName: '.Example.com', static: 'server_name_in_redirect on;' });
  const r = await p.send(get('/dir', p.port));
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://example.com:${p.port}/dir/`]);
});

test('server_name_in_redirect on with server_name "": no host at all in the Location', async ({ startProxy }) => {
  const p = await startProxy({ serverName: '""', static: 'server_name_in_redirect on;' });
  const r = await p.send(get('/dir', p.port));
  expect(r.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://:${p.port}/dir/`]);
});

test('chunked_transfer_encoding off: an autoindex listing to HTTP/1.1 has no Transfer-Encoding and ends with the connection', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /dir/ { root html; autoindex on; chunked_transfer_encoding off; }' });
  const body = '<html>\r\n<head><title>Index of /dir/</title></head>\r\n<body>\r\n<h1>Index of /dir/</h1><hr><pre><a href="../">../</a>\r\n</pre><hr></body>\r\n</html>\r\n';
  const r = await p.send(`GET /dir/ HTTP/1.1\r\nHost: h\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n`, { untilClose: true });
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([['Server', 'nginx/1.22.1'], ['Content-Type', 'text/html'], ['Connection', 'close']]);
  // The pipelined second request is never answered.
  expect(r.body).toBe(body);
  expect(r.closed).toBe(true);
  // A HEAD has no body to end: kept alive.
  const head = await p.send('HEAD /dir/ HTTP/1.1\r\nHost: h\r\n\r\n', { head: true });
  expect(head.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'keep-alive']);
  await expect.poll(() => p.access()).toEqual([`127.0.0.1 - - [TIME] "GET /dir/ HTTP/1.1" 200 ${body.length} "-" "-"`, '127.0.0.1 - - [TIME] "HEAD /dir/ HTTP/1.1" 200 0 "-" "-"']);
});

test('chunked_transfer_encoding off: a proxied answer without a length is passed on unchunked and the connection closed', async ({ startProxy }) => {
  const p = await startProxy({ api: 'chunked_transfer_encoding off;' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhello, unframed' };
  const r = await p.send(get('/api/x', p.port), { untilClose: true });
  expect(withoutDate(r.headers)).toEqual([['Server', 'nginx/1.22.1'], ['Content-Type', 'text/plain'], ['Connection', 'close']]);
  expect(r.body).toBe('hello, unframed');
  expect(r.closed).toBe(true);
});

test('proxy_cache off is accepted: answers as without it', async ({ startProxy }) => {
  const p = await startProxy({ http: 'proxy_cache off;', api: 'proxy_cache off;' });
  p.upstream.behaviour = { kind: 'fixed', response: 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok' };
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.body).toBe('ok');
});

test('etag off: a static file has no ETag; If-None-Match and If-Match no longer match it, except `*`', async ({ startProxy }) => {
  const p = await startProxy({ static: 'etag off;' });
  const r = await p.send(get('/index.html', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(r.headers.map(([n]) => n)).not.toContain('ETag');
  const lastModified = r.headers.find(([n]) => n === 'Last-Modified')![1];
  const withHeader = (h: string) => `GET /index.html HTTP/1.1\r\nHost: h\r\n${h}\r\n\r\n`;
  // Not modified by its date alone, and a tag nginx never sent does not matter.
  expect((await p.send(withHeader(`If-Modified-Since: ${lastModified}\r\nIf-None-Match: "1-2"`))).statusLine).toBe('HTTP/1.1 200 OK');
  expect((await p.send(withHeader(`If-Modified-Since: ${lastModified}\r\nIf-None-Match: *`))).statusLine).toBe('HTTP/1.1 304 Not Modified');
  expect((await p.send(withHeader('If-Match: "1-2"'))).statusLine).toBe('HTTP/1.1 412 Precondition Failed');
  expect((await p.send(withHeader('If-Match: *'))).statusLine).toBe('HTTP/1.1 200 OK');
  // A Range with an If-Range tag: no tag to compare it with, so the whole file.
  expect((await p.send(withHeader('Range: bytes=0-1\r\nIf-Range: "1-2"'))).statusLine).toBe('HTTP/1.1 200 OK');
  // The default, for comparison: etag on.
  const q = await startProxy({});
  expect((await q.send(get('/index.html', q.port))).headers.map(([n]) => n)).toContain('ETag');
});
