// The upstream's status line and headers as nginx reads them (ngx_http_parse_status_line,
// ngx_http_parse_header_line): decided byte by byte, not once the whole head has come.
import { test, expect } from '@playwright/test';
import { parseResponseHead } from './response-head.js';

/** With proxy_buffer_size's default, one memory page. */
const parse = (buf: string) => parseResponseHead(buf, 4096);

test('a first byte that cannot start "HTTP/" is an HTTP/0.9 answer at once; a prefix of a status line waits for more', () => {
  expect(parse('\x00')).toEqual({ kind: 'http09' });
  expect(parse('Hello')).toEqual({ kind: 'http09' });
  expect(parse('HTT')).toEqual({ kind: 'more' });
  expect(parse('HTTP/1.1 2')).toEqual({ kind: 'more' });
  expect(parse('HTTP/0.9 200 OK\r\n')).toEqual({ kind: 'http09' });
  expect(parse('HTTP/1.1 20x OK\r\n')).toEqual({ kind: 'http09' });
  expect(parse('HTTP/1.1 200OK\r\n')).toEqual({ kind: 'http09' });
});

test('status lines nginx takes: a reason or none, IIS\'s "403.1", spaces before the code', () => {
  const head = (s: string) => {
    const r = parse(s);
    return r.kind === 'head' ? [r.head.version, r.head.status, r.head.statusLine] : r.kind;
  };
  expect(head('HTTP/1.1 200 OK\r\n\r\n')).toEqual([11, 200, '200 OK']);
  expect(head('HTTP/1.0 404\r\n\r\n')).toEqual([10, 404, '404']);
  expect(head('HTTP/1.1 403.1 Forbidden\r\n\r\n')).toEqual([11, 403, '403.1 Forbidden']);
  expect(head('HTTP/1.1   502 Bad Gateway\n\n')).toEqual([11, 502, '502 Bad Gateway']);
});

test('a header line nginx refuses is quoted up to its bad byte, as nginx writes it', () => {
  const invalid = (line: string) => parse(`HTTP/1.1 200 OK\r\n${line}\r\n\r\n`);
  expect(invalid('Content Type: application/json')).toEqual({ kind: 'invalid', message: 'upstream sent invalid header: "Content\\x20..."' });
  expect(invalid('X-Y: a\x00b')).toEqual({ kind: 'invalid', message: 'upstream sent invalid header: "X-Y: a\\x00..."' });
  expect(invalid('X: a\rb')).toEqual({ kind: 'invalid', message: 'upstream sent invalid header: "X: a\\x0d..."' });
  expect(invalid(' X: folded')).toEqual({ kind: 'invalid', message: 'upstream sent invalid header: "\\x20..."' });
  // Names nginx only marks invalid (an "@", an underscore) are passed on, as a line without a colon is.
  const ok = parse('HTTP/1.1 200 OK\r\nX@Y: 1\r\nX_Y: 2\r\nNoColon\r\n\r\n');
  expect(ok.kind === 'head' && ok.head.headers).toEqual([['X@Y', '1'], ['X_Y', '2'], ['NoColon', '']]);
});

test('a head that does not fit in proxy_buffer_size (4k) is too big, whether or not its end has come', () => {
  const big = `HTTP/1.1 200 OK\r\nSet-Cookie: ${'x'.repeat(5000)}\r\n\r\n`;
  expect(parse(big)).toEqual({ kind: 'invalid', message: 'upstream sent too big header' });
  expect(parse(big.slice(0, 4200))).toEqual({ kind: 'invalid', message: 'upstream sent too big header' });
  expect(parse(big.slice(0, 4000))).toEqual({ kind: 'more' });
});
