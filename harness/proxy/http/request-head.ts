// The client's request line and headers, read as nginx reads them (ngx_http_parse_request_line,
// ngx_http_parse_header_line, ngx_http_process_request_headers): what is a 400, a 414, a 494 or a
// 505, which header lines are dropped, and the [info] line nginx logs for each. Strings are latin1.

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

/** A request nginx refuses while reading its head: the status and the [info] line it logs. */
export interface HeadError {
  status: 400 | 414 | 494 | 501 | 505;
  /** Message for the [info] line (nginx logs these at info, so the default log shows none). */
  message: string;
  /** `while reading client request line` / `... headers`. */
  action: string;
  /** The request line, when it was read (goes in `request: "..."` and the access log). */
  requestLine?: string;
  host?: string;
}

export type HeadResult =
  | { kind: 'more' }
  | { kind: 'head'; head: RequestHead; consumed: number }
  | { kind: 'error'; error: HeadError; consumed: number };

export interface HeadLimits {
  /** large_client_header_buffers size: the longest request line or header line (8k). */
  largeBufferSize: number;
  /** large_client_header_buffers number × size: all header lines together (32k). */
  largeBuffersTotal: number;
  underscoresInHeaders: boolean;
  ignoreInvalidHeaders: boolean;
}

export const DEFAULT_HEAD_LIMITS: HeadLimits = {
  largeBufferSize: 8192,
  largeBuffersTotal: 4 * 8192,
  underscoresInHeaders: false,
  ignoreInvalidHeaders: true,
};

const READING_LINE = 'reading client request line';
const READING_HEADERS = 'reading client request headers';

const METHOD = /^[A-Z_-]+$/;
const TOKEN_CHAR = /^[A-Za-z0-9-]$/;

/** How nginx quotes the start of a bad header line: the first 32 bytes, escaped, then `...`. */
function quoteStart(s: string): string {
  let out = '';
  for (const ch of s.slice(0, 32)) {
    const c = ch.charCodeAt(0);
    out += c < 0x21 || c >= 0x7f || c === 0x22 || c === 0x5c ? '\\x' + c.toString(16).toUpperCase().padStart(2, '0') : ch;
  }
  return out + '...';
}

/**
 * Parses a request head from the start of `buf` (bytes as latin1). Returns 'more' until the
 * empty line has arrived. Leading empty lines are skipped, as nginx does between pipelined requests.
 */
