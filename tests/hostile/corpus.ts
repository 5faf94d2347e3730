// The hostile corpus: bad requests of every kind a proxy meets on the open internet, each with what
// nginx 1.22.1 does with it on the conformance conf (`location /api/` proxied to the test upstream
// as /admin/, `location /` static from html/, which holds x, index.html, style.css and dir/).
//
// `nginx` is nginx's answer as the client sees it: the status codes in order (1xx included), `raw`
// for bytes without a status line (an HTTP/0.9 answer), then `close` (nginx closed the connection)
// or `open` (nginx kept it); `aborted` when the client drops the connection itself. A 413 sent
// before the body is `open`: nginx says `Connection: close` but keeps reading (and dropping) the
// body for lingering_timeout, 5 s, before it closes; the client stops looking well before that. It is what the
// client waits for, and a check that the corpus says what nginx does; the test compares the
// embedded engine's answers with nginx's byte for byte, whatever they are.
//
// `upstream`, where given, is the exact list of request lines the upstream must receive: for
// smuggling and pipelining entries, what the client meant to be forwarded, nothing more.
//
// Targets outside the root are `<prefix>/secret.txt` (`/../secret.txt`), `<prefix>/../secret.txt`
// (`/../../secret.txt`), `<prefix>/conf/nginx.conf` and /etc/passwd; the test plants markers in
// the first three.
import type { Piece, Then } from './exchange.js';

export type Category =
  | 'request line'
  | 'HTTP/0.9'
  | 'absolute-form'
  | 'method'
  | 'Content-Length'
  | 'Transfer-Encoding'
  | 'chunked body'
  | 'header size'
  | 'slow'
  | 'control bytes'
  | 'traversal (static)'
  | 'traversal (/api/)'
  | 'Host'
  | 'smuggling'
  | 'pipelining'
  | 'early close'
  | 'Expect'
  | 'long URI';

export interface HostileRequest {
  name: string;
  category: Category;
  /** The bytes, at once or in pieces sent with their gaps. */
  send: string | Buffer | Piece[];
  /** After the last byte (default `wait`). */
  then?: Then;
  nginx: string;
  upstream?: string[];
}

/** A request: its line, its header lines (`Host: a` unless given), and a body. */
function req(line: string, headers: string[] = ['Host: a'], body = ''): string {
  return `${line}\r\n${headers.map((h) => h + '\r\n').join('')}\r\n${body}`;
}

/** `bytes` cut into pieces of `size` bytes, `gapMs` apart: a slow client. */
function trickle(bytes: string, size: number, gapMs: number): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push({ bytes: bytes.slice(i, i + size), gapMs: i ? gapMs : 0 });
  return out;
}

const up = (path: string, method = 'GET') => `${method} /admin/${path} HTTP/1.0`;

/** A second, complete request, as hidden or pipelined behind the first. */
const SECOND = req('GET /api/smuggled HTTP/1.1');

