// The client's request line and headers, read as nginx reads them (ngx_http_parse_request_line,
// ngx_http_parse_complex_uri, ngx_http_parse_header_line, ngx_http_process_request_headers): what
// is a 400, a 414, a 494, a 501 or a 505, which header lines are dropped, and the [info] line
// nginx logs for each. Strings are latin1: one char per byte, as the request arrived.
import { parseRequestUri, InvalidUri, InvalidTarget, REFUSED_PATH, type ParsedUri } from './uri.js';

export interface HeaderField {
  name: string;
  /** Lower-cased name, for lookups. */
  key: string;
  value: string;
}

export interface RequestHead {
  method: string;
  /** The request-target as sent. */
  target: string;
  /** `$uri`, `$args` and the rest, parsed when the request line was read (as nginx does). */
  uri: ParsedUri;
  /** `GET /x HTTP/1.1` as nginx logs it (`$request`). */
  requestLine: string;
  /** 9 for HTTP/0.9, 10, 11 (anything above 1.1 within HTTP/1 counts as 11). */
  version: 9 | 10 | 11;
  headers: HeaderField[];
  host?: string;
  contentLength?: number;
  chunked: boolean;
  /** Connection: close / keep-alive as the client asked (undefined: the version's default). */
  connection?: 'close' | 'keep-alive';
  expectContinue: boolean;
}

/** Where nginx was when a request went wrong: its `while ...` part of the log line. */
export type HeadStage = 'line' | 'headers';

/** A request nginx refuses while reading its head: the status and the [info] line it logs. */
export interface HeadError {
  status: 400 | 405 | 414 | 494 | 501 | 505;
  /** Message for the [info] line (nginx logs these at info, so the default log shows none). */
  message: string;
  stage: HeadStage;
  /** The request line, when one was read (goes in `request: "..."` and the access log). */
  requestLine?: string;
  /** 9 when the request line was an HTTP/0.9 one: the answer then has no status line. */
  version?: 9;
  /** The header lines processed before the error (Host, Referer, User-Agent are logged). */
  headers: HeaderField[];
  /** What nginx had of the URI (`$uri` and the rest): none when the line itself was refused. */
  uri?: ParsedUri;
}

/** What had arrived of a head when the client went away (nginx logs it and counts a 400). */
export interface PartialHead {
  stage: HeadStage;
  requestLine: string;
  headers: HeaderField[];
  /** The parsed URI, once the request line was read. */
  uri?: ParsedUri;
}

/** Dropped header lines (ignore_invalid_headers): nginx logs each at [info] and goes on. */
export interface HeadNotice {
  message: string;
  /** The header lines processed before this one (its log line shows their Host and Referer). */
  seen: HeaderField[];
}

export type HeadResult =
  | { kind: 'more'; partial?: PartialHead }
  /** `bufferEnd`: the end of the header buffer the head ended in (what came past the head up to it is nginx's preread body). */
  | { kind: 'head'; head: RequestHead; consumed: number; bufferEnd: number; notices: HeadNotice[] }
  | { kind: 'error'; error: HeadError; notices: HeadNotice[] };

export interface HeadLimits {
  /** client_header_buffer_size: the first buffer a request is read into (1k). */
  headerBufferSize: number;
  /** large_client_header_buffers size: the longest request line or header line (8k). */
  largeBufferSize: number;
  /** large_client_header_buffers number (4). */
  largeBuffers: number;
  underscoresInHeaders: boolean;
  ignoreInvalidHeaders: boolean;
  /** merge_slashes of the default server: the URI is parsed before Host is known. */
  mergeSlashes: boolean;
}

export const DEFAULT_HEAD_LIMITS: HeadLimits = {
  headerBufferSize: 1024,
  largeBufferSize: 8192,
  largeBuffers: 4,
  underscoresInHeaders: false,
  ignoreInvalidHeaders: true,
  mergeSlashes: true,
};

const MAX_OFF_T = 2n ** 63n - 1n;

