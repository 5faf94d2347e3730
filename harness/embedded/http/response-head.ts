// The upstream's status line and headers (ngx_http_proxy_process_status_line / _process_header).
import { quotedUpTo, scanHeaderLine } from './request-head.js';

export interface ResponseHead {
  /** 10 or 11 */
  version: number;
  status: number;
  /** `200 OK` as the upstream wrote it after `HTTP/1.x ` (nginx passes it on unchanged). */
  statusLine: string;
  headers: [name: string, value: string][];
  contentLength?: number;
  chunked: boolean;
  /** The upstream will close after this response (HTTP/1.0, or `Connection: close`). */
  closes: boolean;
}

export type ResponseHeadResult =
  | { kind: 'more' }
  | { kind: 'head'; head: ResponseHead; consumed: number }
  /** No status line: nginx passes what came on as it came, an HTTP/0.9 answer. */
  | { kind: 'http09' }
  | { kind: 'invalid'; message: string };

type StatusLine = { version: number; status: number; text: string };

const HTTP_SLASH = 'HTTP/';
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * ngx_http_parse_status_line(), byte by byte: 'more' while `s` (the bytes up to the first LF) may
 * still become a status line, 'no' at the first byte that rules it out (nginx does not wait for
 * the rest), else its version, status and the text after `HTTP/x.y ` that nginx passes on.
 */
function statusLine(s: string): StatusLine | 'more' | 'no' {
  const n = s.length;
  for (let k = 0; k < 5; k++) {
    if (k === n) return 'more';
    if (s.charCodeAt(k) !== HTTP_SLASH.charCodeAt(k)) return 'no';
  }
  // HTTP/major.minor, the major without a leading zero.
  if (s.charCodeAt(5) === 0x30) return 'no';
  const major = versionNumber(s, 5, 0x2e);
  if (typeof major === 'string') return major;
  const minor = versionNumber(s, major.at + 1, 0x20);
  if (typeof minor === 'string') return minor;
  let i = minor.at;
  let c: number;
  // Three digits of status, spaces skipped before and among them.
  let status = 0;
  let start = -1;
  for (let digits = 0; digits < 3; i++) {
    if (i === n) return 'more';
    c = s.charCodeAt(i);
    if (c === 0x20) continue;
    if (!isDigit(c)) return 'no';
    if (start < 0) start = i;
    status = status * 10 + c - 0x30;
    digits++;
  }
  if (i === n) return 'more';
  // Then a space, or the "." of IIS's 403.1, before a reason phrase; or the line's end.
  c = s.charCodeAt(i);
  if (c === 0x20 || c === 0x2e) {
    const lf = s.indexOf('\n', i);
    if (lf < 0) return 'more';
    i = lf;
  } else if (c === 0x0d) {
    if (i + 1 === n) return 'more';
    if (s.charCodeAt(i + 1) !== 0x0a) return 'no';
    i++;
  } else if (c !== 0x0a) {
    return 'no';
  }
  const text = s.slice(start, s.charCodeAt(i - 1) === 0x0d ? i - 1 : i);
  return { version: major.value * 10 + minor.value, status, text };
}

/** The digits of a version number from `i` up to the byte `stop`, at most three: its value and where `stop` is, or 'more' / 'no'. */
function versionNumber(s: string, i: number, stop: number): { value: number; at: number } | 'more' | 'no' {
  let value = -1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === stop && value >= 0) return { value, at: i };
    if (!isDigit(c) || value > 99) return 'no';
    value = value < 0 ? c - 0x30 : value * 10 + c - 0x30;
  }
  return 'more';
}

/** `buf` holds the bytes read so far, latin1; the head must fit in `bufferSize` (proxy_buffer_size). */
export function parseResponseHead(buf: string, bufferSize: number): ResponseHeadResult {
  const lf = buf.indexOf('\n');
  const sl = statusLine(lf < 0 ? buf : buf.slice(0, lf + 1));
  if (sl === 'no') return { kind: 'http09' };
  const end = findHeadEnd(buf);
  // The head must fit in the buffer: once it is full without the head's end, nginx gives up.
  if (end > bufferSize || (end < 0 && buf.length >= bufferSize)) return { kind: 'invalid', message: 'upstream sent too big header' };
  if (end < 0 || sl === 'more') return { kind: 'more' };
  const head: ResponseHead = {
    version: sl.version,
    status: sl.status,
    statusLine: sl.text,
    headers: [],
    chunked: false,
    closes: sl.version < 11,
  };
  // The lines after the status line (the head ends with a LF, at `end`), as ngx_http_parse_header_line() reads them.
  for (let pos = lf + 1; pos < end; ) {
    const nl = buf.indexOf('\n', pos);
    const text = buf.slice(pos, nl);
    pos = nl + 1;
    if (text === '' || text === '\r') continue;
    const h = scanHeaderLine(text, true, true)!;
    if ('bad' in h) return { kind: 'invalid', message: `upstream sent invalid header: ${quotedUpTo(text, h.bad)}` };
    const { name, value } = h;
    const key = name.toLowerCase();
    // nginx 1.22.1 refuses neither (1.23 does): the last Content-Length counts, and one that is no
    // number (ngx_atoof()) is none; a Transfer-Encoding that names "chunked" anywhere is chunked.
    if (key === 'content-length') {
      head.contentLength = /^\d{1,18}$/.test(value) ? Number(value) : undefined;
    } else if (key === 'transfer-encoding') {
      if (/chunked/i.test(value)) head.chunked = true;
    } else if (key === 'connection' && /\bclose\b/i.test(value)) {
      head.closes = true;
    }
    head.headers.push([name, value]);
  }
  // ngx_http_proxy_process_header(): a chunked answer's Content-Length is none.
  if (head.chunked) head.contentLength = undefined;
  return { kind: 'head', head, consumed: end };
}

/** Index just past the empty line that ends the head, or -1. */
function findHeadEnd(buf: string): number {
  return headEnd(buf.indexOf('\r\n\r\n'), buf.indexOf('\n\n'));
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const LF_LF = Buffer.from('\n\n');

/** findHeadEnd() in the bytes received (which are parsed as text only up to there). */
export function responseHeadEnd(buf: Buffer): number {
  return headEnd(buf.indexOf(CRLF_CRLF), buf.indexOf(LF_LF));
}

function headEnd(crlf: number, lf: number): number {
  if (crlf < 0 && lf < 0) return -1;
  if (crlf < 0) return lf + 2;
  if (lf < 0) return crlf + 4;
  return Math.min(crlf + 4, lf + 2);
}