export const CORPUS: HostileRequest[] = [
  // ---- request line ----
  // Runs of spaces between the parts: nginx's parser skips them.
  { name: 'extra spaces between the parts', category: 'request line', send: req('GET   /x   HTTP/1.1'), nginx: '200 open' },
  // A tab where a space belongs: a separator some parsers accept and nginx does not.
  { name: 'tab as the separator', category: 'request line', send: req('GET\t/x HTTP/1.1'), nginx: '400 close' },
  // No request-target at all: the version lands where the URI should be.
  { name: 'no URI', category: 'request line', send: req('GET HTTP/1.1'), nginx: '400 close' },
  // No method: the line starts with the target.
  { name: 'no method', category: 'request line', send: req('/x HTTP/1.1'), nginx: '400 close' },
  // A space before the method.
  { name: 'leading space', category: 'request line', send: req(' GET /x HTTP/1.1'), nginx: '400 close' },
  // Empty lines before the request line (RFC 9112 says to ignore them).
  { name: 'empty lines before the request line', category: 'request line', send: '\r\n\r\n' + req('GET /x HTTP/1.1'), nginx: '200 open' },
  // A target that does not start with '/'.
  { name: 'relative target', category: 'request line', send: req('GET x HTTP/1.1'), nginx: '400 close' },
  // The version without its minor number.
  { name: 'version HTTP/1', category: 'request line', send: req('GET /x HTTP/1'), nginx: '400 close' },
  // The version in lower case.
  { name: 'version in lower case', category: 'request line', send: req('GET /x http/1.1'), nginx: '400 close' },
  // A version nginx does not speak on this connection.
  { name: 'version HTTP/3.0', category: 'request line', send: req('GET /x HTTP/3.0'), nginx: '505 close' },
  // A minor version that overflows nginx's 3-digit limit.
  { name: 'version HTTP/1.1000', category: 'request line', send: req('GET /x HTTP/1.1000'), nginx: '400 close' },
  // Garbage after the version.
  { name: 'garbage after the version', category: 'request line', send: req('GET /x HTTP/1.1 extra'), nginx: '400 close' },
  // A bare CR ends the request line early (header injection by CR).
  { name: 'bare CR in the request line', category: 'request line', send: 'GET /x HTTP/1.1\rHost: a\r\n\r\n', nginx: '400 close' },
  // An OPTIONS request for the server as a whole.
  { name: 'OPTIONS *', category: 'request line', send: req('OPTIONS * HTTP/1.1'), nginx: '400 close' },
  // CONNECT with an authority target: an open-proxy probe.
  { name: 'CONNECT probe', category: 'request line', send: req('CONNECT example.com:443 HTTP/1.1', ['Host: example.com:443']), nginx: '400 close' },

  // ---- HTTP/0.9 ----
  // A bare request line: the file's bytes, no status line, then a close.
  { name: 'HTTP/0.9 static file', category: 'HTTP/0.9', send: 'GET /x\r\n', nginx: 'raw close' },
  // HTTP/0.9 through the proxy location: the upstream's body comes back raw.
  { name: 'HTTP/0.9 to /api/', category: 'HTTP/0.9', send: 'GET /api/h09\r\n', nginx: 'raw close', upstream: [up('h09')] },
  // HTTP/0.9 climbing out of the root.
  { name: 'HTTP/0.9 traversal', category: 'HTTP/0.9', send: 'GET /../secret.txt\r\n', nginx: 'raw close' },
  // HTTP/0.9 followed by header-like lines: nothing after the request line is read.
  { name: 'HTTP/0.9 with headers after it', category: 'HTTP/0.9', send: 'GET /x\r\nHost: a\r\n\r\n', nginx: 'raw close' },

  // ---- absolute-form targets ----
  // An absolute URI whose host differs from the Host header.
  { name: 'absolute URI, other Host', category: 'absolute-form', send: req('GET http://b.example/x HTTP/1.1', ['Host: a.example']), nginx: '200 open' },
  // Userinfo in the absolute URI (credential smuggling / parser confusion).
  { name: 'absolute URI with userinfo', category: 'absolute-form', send: req('GET http://user:pass@a.example/api/u HTTP/1.1'), nginx: '400 close' },
  // A port out of range.
  { name: 'absolute URI, port 99999', category: 'absolute-form', send: req('GET http://a.example:99999/api/p HTTP/1.1'), nginx: '200 open', upstream: [up('p')] },
  // An empty port.
  { name: 'absolute URI, empty port', category: 'absolute-form', send: req('GET http://a.example:/x HTTP/1.1'), nginx: '200 open' },
  // An https scheme on a plain connection.
  { name: 'absolute URI, https scheme', category: 'absolute-form', send: req('GET https://a.example/x HTTP/1.1'), nginx: '200 open' },
  // A scheme nginx does not proxy.
  { name: 'absolute URI, ftp scheme', category: 'absolute-form', send: req('GET ftp://a.example/x HTTP/1.1'), nginx: '200 open' },
  // An absolute URI without a path.
  { name: 'absolute URI without a path', category: 'absolute-form', send: req('GET http://a.example HTTP/1.1'), nginx: '200 open' },
  // An IPv6 literal left unbalanced.
  { name: 'absolute URI, unbalanced [::1', category: 'absolute-form', send: req('GET http://[::1/x HTTP/1.1'), nginx: '400 close' },
  // The absolute form used to climb out of the root.
  { name: 'absolute URI traversal', category: 'absolute-form', send: req('GET http://a.example/../secret.txt HTTP/1.1'), nginx: '400 close' },
  // The absolute URI's host goes into the 301's Location, not the Host header's.
  { name: 'absolute URI vs Host in a redirect', category: 'absolute-form', send: req('GET http://evil.example/api HTTP/1.1', ['Host: good.example']), nginx: '301 open' },

  // ---- methods ----
  // A method nginx does not know, to the proxy: passed on as is.
  { name: 'unknown method to /api/', category: 'method', send: req('BREW /api/pot HTTP/1.1'), nginx: '200 open', upstream: [up('pot', 'BREW')] },
  // A method nginx does not know, to a static file.
  { name: 'unknown method to a file', category: 'method', send: req('PURGE /x HTTP/1.1'), nginx: '405 open' },
  // A 1000-letter method.
  { name: '1000-letter method', category: 'method', send: req(`${'A'.repeat(1000)} /x HTTP/1.1`), nginx: '405 open' },
  // A digit in the method.
  { name: 'digit in the method', category: 'method', send: req('GET1 /x HTTP/1.1'), nginx: '400 close' },
  // The HTTP/2 connection preface on an HTTP/1 port.
  { name: 'HTTP/2 preface', category: 'method', send: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', nginx: '400 close' },
  // DELETE on a static file.
  { name: 'DELETE a file', category: 'method', send: req('DELETE /x HTTP/1.1'), nginx: '405 open' },
  // A method with '-' and '_' (allowed characters) to the proxy.
  { name: 'M-SEARCH_X to /api/', category: 'method', send: req('M-SEARCH_X /api/m HTTP/1.1'), nginx: '200 open', upstream: [up('m', 'M-SEARCH_X')] },

  // ---- Content-Length ----
  // A negative length.
  { name: 'Content-Length -1', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: -1']), nginx: '400 close' },
  // A hex length.
  { name: 'Content-Length 0x10', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: 0x10'], 'a'.repeat(16)), nginx: '400 close' },
  // A length beyond 64 bits.
  { name: 'Content-Length 2^70', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: 1180591620717411303424']), nginx: '400 close' },
  // The largest 63-bit length: over client_max_body_size (413; nginx keeps the connection to discard the body).
  { name: 'Content-Length 2^63-1', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: 9223372036854775807']), nginx: '413 open' },
  // A space inside the number.
  { name: 'Content-Length "1 0"', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: 1 0'], 'a'.repeat(10)), nginx: '400 close' },
  // A plus sign.
  { name: 'Content-Length +5', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: +5'], 'abcde'), nginx: '400 close' },
  // Two different lengths: the classic CL.CL desync.
  { name: 'two different Content-Lengths', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: 5', 'Content-Length: 6'], 'abcdef'), nginx: '400 close' },
  // A comma list of equal values (RFC 9110 lets a recipient accept it).
  { name: 'Content-Length "5, 5"', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length: 5, 5'], 'abcde'), nginx: '400 close' },
  // An empty value.
  { name: 'empty Content-Length', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length:']), nginx: '400 close' },
  // Spaces before the number, a space and a tab after it: nginx trims spaces, not the tab.
  { name: 'Content-Length with spaces and a tab around', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length:   5 \t'], 'abcde'), nginx: '400 close', upstream: [] },
  // Spaces only around the number: trimmed, valid.
  { name: 'Content-Length with spaces around', category: 'Content-Length', send: req('POST /api/c HTTP/1.1', ['Host: a', 'Content-Length:   5   '], 'abcde'), nginx: '200 open', upstream: [up('c', 'POST')] },
  // A GET with a body to a static file: the body is read and dropped, the connection goes on.
  { name: 'GET with a body to a file', category: 'Content-Length', send: req('GET /x HTTP/1.1', ['Host: a', 'Content-Length: 5'], 'abcde'), nginx: '200 open' },

  // ---- Transfer-Encoding ----
  // Content-Length first, then Transfer-Encoding (the other order is in malformed.spec).
  { name: 'Content-Length then Transfer-Encoding', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Content-Length: 3', 'Transfer-Encoding: chunked'], '0\r\n\r\n'), nginx: '400 close' },
  // A coding list ending in identity.
  { name: 'Transfer-Encoding: chunked, identity', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked, identity'], '0\r\n\r\n'), nginx: '501 close' },
  // A look-alike of chunked.
  { name: 'Transfer-Encoding: xchunked', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Transfer-Encoding: xchunked'], '0\r\n\r\n'), nginx: '501 close' },
  // chunked in upper case: codings are case-insensitive.
  { name: 'Transfer-Encoding: CHUNKED', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Transfer-Encoding: CHUNKED'], '3\r\nabc\r\n0\r\n\r\n'), nginx: '200 open', upstream: [up('t', 'POST')] },
  // identity alone (removed from HTTP/1.1).
  { name: 'Transfer-Encoding: identity', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Transfer-Encoding: identity'], 'abc'), nginx: '501 close' },
  // gzip before chunked.
  { name: 'Transfer-Encoding: gzip, chunked', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Transfer-Encoding: gzip, chunked'], '0\r\n\r\n'), nginx: '501 close' },
  // Two Transfer-Encoding: chunked headers: a duplicate nginx refuses.
  { name: 'Transfer-Encoding twice', category: 'Transfer-Encoding', send: req('POST /api/t HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'], '3\r\nabc\r\n0\r\n\r\n'), nginx: '400 close', upstream: [] },

  // ---- chunked bodies ----
  // A chunk size that is not hex.
  { name: 'chunk size "zz"', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], 'zz\r\nabc\r\n0\r\n\r\n'), nginx: '400 close' },
  // A chunk size that overflows 64 bits.
  { name: 'chunk size overflow', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], 'fffffffffffffffffffff\r\nabc\r\n0\r\n\r\n'), nginx: '400 close' },
  // No CRLF after the chunk's data.
  { name: 'chunk without its CRLF', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3\r\nabcX0\r\n\r\n'), nginx: '400 close' },
  // More data than the chunk size says.
  { name: 'chunk longer than its size', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3\r\nabcdef\r\n0\r\n\r\n'), nginx: '400 close' },
  // Chunk extensions: legal, ignored.
  { name: 'chunk extensions', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3;name=value;x\r\nabc\r\n0;last\r\n\r\n'), nginx: '200 open', upstream: [up('k', 'POST')] },
  // A negative chunk size.
  { name: 'chunk size -1', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '-1\r\nabc\r\n0\r\n\r\n'), nginx: '400 close' },
  // A 0x prefix on the size.
  { name: 'chunk size 0x3', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '0x3\r\nabc\r\n0\r\n\r\n'), nginx: '400 close' },
  // A space after the size (parsed as the start of an extension by some, an error by others).
  { name: 'chunk size with a space', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3 \r\nabc\r\n0\r\n\r\n'), nginx: '200 open', upstream: [up('k', 'POST')] },
  // Bare LF line ends in the chunked framing.
  { name: 'chunks with bare LF', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3\nabc\n0\n\n'), nginx: '200 open', upstream: [up('k', 'POST')] },
  // Trailer fields after the last chunk (never forwarded).
  { name: 'chunked trailer', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3\r\nabc\r\n0\r\nX-Trailer: t\r\n\r\n'), nginx: '200 open', upstream: [up('k', 'POST')] },
  // Only the last chunk: an empty body.
  { name: 'empty chunked body', category: 'chunked body', send: req('POST /api/k HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '0\r\n\r\n'), nginx: '200 open', upstream: [up('k', 'POST')] },

  // ---- header size ----
  // One 9000-byte header to a static file.
  { name: 'one 9000-byte header', category: 'header size', send: req('GET /x HTTP/1.1', ['Host: a', `X-Big: ${'h'.repeat(9000)}`]), nginx: '400 close' },
  // A header line just under the 8k buffer.
  { name: 'one 8000-byte header', category: 'header size', send: req('GET /api/h8 HTTP/1.1', ['Host: a', `X-Big: ${'h'.repeat(8000)}`]), nginx: '200 open', upstream: [up('h8')] },
  // 200 small headers.
  { name: '200 headers', category: 'header size', send: req('GET /api/h200 HTTP/1.1', ['Host: a', ...Array.from({ length: 200 }, (_, i) => `X-H${i}: v${i}`)]), nginx: '200 open', upstream: [up('h200')] },
  // 40 KiB of headers in all, no line over 8k.
  { name: '40 KiB of headers', category: 'header size', send: req('GET /x HTTP/1.1', ['Host: a', ...Array.from({ length: 10 }, (_, i) => `X-H${i}: ${'v'.repeat(4096)}`)]), nginx: '400 close' },
  // A 5000-byte header name.
  { name: '5000-byte header name', category: 'header size', send: req('GET /api/hn HTTP/1.1', ['Host: a', `X-${'n'.repeat(5000)}: v`]), nginx: '200 open', upstream: [up('hn')] },
  // 20 Cookie headers of 2000 bytes (40k in all).
  { name: '20 big Cookie headers', category: 'header size', send: req('GET /x HTTP/1.1', ['Host: a', ...Array.from({ length: 20 }, (_, i) => `Cookie: c${i}=${'c'.repeat(2000)}`)]), nginx: '400 close' },

  // ---- slow clients ----
  // A valid request, 3 bytes every 15 ms (slowloris-style, finished).
  { name: 'slow headers to a file', category: 'slow', send: trickle(req('GET /x HTTP/1.1', ['Host: a', 'User-Agent: slow']), 3, 15), nginx: '200 open' },
  // The same to the proxy: forwarded once, complete.
  { name: 'slow headers to /api/', category: 'slow', send: trickle(req('GET /api/slow HTTP/1.1', ['Host: a', 'X-A: 1']), 3, 15), nginx: '200 open', upstream: [up('slow')] },
  // A body 2 bytes at a time.
  { name: 'slow body', category: 'slow', send: [{ bytes: req('POST /api/sb HTTP/1.1', ['Host: a', 'Content-Length: 10']) }, ...trickle('0123456789', 2, 20)], nginx: '200 open', upstream: [up('sb', 'POST')] },
  // CR and LF of each line end in separate pieces.
  { name: 'line ends split across pieces', category: 'slow', send: [{ bytes: 'GET /x HTTP/1.1\r' }, { bytes: '\nHost: a\r', gapMs: 20 }, { bytes: '\n\r', gapMs: 20 }, { bytes: '\n', gapMs: 20 }], nginx: '200 open' },
  // Slowloris: a head that never ends, a few bytes at a time; nginx waits (client_header_timeout 60 s), answers nothing.
  { name: 'slowloris, head never finished', category: 'slow', send: trickle('GET /x HTTP/1.1\r\nHost: a\r\nX-A: 1\r\nX-B: 2\r\nX-C', 4, 15), nginx: 'open' },
  // A slow head that turns bad half-way: refused at the bad byte.
  { name: 'slow head with a NUL', category: 'slow', send: trickle(req('GET /x HTTP/1.1', ['Host: a', 'X-A: a\x00b']), 4, 15), nginx: '400 close' },

  // ---- NUL and control bytes ----
  // A raw NUL in the target.
  { name: 'NUL in the URI', category: 'control bytes', send: req('GET /x\x00y HTTP/1.1'), nginx: '400 close' },
  // A NUL inside the method.
  { name: 'NUL in the method', category: 'control bytes', send: req('G\x00ET /x HTTP/1.1'), nginx: '400 close' },
  // A control byte (0x01) in the target.
  { name: '0x01 in the URI', category: 'control bytes', send: req('GET /x\x01 HTTP/1.1'), nginx: '400 close' },
  // DEL (0x7f) in the target.
  { name: 'DEL in the URI', category: 'control bytes', send: req('GET /api/d\x7f HTTP/1.1'), nginx: '400 close' },
  // An ANSI escape in a header value (log injection): passed on.
  { name: 'ESC in a header value', category: 'control bytes', send: req('GET /api/esc HTTP/1.1', ['Host: a', 'X-Log: \x1b[31mred\x1b[0m']), nginx: '200 open', upstream: [up('esc')] },
  // A NUL in the Host.
  { name: 'NUL in Host', category: 'control bytes', send: req('GET /x HTTP/1.1', ['Host: a\x00b']), nginx: '400 close' },
  // A vertical tab in a header value.
  { name: 'VT in a header value', category: 'control bytes', send: req('GET /api/vt HTTP/1.1', ['Host: a', 'X-V: a\x0bb']), nginx: '200 open', upstream: [up('vt')] },
  // An 8-bit byte in the target.
  { name: '0xff in the URI', category: 'control bytes', send: req('GET /\xff HTTP/1.1'), nginx: '404 open' },

  // ---- path traversal, static location ----
  // Plain dot-dot to <prefix>/secret.txt.
  { name: '/../secret.txt', category: 'traversal (static)', send: req('GET /../secret.txt HTTP/1.1'), nginx: '400 close' },
  // Percent-encoded dots.
  { name: '/%2e%2e/secret.txt', category: 'traversal (static)', send: req('GET /%2e%2e/secret.txt HTTP/1.1'), nginx: '400 close' },
  // Upper-case encoded dots and slash.
  { name: '/%2E%2E%2Fsecret.txt', category: 'traversal (static)', send: req('GET /%2E%2E%2Fsecret.txt HTTP/1.1'), nginx: '400 close' },
  // Dots plain, slash encoded.
  { name: '/..%2fsecret.txt', category: 'traversal (static)', send: req('GET /..%2fsecret.txt HTTP/1.1'), nginx: '400 close' },
  // Double-encoded dots: decoded once, they are a file name.
  { name: '/%252e%252e/secret.txt', category: 'traversal (static)', send: req('GET /%252e%252e/secret.txt HTTP/1.1'), nginx: '404 open' },
  // Overlong UTF-8 dots.
  { name: '/%c0%ae%c0%ae/secret.txt', category: 'traversal (static)', send: req('GET /%c0%ae%c0%ae/secret.txt HTTP/1.1'), nginx: '404 open' },
  // Backslashes (a separator on Windows only).
  { name: '/..\\secret.txt', category: 'traversal (static)', send: req('GET /..\\secret.txt HTTP/1.1'), nginx: '404 open' },
  // Encoded backslash.
  { name: '/..%5csecret.txt', category: 'traversal (static)', send: req('GET /..%5csecret.txt HTTP/1.1'), nginx: '404 open' },
  // Into the conf directory.
  { name: '/x/../../conf/nginx.conf', category: 'traversal (static)', send: req('GET /x/../../conf/nginx.conf HTTP/1.1'), nginx: '400 close' },
  // A dot segment first.
  { name: '/./../secret.txt', category: 'traversal (static)', send: req('GET /./../secret.txt HTTP/1.1'), nginx: '400 close' },
  // Double slashes around the dots.
  { name: '//..//secret.txt', category: 'traversal (static)', send: req('GET //..//secret.txt HTTP/1.1'), nginx: '400 close' },
  // Two levels up, encoded: the file above the prefix.
  { name: '/%2e%2e%2f%2e%2e%2fsecret.txt', category: 'traversal (static)', send: req('GET /%2e%2e%2f%2e%2e%2fsecret.txt HTTP/1.1'), nginx: '400 close' },
  // To /etc/passwd.
  { name: '/../../../../../../etc/passwd', category: 'traversal (static)', send: req('GET /../../../../../../etc/passwd HTTP/1.1'), nginx: '400 close' },
  // A ';' parameter before the dots (Tomcat-style path parameters).
  { name: '/x;/../../secret.txt', category: 'traversal (static)', send: req('GET /x;/../../secret.txt HTTP/1.1'), nginx: '400 close' },
  // A '..;' segment.
  { name: '/..;/secret.txt', category: 'traversal (static)', send: req('GET /..;/secret.txt HTTP/1.1'), nginx: '404 open' },
  // One dot plain, one encoded.
  { name: '/.%2e/secret.txt', category: 'traversal (static)', send: req('GET /.%2e/secret.txt HTTP/1.1'), nginx: '400 close' },
  // Dots and a NUL (%00 truncation).
  { name: '/..%00/secret.txt', category: 'traversal (static)', send: req('GET /..%00/secret.txt HTTP/1.1'), nginx: '400 close' },
  // Up from a real directory, back into the root: a miss inside the root.
  { name: '/dir/../secret.txt', category: 'traversal (static)', send: req('GET /dir/../secret.txt HTTP/1.1'), nginx: '404 open' },
  // The traversal in the query string only: the path is /x.
  { name: '/x?../../etc/passwd', category: 'traversal (static)', send: req('GET /x?../../etc/passwd HTTP/1.1'), nginx: '200 open' },

  // ---- path traversal, /api/ ----
  // Out of /api/ and above the root.
  { name: '/api/../../secret.txt', category: 'traversal (/api/)', send: req('GET /api/../../secret.txt HTTP/1.1'), nginx: '400 close' },
  // Encoded, into the conf.
  { name: '/api/%2e%2e/%2e%2e/conf/nginx.conf', category: 'traversal (/api/)', send: req('GET /api/%2e%2e/%2e%2e/conf/nginx.conf HTTP/1.1'), nginx: '400 close' },
  // Encoded slashes.
  { name: '/api/..%2f..%2fconf/nginx.conf', category: 'traversal (/api/)', send: req('GET /api/..%2f..%2fconf/nginx.conf HTTP/1.1'), nginx: '400 close' },
  // Out of /api/ into the static root: a miss there, nothing upstream.
  { name: '/api/%2e%2e/secret.txt', category: 'traversal (/api/)', send: req('GET /api/%2e%2e/secret.txt HTTP/1.1'), nginx: '404 open', upstream: [] },
  // Double-encoded: passed to the upstream still encoded once.
  { name: '/api/%252e%252e/%252e%252e/etc/passwd', category: 'traversal (/api/)', send: req('GET /api/%252e%252e/%252e%252e/etc/passwd HTTP/1.1'), nginx: '200 open', upstream: [up('%252e%252e/%252e%252e/etc/passwd')] },
  // Backslashes to the upstream.
  { name: '/api/..\\..\\secret.txt', category: 'traversal (/api/)', send: req('GET /api/..\\..\\secret.txt HTTP/1.1'), nginx: '200 open', upstream: [up('..\\..\\secret.txt')] },
  // Overlong UTF-8 dots to the upstream.
  { name: '/api/%c0%ae%c0%ae/x', category: 'traversal (/api/)', send: req('GET /api/%c0%ae%c0%ae/x HTTP/1.1'), nginx: '200 open', upstream: [up('%C0%AE%C0%AE/x')] },
  // A ';' segment then dots.
  { name: '/api/;/../../secret.txt', category: 'traversal (/api/)', send: req('GET /api/;/../../secret.txt HTTP/1.1'), nginx: '404 open', upstream: [] },
  // Merged slashes and dots to /etc/passwd.
  { name: '//api//..//..//etc/passwd', category: 'traversal (/api/)', send: req('GET //api//..//..//etc/passwd HTTP/1.1'), nginx: '400 close' },
  // Mixed dots.
  { name: '/api/.%2e/.%2e/conf/nginx.conf', category: 'traversal (/api/)', send: req('GET /api/.%2e/.%2e/conf/nginx.conf HTTP/1.1'), nginx: '400 close' },

  // ---- Host ----
  // 'Host:' with nothing at all after the colon.
  { name: 'Host without a value', category: 'Host', send: req('GET /x HTTP/1.1', ['Host:']), nginx: '400 close' },
  // Two Host headers in different case.
  { name: 'host and HOST', category: 'Host', send: req('GET /x HTTP/1.1', ['host: a', 'HOST: b']), nginx: '400 close' },
  // A space inside the Host.
  { name: 'Host with a space', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: a b']), nginx: '400 close' },
  // host:port:port.
  { name: 'Host a:80:80', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: a:80:80']), nginx: '301 open' },
  // Raw UTF-8 in the Host: ends up in the redirect.
  { name: 'Host with UTF-8', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: \xc3\xa4.example']), nginx: '301 open' },
  // A 5000-byte Host.
  { name: '5000-byte Host', category: 'Host', send: req('GET /api HTTP/1.1', [`Host: ${'a'.repeat(5000)}`]), nginx: '301 open' },
  // An unbalanced IPv6 literal: accepted as a name, and taken into the redirect.
  { name: 'Host [::1', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: [::1']), nginx: '301 open' },
  // An IPv6 literal with a port: the redirect keeps the literal.
  { name: 'Host [::1]:8080', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: [::1]:8080']), nginx: '301 open' },
  // A foreign Host: taken into the redirect (host header injection).
  { name: 'Host evil.example into Location', category: 'Host', send: req('GET /api?x=1 HTTP/1.1', ['Host: evil.example:1234']), nginx: '301 open' },
  // A backslash in the Host: accepted, and taken into the redirect.
  { name: 'Host with a backslash', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: a\\b']), nginx: '301 open' },
  // A Host that is a lone dot.
  { name: 'Host "."', category: 'Host', send: req('GET /api HTTP/1.1', ['Host: .']), nginx: '400 close' },
  // HTTP/1.0 without a Host: the redirect uses the local address.
  { name: 'HTTP/1.0 without Host', category: 'Host', send: req('GET /api HTTP/1.0', []), nginx: '301 close' },

  // ---- request smuggling ----
  // CL.TE: a front end that trusts Content-Length would pass the 'G' on as the start of the next request.
  { name: 'CL.TE', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Content-Length: 6', 'Transfer-Encoding: chunked'], '0\r\n\r\nG'), nginx: '400 close', upstream: [] },
  // TE.CL: a chunk that holds a whole request a CL-reader would see as the next one.
  {
    name: 'TE.CL',
    category: 'smuggling',
    send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked', 'Content-Length: 4'], `${(SECOND.length).toString(16)}\r\n${SECOND}\r\n0\r\n\r\n`),
    nginx: '400 close',
    upstream: [],
  },
  // TE.TE: a second, unknown coding to make one parser drop chunked.
  { name: 'TE.TE chunked + x', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked', 'Transfer-Encoding: x'], '0\r\n\r\n' + SECOND), nginx: '400 close', upstream: [] },
  // A space before the colon.
  { name: 'Transfer-Encoding : chunked (space before colon)', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Content-Length: 5', 'Transfer-Encoding : chunked'], '0\r\n\r\n' + SECOND), nginx: '400 close', upstream: [] },
  // A tab before the value, with a Content-Length: the value is not "chunked" to nginx.
  { name: 'Transfer-Encoding:\\tchunked with CL', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Content-Length: 4', 'Transfer-Encoding:\tchunked'], '0\r\n\r\n' + SECOND), nginx: '501 close', upstream: [] },
  // The value folded onto a continuation line (obs-fold).
  { name: 'Transfer-Encoding folded', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding:', ' chunked', 'Content-Length: 4'], '0\r\n\r\n' + SECOND), nginx: '400 close', upstream: [] },
  // A vertical tab after chunked.
  { name: 'Transfer-Encoding: chunked\\x0b', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked\x0b'], '0\r\n\r\n' + SECOND), nginx: '501 close', upstream: [] },
  // A whole request hidden in a body its Content-Length covers: it stays body.
  { name: 'request inside a body', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', `Content-Length: ${SECOND.length}`], SECOND), nginx: '200 open', upstream: [up('s', 'POST')] },
  // Content-Length: 0 and a "body" that is a second request: it is the next request, answered after the first.
  { name: 'Content-Length: 0 with a request as body', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Content-Length: 0'], SECOND), nginx: '200 200 open', upstream: [up('s', 'POST'), up('smuggled')] },
  // Content-Length: 0 and garbage after it: the garbage is a bad next request.
  { name: 'Content-Length: 0 with garbage after', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Content-Length: 0'], 'xyz\r\n\r\n'), nginx: '200 400 close', upstream: [up('s', 'POST')] },
  // A refused first request with a second behind it: the second must not go through.
  { name: 'refused request, then another', category: 'smuggling', send: req('GET /api/a b HTTP/1.1') + SECOND, nginx: '400 close', upstream: [] },
  // CL.TE refused, with a full request in the body.
  { name: 'CL.TE refused, request in the body', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked', `Content-Length: ${5 + SECOND.length}`], '0\r\n\r\n' + SECOND), nginx: '400 close', upstream: [] },
  // 413 at the head, with a request where the body would be (nginx keeps the connection to discard the body).
  { name: '413, then a request', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Content-Length: 2000000']) + SECOND, nginx: '413 open', upstream: [] },
  // A chunked body, then a pipelined request right after the last chunk: both go through, in order.
  { name: 'chunked, then a request', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], '3\r\nabc\r\n0\r\n\r\n' + SECOND), nginx: '200 200 open', upstream: [up('s', 'POST'), up('smuggled')] },
  // A chunk whose data holds a last-chunk and a request: all of it is body.
  { name: 'last-chunk inside chunk data', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], `${(5 + SECOND.length).toString(16)}\r\n0\r\n\r\n${SECOND}\r\n0\r\n\r\n`), nginx: '200 open', upstream: [up('s', 'POST')] },
  // Connection: close, then a pipelined request: the second is never read.
  { name: 'Connection: close, then a request', category: 'smuggling', send: req('GET /api/first HTTP/1.1', ['Host: a', 'Connection: close']) + SECOND, nginx: '200 close', upstream: [up('first')] },
  // A body shorter than its Content-Length, a request after it: the request is the rest of the body.
  { name: 'short body swallows the next request', category: 'smuggling', send: req('POST /api/s HTTP/1.1', ['Host: a', `Content-Length: ${3 + SECOND.length}`], 'abc' + SECOND), nginx: '200 open', upstream: [up('s', 'POST')] },

  // ---- pipelining ----
  // Three requests in one write.
  { name: 'three pipelined GETs', category: 'pipelining', send: req('GET /x HTTP/1.1') + req('GET /api/p1 HTTP/1.1') + req('GET /x HTTP/1.1'), nginx: '200 200 200 open', upstream: [up('p1')] },
  // Ten requests to the proxy in one write: forwarded one by one, in order.
  { name: 'ten pipelined /api/ GETs', category: 'pipelining', send: Array.from({ length: 10 }, (_, i) => req(`GET /api/p${i} HTTP/1.1`)).join(''), nginx: '200 200 200 200 200 200 200 200 200 200 open', upstream: Array.from({ length: 10 }, (_, i) => up(`p${i}`)) },
  // A POST with a body between two GETs.
  { name: 'GET, POST, GET pipelined', category: 'pipelining', send: req('GET /api/g1 HTTP/1.1') + req('POST /api/p HTTP/1.1', ['Host: a', 'Content-Length: 3'], 'abc') + req('GET /api/g2 HTTP/1.1'), nginx: '200 200 200 open', upstream: [up('g1'), up('p', 'POST'), up('g2')] },
  // HTTP/1.0 keep-alive requests pipelined.
  { name: 'HTTP/1.0 keep-alive pipelined', category: 'pipelining', send: req('GET /x HTTP/1.0', ['Connection: keep-alive']) + req('GET /api/k10 HTTP/1.0', ['Connection: keep-alive']), nginx: '200 200 open', upstream: [up('k10')] },
  // A good request, then one with a URI over 8k.
  { name: 'good request, then a 414', category: 'pipelining', send: req('GET /api/ok HTTP/1.1') + req(`GET /api/${'u'.repeat(9000)} HTTP/1.1`), nginx: '200 414 close', upstream: [up('ok')] },

  // ---- early close ----
  // Half the declared body, then a FIN.
  { name: 'half a body, then FIN', category: 'early close', send: req('POST /api/e HTTP/1.1', ['Host: a', 'Content-Length: 100'], 'b'.repeat(50)), then: 'half-close', nginx: 'close', upstream: [] },
  // Half the declared body, then a reset.
  { name: 'half a body, then RST', category: 'early close', send: req('POST /api/e HTTP/1.1', ['Host: a', 'Content-Length: 100'], 'b'.repeat(50)), then: 'abort', nginx: 'aborted', upstream: [] },
  // A chunked body cut in the middle of a chunk.
  { name: 'chunked body cut mid-chunk', category: 'early close', send: req('POST /api/e HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked'], 'a\r\nabc'), then: 'half-close', nginx: 'close', upstream: [] },
  // Headers cut off, then a FIN.
  { name: 'headers cut off', category: 'early close', send: 'GET /api/e HTTP/1.1\r\nHost: a\r\nX-Y: ab', then: 'half-close', nginx: 'close', upstream: [] },
  // Half a body to a static file, then a FIN.
  { name: 'half a body to a file', category: 'early close', send: req('POST /x HTTP/1.1', ['Host: a', 'Content-Length: 100'], 'b'.repeat(50)), then: 'half-close', nginx: '405 close' },

  // ---- Expect ----
  // 100-continue on a GET without a body: nginx still says 100.
  { name: 'Expect: 100-continue without a body', category: 'Expect', send: req('GET /api/x1 HTTP/1.1', ['Host: a', 'Expect: 100-continue']), nginx: '100 200 open', upstream: [up('x1')] },
  // An expectation nginx does not know: ignored.
  { name: 'Expect: 200-ok', category: 'Expect', send: req('POST /api/x2 HTTP/1.1', ['Host: a', 'Expect: 200-ok', 'Content-Length: 3'], 'abc'), nginx: '200 open', upstream: [up('x2', 'POST')] },
  // 100-Continue in mixed case.
  { name: 'Expect: 100-Continue', category: 'Expect', send: req('POST /api/x3 HTTP/1.1', ['Host: a', 'Expect: 100-Continue', 'Content-Length: 3'], 'abc'), nginx: '100 200 open', upstream: [up('x3', 'POST')] },
  // 100-continue in HTTP/1.0.
  { name: 'Expect: 100-continue in HTTP/1.0', category: 'Expect', send: req('POST /api/x4 HTTP/1.0', ['Host: a', 'Expect: 100-continue', 'Content-Length: 3'], 'abc'), nginx: '200 close', upstream: [up('x4', 'POST')] },
  // 100-continue with a body over the limit: 413, no 100 (and the connection kept for the lingering close).
  { name: 'Expect: 100-continue over the limit', category: 'Expect', send: req('POST /api/x5 HTTP/1.1', ['Host: a', 'Expect: 100-continue', 'Content-Length: 2000000']), nginx: '413 open', upstream: [] },
  // Two Expect headers: a duplicate nginx refuses.
  { name: 'two Expect headers', category: 'Expect', send: req('POST /api/x6 HTTP/1.1', ['Host: a', 'Expect: foo', 'Expect: 100-continue', 'Content-Length: 3'], 'abc'), nginx: '400 close', upstream: [] },

  // ---- long URIs ----
  // A request line of 8000 bytes to a file: in.
  { name: 'URI just under 8k (static)', category: 'long URI', send: req(`GET /x?${'q'.repeat(8000 - 'GET /x? HTTP/1.1'.length)} HTTP/1.1`), nginx: '200 open' },
  // The same size to the proxy.
  { name: 'URI just under 8k (/api/)', category: 'long URI', send: req(`GET /api/${'u'.repeat(8000 - 'GET /api/ HTTP/1.1'.length)} HTTP/1.1`), nginx: '200 open', upstream: [up('u'.repeat(8000 - 'GET /api/ HTTP/1.1'.length))] },
  // A request line of 8300 bytes.
  { name: 'URI just over 8k', category: 'long URI', send: req(`GET /x?${'q'.repeat(8300)} HTTP/1.1`), nginx: '414 close', upstream: [] },
  // A request line of 8190 bytes and its CRLF: 8192, the buffer's size.
  { name: 'request line of exactly 8192 bytes', category: 'long URI', send: req(`GET /x?${'q'.repeat(8190 - 'GET /x? HTTP/1.1'.length)} HTTP/1.1`), nginx: '200 open' },
  // One byte more.
  { name: 'request line of 8193 bytes', category: 'long URI', send: req(`GET /x?${'q'.repeat(8191 - 'GET /x? HTTP/1.1'.length)} HTTP/1.1`), nginx: '414 close' },
];