/** NGX_MAX_ERROR_STR - 300: how much of a too long header line nginx quotes. */
const QUOTED_LINE_MAX = 2048 - 300;

/** Headers nginx allows once (ngx_http_process_unique_header_line and Host). */
const UNIQUE = new Set(['content-length', 'content-range', 'if-modified-since', 'if-unmodified-since', 'if-match', 'if-none-match', 'if-range', 'transfer-encoding', 'expect', 'authorization']);

/**
 * The buffers nginx reads a request head into (ngx_http_alloc_large_header_buffer): first
 * client_header_buffer_size bytes; then, each time one is full, a large buffer that starts with
 * the line that did not fit (or right after the last line, between lines), at most `largeBuffers`
 * of them. A line that cannot fit, or a head that needs a fifth one, is refused.
 */
class HeaderBuffers {
  /** Offset in the input just past the current buffer. */
  end: number;
  private busy = 0;

  constructor(
    start: number,
    private readonly limits: HeadLimits,
  ) {
    this.end = start + limits.headerBufferSize;
  }

  /** A new buffer for the line starting at `lineStart`; false where nginx declines (NGX_DECLINED). */
  grow(lineStart: number): boolean {
    const inLine = lineStart < this.end;
    if (inLine && this.end - lineStart >= this.limits.largeBufferSize) return false;
    if (this.busy === this.limits.largeBuffers) return false;
    this.busy++;
    this.end = (inLine ? lineStart : this.end) + this.limits.largeBufferSize;
    return true;
  }
}

const READING_LINE = 'line';

/** `"%*s\x%02xd..."`: a header line up to the byte nginx stopped at, then that byte in hex. */
export function quotedUpTo(line: string, at: number): string {
  return `"${line.slice(0, at)}\\x${line.charCodeAt(at).toString(16).padStart(2, '0')}..."`;
}

function badLine(line: string, at: number): string {
  return `client sent invalid header line: ${quotedUpTo(line, at)}`;
}

/**
 * Parses a request head from the start of `buf` (bytes as latin1). Returns 'more' until the
 * empty line has arrived. Leading empty lines are skipped, as nginx does between pipelined requests.
 */
