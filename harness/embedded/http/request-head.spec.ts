// The client's request head as nginx reads it (ngx_http_parse_request_line, the header lines,
// ngx_http_process_request_header()): what a head is made of, where it ends, and what is refused.
import { test, expect } from '@playwright/test';
import { parseRequestHead, type HeadResult } from './request-head.js';

/** The refusal a head comes to: its status, the error log's message, and the stage it was read in. */
function refusal(r: HeadResult) {
  return r.kind === 'error' ? [r.error.status, r.error.message, r.error.stage] : r.kind;
}

test('a head: the URI normalised, its end, and the header buffer that holds the body read with it', () => {
  const r = parseRequestHead('GET /a//b/./c?x=1 HTTP/1.1\r\nHost: example.com\r\nX-A: 1\r\n\r\nBODY');
  expect(r.kind).toBe('head');
  if (r.kind !== 'head') return;
  expect(r.head.method).toBe('GET');
  expect(r.head.uri.uri).toBe('/a/b/c');
  expect(r.head.uri.args).toBe('x=1');
  expect(r.head.version).toBe(11);
  expect(r.head.host).toBe('example.com');
  expect(r.head.headers.map((h) => [h.name, h.value])).toEqual([
    ['Host', 'example.com'],
    ['X-A', '1'],
  ]);
  // BODY is not part of the head, but is in the same client_header_buffer_size (1k) buffer.
  expect(r.consumed).toBe('GET /a//b/./c?x=1 HTTP/1.1\r\nHost: example.com\r\nX-A: 1\r\n\r\n'.length);
  expect(r.bufferEnd).toBe(1024);
});

test('a head cut short waits for more, and says how far it got (for the log line of a client that leaves)', () => {
  expect(parseRequestHead('GET /a HTTP/1.1\r\nHost: ex')).toEqual({ kind: 'more', partial: { stage: 'headers', requestLine: 'GET /a HTTP/1.1', headers: [], uri: { uri: '/a', args: '', unparsed: '/a', quoted: false, host: undefined } } });
  const line = parseRequestHead('GET /a HT');
  expect(line.kind).toBe('more');
  if (line.kind === 'more') expect(line.partial?.stage).toBe('line');
});

test('versions: a request line without one is HTTP/0.9; HTTP/1.0 needs no Host; HTTP/1.1 does; HTTP/2.0 is a 505', () => {
  const v = (s: string) => {
    const r = parseRequestHead(s);
    return r.kind === 'head' ? r.head.version : refusal(r);
  };
  expect(v('GET /\r\n')).toBe(9);
  expect(v('GET / HTTP/1.0\r\n\r\n')).toBe(10);
  expect(v('GET / HTTP/1.1\r\n\r\n')).toEqual([400, 'client sent HTTP/1.1 request without "Host" header', 'headers']);
  expect(v('GET / HTTP/2.0\r\nHost: a\r\n\r\n')).toEqual([505, 'client sent invalid version', 'line']);
});

test('the body framing nginx refuses: two lengths, a length and chunked, a coding it does not know, a negative length', () => {
  const head = (h: string) => refusal(parseRequestHead(`POST / HTTP/1.1\r\nHost: a\r\n${h}\r\n`));
  expect(head('Content-Length: 5\r\nContent-Length: 5\r\n')).toEqual([400, 'client sent duplicate header line: "Content-Length: 5", previous value: "Content-Length: 5"', 'headers']);
  expect(head('Content-Length: 5\r\nTransfer-Encoding: chunked\r\n')).toEqual([400, 'client sent "Content-Length" and "Transfer-Encoding" headers at the same time', 'headers']);
  expect(head('Transfer-Encoding: gzip\r\n')).toEqual([501, 'client sent unknown "Transfer-Encoding": "gzip"', 'headers']);
  expect(head('Content-Length: -1\r\n')).toEqual([400, 'client sent invalid "Content-Length" header', 'headers']);
  const ok = parseRequestHead('POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n');
  expect(ok.kind === 'head' && [ok.head.chunked, ok.head.contentLength]).toEqual([true, undefined]);
});

test('limits: a URI past the large buffers is a 414, a header line past one a 494 quoted in part', () => {
  expect(refusal(parseRequestHead(`GET /${'a'.repeat(9000)} HTTP/1.1\r\n\r\n`))).toEqual([414, 'client sent too long URI', 'line']);
  const long = parseRequestHead(`GET / HTTP/1.1\r\nHost: a\r\nX: ${'b'.repeat(9000)}\r\n\r\n`);
  expect(long.kind).toBe('error');
  if (long.kind !== 'error') return;
  expect(long.error.status).toBe(494);
  expect(long.error.message).toMatch(/^client sent too long header line: "X: b+\.\.\."$/);
  // NGX_MAX_ERROR_STR - 300 characters of the line are quoted, then "...".
  expect(long.error.message.length).toBeLessThan(2048);
});

test('bad input: a method, a URI that climbs above the root, a NUL, a second Host', () => {
  expect(refusal(parseRequestHead('G@T / HTTP/1.1\r\nHost: a\r\n\r\n'))).toEqual([400, 'client sent invalid method', 'line']);
  expect(refusal(parseRequestHead('GET /../x HTTP/1.1\r\nHost: a\r\n\r\n'))).toEqual([400, 'client sent invalid request', 'line']);
  expect(refusal(parseRequestHead('GET /%00 HTTP/1.1\r\nHost: a\r\n\r\n'))).toEqual([400, 'client sent invalid request', 'line']);
  expect(refusal(parseRequestHead('GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'))).toEqual([400, 'client sent duplicate host header: "Host: b", previous value: "Host: a"', 'headers']);
});

test('a header name with an underscore is dropped with a notice (ignore_invalid_headers), the rest of the head kept', () => {
  const r = parseRequestHead('GET / HTTP/1.1\r\nHost: a\r\nX_Under: 1\r\nX-B: 2\r\n\r\n');
  expect(r.kind).toBe('head');
  if (r.kind !== 'head') return;
  expect(r.head.headers.map((h) => h.name)).toEqual(['Host', 'X-B']);
  expect(r.notices.map((n) => n.message)).toEqual(['client sent invalid header line: "X_Under: 1"']);
  const kept = parseRequestHead('GET / HTTP/1.1\r\nHost: a\r\nX_Under: 1\r\n\r\n', { headerBufferSize: 1024, largeBufferSize: 8192, largeBuffers: 4, underscoresInHeaders: true, ignoreInvalidHeaders: true, mergeSlashes: true });
  expect(kept.kind === 'head' && kept.head.headers.map((h) => h.name)).toEqual(['Host', 'X_Under']);
});
