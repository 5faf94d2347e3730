// error_page beyond the course's `/50x.html` (ngx_http_send_error_page()): a URL target is a
// redirect, 302 unless `=301` (or another redirect code) says otherwise, with that status's page
// and the Location among the other headers; `=200` answers the page with its own 200; a page for
// 400 is no page for a header too large (494), which nginx tells apart.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES, names, pageHeaders, withoutDate } from '../support/pages.js';

test('error_page 502 http://example.com/down: a 302 with nginx\'s "302 Found" page and the Location after Connection', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', server: 'error_page 502 http://example.com/down;' });
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(withoutDate(r.headers)).toEqual([...pageHeaders(145), ['Location', 'http://example.com/down']]);
  expect(r.body).toBe(PAGES[302]);
  expect(p.requestLog()).toHaveLength(2);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 302 145 "-" "-"']);
});

test('error_page 404 =301 http://example.com/gone: a 301 with the 301 page', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'error_page 404 =301 http://example.com/gone;' });
  const r = await p.send(get('/missing', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(r.headers.at(-1)).toEqual(['Location', 'http://example.com/gone']);
  expect(r.body).toBe(PAGES[301]);
});

test('error_page 404 =200 /x: the page with its own 200, Last-Modified and Accept-Ranges, ranges served', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'error_page 404 =200 /x;' });
  const r = await p.send(get('/missing', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(names(r.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  expect(r.body).toBe('hello\n');
  const range = await p.send(get('/missing', p.port, ['Range: bytes=0-0']));
  expect(range.statusLine).toBe('HTTP/1.1 206 Partial Content');
  expect(range.body).toBe('h');
});

test('error_page 404 =404 /x: the page, with the 404 status, without Last-Modified or Accept-Ranges', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'error_page 404 =404 /x;' });
  const r = await p.send(get('/missing', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(names(r.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Connection', 'ETag']);
  expect(r.body).toBe('hello\n');
});

test('error_page 400 /x: a bad request line gets the page with its 400, a header too large (494) gets nginx\'s own page', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', server: 'error_page 400 /x;' });
  const bad = await p.send(get('/../x', p.port));
  expect(bad.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(bad.body).toBe('hello\n');
  const big = await p.send(get('/x', p.port, [`X-Big: ${'h'.repeat(9000)}`]));
  expect(big.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(big.body).toBe(PAGES.headerTooLarge);
});

test('error_page 502 /nothere.html, a page that does not exist: nginx\'s 404 page with its 404, and the open() line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', server: 'error_page 502 /nothere.html;' });
  const r = await p.send(get('/api/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(r.body).toBe(PAGES[404]);
  expect(p.requestLog().at(-1)).toBe(
    'TIME [error] PID: *2 open() "PREFIX/html/nothere.html" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1", upstream: "http://127.0.0.1:U/admin/x", host: "127.0.0.1:P"',
  );
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/x HTTP/1.1" 404 153 "-" "-"']);
});