export function parseRequestHead(buf: string, limits: HeadLimits = DEFAULT_HEAD_LIMITS): HeadResult {
  let start = 0;
  while (buf[start] === '\r' || buf[start] === '\n') start++;
  const notices: HeadNotice[] = [];
  const buffers = new HeaderBuffers(start, limits);

  // The request line.
  let lf = buf.indexOf('\n', start);
  while (lf < 0 || lf >= buffers.end) {
    const seen = buf.slice(start, Math.min(buf.length, buffers.end));
    // nginx parses bytes as they arrive: a bad byte is refused before the line is complete.
    const early = scanRequestLine(seen);
    if (early) return { kind: 'error', error: { ...early, requestLine: seen.replace(/\r$/, '') }, notices };
    if (buf.length < buffers.end) return { kind: 'more', partial: start < buf.length ? { stage: 'line', requestLine: seen.replace(/\r$/, ''), headers: [] } : undefined };
    if (!buffers.grow(start)) {
      return { kind: 'error', error: { status: 414, message: 'client sent too long URI', stage: 'line', requestLine: buf.slice(start, buffers.end), headers: [] }, notices };
    }
  }
  const line = buf.slice(start, buf[lf - 1] === '\r' && lf - 1 >= start ? lf - 1 : lf);
  const rl = parseRequestLine(line, limits.mergeSlashes);
  if ('status' in rl) return { kind: 'error', error: rl, notices };
  if (rl.version === 9) {
    return { kind: 'head', consumed: lf + 1, bufferEnd: buffers.end, notices, head: newHead(rl, []) };
  }

  // The header lines, each processed as soon as it is complete.
  const headers: HeaderField[] = [];
  const fail = (status: HeadError['status'], message: string): HeadResult => ({
    kind: 'error',
    error: { status, message, stage: 'headers', requestLine: rl.requestLine, headers, uri: rl.uri },
    notices,
  });
  let pos = lf + 1;
  /** header_name_start: the start of the last line begun (nginx keeps it after a line is done). */
  let nameStart: number | undefined;
  for (;;) {
    const nl = buf.indexOf('\n', pos);
    if (nl < 0 || nl >= buffers.end) {
      const seen = buf.slice(pos, Math.min(buf.length, buffers.end));
      const early = seen ? scanHeaderLine(seen, limits.underscoresInHeaders, false) : undefined;
      if (early && 'bad' in early) return fail(400, badLine(seen, early.bad));
      if (buf.length < buffers.end) return { kind: 'more', partial: { stage: 'headers', requestLine: rl.requestLine, headers, uri: rl.uri } };
      if (pos < buffers.end) nameStart = pos;
      if (!buffers.grow(pos)) {
        if (nameStart === undefined) return fail(494, 'client sent too large request');
        const quoted = buf.slice(nameStart, nameStart + Math.min(buffers.end - nameStart, QUOTED_LINE_MAX));
        return fail(494, `client sent too long header line: "${quoted}..."`);
      }
      continue;
    }
    nameStart = pos;
    const text = buf.slice(pos, nl);
    pos = nl + 1;
    if (text === '' || text === '\r') break;
    const h = scanHeaderLine(text, limits.underscoresInHeaders, true)!;
    if ('bad' in h) return fail(400, badLine(text, h.bad));
    if (h.invalid && limits.ignoreInvalidHeaders) {
      notices.push({ message: `client sent invalid header line: "${text.slice(0, h.end)}"`, seen: headers.slice() });
      continue;
    }
    const field: HeaderField = { name: h.name, key: h.name.toLowerCase(), value: h.value };
    const once = field.key === 'host' || UNIQUE.has(field.key);
    const prev = once ? headers.find((x) => x.key === field.key) : undefined;
    headers.push(field);
    if (field.key === 'host') {
      if (prev) {
        headers.pop();
        return fail(400, `client sent duplicate host header: "${field.name}: ${field.value}", previous value: "${prev.name}: ${prev.value}"`);
      }
      if (validateHost(field.value) === undefined) return fail(400, 'client sent invalid host header');
    } else if (prev && UNIQUE.has(field.key)) {
      headers.pop();
      return fail(400, `client sent duplicate header line: "${field.name}: ${field.value}", previous value: "${prev.name}: ${prev.value}"`);
    }
  }

  // ngx_http_process_request_header(): the checks once all header lines are in.
  const head = newHead(rl, headers);
  const get = (key: string) => headers.find((h) => h.key === key)?.value;
  head.host = get('host');
  if (head.host === undefined && rl.version === 11) return fail(400, 'client sent HTTP/1.1 request without "Host" header');
  const cl = get('content-length');
  if (cl !== undefined) {
    // ngx_atoof(): digits only, up to NGX_MAX_OFF_T_VALUE (2^63 - 1); a larger one is a 413 later.
    if (!/^\d+$/.test(cl) || BigInt(cl) > MAX_OFF_T) return fail(400, 'client sent invalid "Content-Length" header');
    head.contentLength = Number(cl);
  }
  const te = get('transfer-encoding');
  if (te !== undefined) {
    if (rl.version === 10) return fail(400, 'client sent HTTP/1.0 request with "Transfer-Encoding" header');
    if (te.toLowerCase() !== 'chunked') return fail(501, `client sent unknown "Transfer-Encoding": "${te}"`);
    if (cl !== undefined) return fail(400, 'client sent "Content-Length" and "Transfer-Encoding" headers at the same time');
    head.chunked = true;
  }
  const conn = get('connection')?.toLowerCase();
  if (conn?.includes('close')) head.connection = 'close';
  else if (conn?.includes('keep-alive')) head.connection = 'keep-alive';
  if (rl.method === 'CONNECT' || rl.method === 'TRACE') return fail(405, `client sent ${rl.method} method`);
  head.expectContinue = get('expect')?.toLowerCase() === '100-continue' && rl.version >= 11;
  return { kind: 'head', head, consumed: pos, bufferEnd: buffers.end, notices };
}