export function parseRequestHead(buf: string, limits: HeadLimits = DEFAULT_HEAD_LIMITS): HeadResult {
  let at = 0;
  while (buf[at] === '\r' || buf[at] === '\n') at++;
  const lineEnd = buf.indexOf('\n', at);
  if (lineEnd < 0) {
    if (buf.length - at > limits.largeBufferSize) {
      return { kind: 'error', consumed: buf.length, error: { status: 414, message: 'client sent too long URI', action: READING_LINE } };
    }
    return { kind: 'more' };
  }
  let line = buf.slice(at, lineEnd);
  if (line.endsWith('\r')) line = line.slice(0, -1);
  if (line.length > limits.largeBufferSize) {
    return { kind: 'error', consumed: lineEnd + 1, error: { status: 414, message: 'client sent too long URI', action: READING_LINE, requestLine: line } };
  }
  const rl = parseRequestLine(line);
  if ('status' in rl) return { kind: 'error', consumed: lineEnd + 1, error: rl };
  if (rl.version === 9) {
    return { kind: 'head', consumed: lineEnd + 1, head: { ...rl, headers: [], chunked: false, expectContinue: false } };
  }

  const headers: HeaderField[] = [];
  let pos = lineEnd + 1;
  let total = 0;
  const fail = (status: HeadError['status'], message: string, host?: string): HeadResult => ({
    kind: 'error',
    consumed: pos,
    error: { status, message, action: READING_HEADERS, requestLine: rl.requestLine, host },
  });
  const hostOf = () => headers.find((h) => h.key === 'host')?.value;
  for (;;) {
    const nl = buf.indexOf('\n', pos);
    if (nl < 0) {
      const partial = buf.length - pos;
      if (partial > limits.largeBufferSize) return fail(494, `client sent too long header line: "${quoteStart(buf.slice(pos))}"`, hostOf());
      if (total + partial > limits.largeBuffersTotal) return fail(494, 'client sent too large request', hostOf());
      return { kind: 'more' };
    }
    let h = buf.slice(pos, nl);
    if (h.endsWith('\r')) h = h.slice(0, -1);
    const lineLen = nl + 1 - pos;
    pos = nl + 1;
    if (h.length > limits.largeBufferSize) return fail(494, `client sent too long header line: "${quoteStart(h)}"`, hostOf());
    total += lineLen;
    if (total > limits.largeBuffersTotal) return fail(494, 'client sent too large request', hostOf());
    if (h === '') break;
    const colon = h.indexOf(':');
    const name = colon >= 0 ? h.slice(0, colon) : h;
    const value = colon >= 0 ? h.slice(colon + 1).replace(/^[ \t]+/, '').replace(/[ \t]+$/, '') : '';
    // Spaces, control bytes or NUL in a name, or NUL/CR in a value: the request is refused.
    if (name === '' || /[\x00-\x20\x7f]/.test(name) || /[\x00\r]/.test(value)) {
      return fail(400, `client sent invalid header line: "${quoteStart(h)}"`, hostOf());
    }
    let invalid = false;
    for (const ch of name) {
      if (ch === '_' ? !limits.underscoresInHeaders : !TOKEN_CHAR.test(ch) && ch.charCodeAt(0) < 0x80) invalid = true;
      if (ch.charCodeAt(0) >= 0x80) invalid = true;
    }
    if (invalid && limits.ignoreInvalidHeaders) continue;
    const key = name.toLowerCase();
    const prev = headers.find((x) => x.key === key);
    if (prev && (key === 'host' || key === 'content-length' || key === 'transfer-encoding')) {
      if (key === 'host') return fail(400, 'client sent duplicate host header: "' + name + ': ' + value + '", previous value: "' + prev.name + ': ' + prev.value + '"', prev.value);
      return fail(400, `client sent duplicate header line: "${name}: ${value}", previous value: "${prev.name}: ${prev.value}"`, hostOf());
    }
    headers.push({ name, key, value });
  }

  const head: RequestHead = { ...rl, headers, chunked: false, expectContinue: false };
  const host = headers.find((h) => h.key === 'host');
  if (host) {
    if (!validHost(host.value)) return fail(400, 'client sent invalid host header', host.value);
    head.host = host.value;
  } else if (rl.version === 11) {
    return fail(400, 'client sent HTTP/1.1 request without "Host" header');
  }
  const cl = headers.find((h) => h.key === 'content-length');
  const te = headers.find((h) => h.key === 'transfer-encoding');
  if (te) {
    if (rl.version === 10) return fail(400, 'client sent HTTP/1.0 request with "Transfer-Encoding" header', head.host);
    if (te.value.toLowerCase() !== 'chunked') return fail(501, `client sent unknown "Transfer-Encoding": "${te.value}"`, head.host);
    if (cl) return fail(400, 'client sent "Content-Length" and "Transfer-Encoding" headers at the same time', head.host);
    head.chunked = true;
  } else if (cl) {
    if (!/^\d{1,18}$/.test(cl.value)) return fail(400, `client sent invalid "Content-Length" header`, head.host);
    head.contentLength = Number(cl.value);
  }
  const conn = headers.find((h) => h.key === 'connection')?.value.toLowerCase();
  if (conn?.includes('close')) head.connection = 'close';
  else if (conn?.includes('keep-alive')) head.connection = 'keep-alive';
  const expect = headers.find((h) => h.key === 'expect')?.value.toLowerCase();
  head.expectContinue = expect === '100-continue' && rl.version >= 11;
  return { kind: 'head', head, consumed: pos };
}

type RequestLine = Pick<RequestHead, 'method' | 'target' | 'requestLine' | 'version' | 'host'>;

function parseRequestLine(line: string): RequestLine | HeadError {
  const err = (message: string, status: HeadError['status'] = 400): HeadError => ({ status, message, action: READING_LINE, requestLine: line });
  const sp = line.indexOf(' ');
  const method = sp >= 0 ? line.slice(0, sp) : line;
  if (!METHOD.test(method)) return err('client sent invalid method');
  let rest = line.slice(sp + 1);
  if (sp < 0 || rest === '') return err('client sent invalid request');
  rest = rest.replace(/^ +/, '');
  const sp2 = rest.indexOf(' ');
  const target = sp2 >= 0 ? rest.slice(0, sp2) : rest;
  if (!target.startsWith('/') && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(target)) return err('client sent invalid request');
  if (/[\x00-\x20\x7f]/.test(target)) return err('client sent invalid request');
  if (sp2 < 0) {
    if (method !== 'GET') return err('client sent invalid method in HTTP/0.9 request');
    return { method, target, requestLine: line, version: 9 };
  }
  const proto = rest.slice(sp2 + 1).replace(/ +$/, '');
  const m = /^HTTP\/(\d{1,3})\.(\d{1,3})$/.exec(proto);
  if (!m) return err('client sent invalid request');
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major !== 1) return err('client sent invalid version', major > 1 ? 505 : 400);
  return { method, target, requestLine: line, version: minor === 0 ? 10 : 11 };
}

/** ngx_http_validate_host(): no empty host, no `/` or `\`, no leading `.` run, no NUL. */
function validHost(h: string): boolean {
  if (h === '' || h.startsWith('.') || /[\x00/\\]/.test(h) || h.includes('..')) return false;
  if (h.startsWith('[')) return h.includes(']');
  return true;
}
