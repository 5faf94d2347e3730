// harness/embedded/uri.ts without an engine: ngx_http_parse_complex_uri's normalisation and refusals,
// and ngx_escape_uri(NGX_ESCAPE_URI), on the cases nginx 1.22.1 was seen to answer. Strings are latin1.
import { test, expect } from '@playwright/test';
import { parseRequestUri, escapeUri, InvalidUri } from './uri.js';

const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

test('7e: dot segments, merged slashes and %-decoding give $uri', () => {
  const rows: [string, string][] = [
    ['/api/../x', '/x'],
    ['/api/./users', '/api/users'],
    ['//api/x', '/api/x'],
    ['/api//x', '/api/x'],
    ['/api/%2e%2e/x', '/x'],
    ['/api/%2E%2E/x', '/x'],
    ['/api/..%2fx', '/x'],
    ['/api/a%2fb', '/api/a/b'],
    ['/api/a%20b', '/api/a b'],
    ['/api/%7Euser', '/api/~user'],
    ['/api/a/../b', '/api/b'],
    ['/api/../api/z', '/api/z'],
    ['/api/%41', '/api/A'],
    ['/api/', '/api/'],
    ['/api/.', '/api/'],
    ['/api/x/..', '/api/'],
    ['/', '/'],
  ];
  expect(rows.map(([t]) => [t, parseRequestUri(t).uri])).toEqual(rows);
});

test('7e: the query string is kept byte for byte, without its "?"; a fragment is dropped', () => {
  expect(parseRequestUri('/api/u?q=a%2fb&r=../x')).toMatchObject({ uri: '/api/u', args: 'q=a%2fb&r=../x' });
  expect(parseRequestUri('/api/u?')).toMatchObject({ uri: '/api/u', args: '' });
  expect(parseRequestUri(utf8('/api/ä?q=ä'))).toMatchObject({ uri: utf8('/api/ä'), args: utf8('q=ä') });
  expect(parseRequestUri('/api/u?x=1#f')).toMatchObject({ uri: '/api/u', args: 'x=1' });
  expect(parseRequestUri('/api/a#b/../c')).toMatchObject({ uri: '/api/a', args: '' });
});

test('7e: "quoted" (any % in the path) decides whether the rest is re-escaped upstream', () => {
  expect(parseRequestUri('/api/a%20b').quoted).toBe(true);
  expect(parseRequestUri('/api/a b'.replace(' ', '+')).quoted).toBe(false);
  expect(parseRequestUri('/api/x?y=%20').quoted).toBe(false);
});

test('7e: merge_slashes off keeps empty segments', () => {
  expect(parseRequestUri('//api/x', false).uri).toBe('//api/x');
  expect(parseRequestUri('/api//x', false).uri).toBe('/api//x');
});

test('7e: climbing above the root, a decoded NUL and a bad escape are refused (400)', () => {
  for (const t of ['/api/%2e%2e/%2e%2e/etc/passwd', '/../x', '/api/x%00y', '/api/%', '/api/%zz', '/api/%4']) {
    expect(() => parseRequestUri(t), t).toThrow(InvalidUri);
  }
});

test('7e: an absolute-form target gives the host and the path', () => {
  // The host without its port (nginx's host_start..host_end), any scheme.
  expect(parseRequestUri('http://foo.example:81/x?y')).toMatchObject({ host: 'foo.example', uri: '/x', args: 'y' });
  expect(parseRequestUri('http://foo.example')).toMatchObject({ host: 'foo.example', uri: '/' });
  expect(parseRequestUri('ftp://foo.example?q')).toMatchObject({ host: 'foo.example', uri: '/', args: 'q' });
  expect(parseRequestUri('http://[::1]:8080/x')).toMatchObject({ host: '[::1]', uri: '/x' });
});

test('7e: an absolute-form target nginx refuses: userinfo, an unbalanced IP literal, a bad port, no "//"', () => {
  for (const t of ['http://user:pass@a.example/x', 'http://[::1/x', 'http://a.example:8o/x', 'http:/a/x', 'http://a_b/x', '1http://a/x']) {
    expect(() => parseRequestUri(t), t).toThrow(InvalidUri);
  }
});

test('7e: NGX_ESCAPE_URI escapes controls, space, " # % < > ? \\ ^ ` { | } and bytes >= 0x7f, nothing else', () => {
  const rows: [string, string][] = [
    ['a b', 'a%20b'],
    ['~user', '~user'],
    ['a/b', 'a/b'],
    ['a+b', 'a+b'],
    [`a'b"c`, `a'b%22c`],
    ['a<b>', 'a%3Cb%3E'],
    ['\\^`{|}', '%5C%5E%60%7B%7C%7D'],
    ['!$&()*,;=@[]_~', '!$&()*,;=@[]_~'],
    ['a?b', 'a%3Fb'],
    ['a#b', 'a%23b'],
    ['%', '%25'],
    [utf8('ä b'), '%C3%A4%20b'],
    ['\x7f\x01', '%7F%01'],
  ];
  expect(rows.map(([s]) => [s, escapeUri(s)])).toEqual(rows);
});