type RequestLine = Pick<RequestHead, 'method' | 'target' | 'uri' | 'requestLine' | 'version'>;

/** Every field set from the start: one object shape for V8 (a spread, then fields added, was 2/3 of the parse's time). */
function newHead(rl: RequestLine, headers: HeaderField[]): RequestHead {
  return {
    method: rl.method,
    target: rl.target,
    uri: rl.uri,
    requestLine: rl.requestLine,
    version: rl.version,
    headers,
    host: undefined,
    contentLength: undefined,
    chunked: false,
    connection: undefined,
    expectContinue: false,
  };
}

/** A-Z, `_` and `-`: the bytes nginx takes in a method. */
function methodChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x2d;
}

/**
 * The part of a request line seen so far, as ngx_http_parse_request_line() would have taken it:
 * the error it stops at, or undefined while it is fine so far. (The URI's own escapes are checked
 * once the line is complete, as nginx does.)
 */
function scanRequestLine(seen: string): HeadError | undefined {
  const err = (message: string): HeadError => ({ status: 400, message, stage: READING_LINE, headers: [] });
  let i = 0;
  while (i < seen.length && seen[i] !== ' ') {
    if (!methodChar(seen.charCodeAt(i))) return err('client sent invalid method');
    i++;
  }
  if (i === seen.length) return undefined;
  while (seen[i] === ' ') i++;
  if (i === seen.length) return undefined;
  if (seen[i] !== '/' && !/[A-Za-z]/.test(seen[i])) return err('client sent invalid request');
  for (; i < seen.length && seen[i] !== ' '; i++) {
    const c = seen.charCodeAt(i);
    if (c === 0x0d) return undefined;
    if (c < 0x20 || c === 0x7f) return err('client sent invalid request');
  }
  return undefined;
}

function parseRequestLine(line: string, mergeSlashes: boolean): RequestLine | HeadError {
  const err = (message: string, status: HeadError['status'] = 400): HeadError => ({ status, message, stage: READING_LINE, requestLine: line, headers: [] });
  const early = scanRequestLine(line);
  if (early) return { ...early, requestLine: line };
  const sp = line.indexOf(' ');
  const method = sp >= 0 ? line.slice(0, sp) : line;
  if (sp < 0) return err('client sent invalid request');
  let rest = line.slice(sp + 1).replace(/^ +/, '');
  if (rest === '') return err('client sent invalid request');
  const sp2 = rest.indexOf(' ');
  const target = sp2 >= 0 ? rest.slice(0, sp2) : rest;
  let version: 9 | 10 | 11;
  // Runs of spaces before and after the version are skipped (sw_http_09, sw_spaces_after_digit).
  if (sp2 >= 0) rest = rest.slice(sp2 + 1).replace(/^ +| +$/g, '');
  if (sp2 < 0 || rest === '') {
    if (method !== 'GET') return { ...err('client sent invalid method in HTTP/0.9 request'), version: 9 };
    version = 9;
  } else {
    const m = /^HTTP\/([1-9]\d{0,2})\.(\d{1,3})$/.exec(rest);
    if (!m || Number(m[2]) > 99) return err('client sent invalid request');
    if (Number(m[1]) > 1) return err('client sent invalid version', 505);
    version = m[2] === '0' ? 10 : 11;
  }
  let uri: ParsedUri;
  try {
    uri = parseRequestUri(target, mergeSlashes);
  } catch (e) {
    if (!(e instanceof InvalidUri)) throw e;
    if (e instanceof InvalidTarget) return err('client sent invalid request');
    // ngx_http_process_request_uri() refused the path: after the line was parsed.
    const refused = { ...err('client sent invalid request'), uri: REFUSED_PATH };
    return version === 9 ? { ...refused, version } : refused;
  }
  if (uri.host !== undefined && validateHost(uri.host) === undefined) return { ...err('client sent invalid host in request line'), uri };
  return { method, target, uri, requestLine: line, version };
}

/** ngx_http_parse_header_line's lowcase[] table: the name bytes that are neither invalid nor refused. */
function nameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

export type HeaderLine = { name: string; value: string; invalid: boolean; end: number } | { bad: number };

/**
 * One header line (without its LF) as ngx_http_parse_header_line() reads it: the name, the value
 * without leading and trailing spaces (tabs are kept), `invalid` for a name nginx ignores, or the
 * offset of the byte it refuses. With `complete` false, the line is only checked as far as it goes.
 */
export function scanHeaderLine(s: string, underscores: boolean, complete: boolean): HeaderLine | undefined {
  // A part line may end in the CR of its CRLF.
  if (!complete && s.endsWith('\r')) s = s.slice(0, -1);
  let invalid = false;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (nameChar(c)) continue;
    const ch = s[i];
    if (ch === '_') {
      if (!underscores) invalid = true;
      continue;
    }
    if (ch === ':' && i > 0) break;
    if (ch === '\r' && i > 0) return i === s.length - 1 ? { name: s.slice(0, i), value: '', invalid, end: i } : { bad: i };
    if (c <= 0x20 || c === 0x7f || ch === ':') return { bad: i };
    invalid = true;
  }
  if (i === s.length) return complete ? { name: s, value: '', invalid, end: i } : undefined;
  const name = s.slice(0, i);
  i++;
  while (s.charCodeAt(i) === 0x20) i++;
  const valueStart = i;
  // A NUL, or a CR other than the one that ends the line, is refused where it first appears.
  const lineEnd = s.charCodeAt(s.length - 1) === 0x0d ? s.length - 1 : s.length;
  const nul = s.indexOf('\0', valueStart);
  const cr = s.indexOf('\r', valueStart);
  const bad = Math.min(nul < 0 ? Infinity : nul, cr < 0 || cr === lineEnd ? Infinity : cr);
  if (bad !== Infinity) return { bad };
  let end = lineEnd;
  while (end > valueStart && s.charCodeAt(end - 1) === 0x20) end--;
  return { name, value: s.slice(valueStart, end), invalid, end };
}

/**
 * ngx_http_validate_host(): the host part of a Host header or of an absolute request-target as
 * `r->headers_in.server` keeps it (up to the port's `:`, an IP literal with its brackets, without a
 * trailing dot, A-Z lower-cased and no other byte), or undefined where nginx refuses it: `..`, `/`,
 * a control byte, or nothing left. The bytes after the host part are checked too (nginx 1.22.1's
 * loop runs to the end of the value), and a trailing dot is dropped only where it is the last dot.
 */
export function validateHost(h: string): string | undefined {
  let dot = -2;
  let hostLen = h.length;
  let state: 'usual' | 'literal' | 'rest' = 'usual';
  // The port's `:` or the literal's `]` ends the host (host_len), not the loop.
  for (let i = 0; i < h.length; i++) {
    const ch = h[i];
    const c = h.charCodeAt(i);
    if (ch === '.') {
      if (dot === i - 1) return undefined;
      dot = i;
    } else if (ch === ':') {
      if (state === 'usual') {
        hostLen = i;
        state = 'rest';
      }
    } else if (ch === '[') {
      if (i === 0) state = 'literal';
    } else if (ch === ']') {
      if (state === 'literal') {
        hostLen = i + 1;
        state = 'rest';
      }
    } else if (ch === '/' || c <= 0x20 || c === 0x7f) {
      return undefined;
    }
  }
  if (dot === hostLen - 1) hostLen--;
  if (hostLen <= 0) return undefined;
  return h.slice(0, hostLen).replace(/[A-Z]+/g, (u) => u.toLowerCase());
}

/** `r->headers_in.server` for a Host header or request-line host (both were validated with the head). */
export function hostName(host: string): string {
  return validateHost(host) ?? '';
}
