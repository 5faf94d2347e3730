// The upstream's status line and headers (ngx_http_proxy_process_status_line / _process_header).

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
  | { kind: 'invalid'; message: string };

const STATUS = /^HTTP\/(\d)\.(\d) (\d{3})(?: (.*))?$/;

/** `buf` holds the bytes read so far, latin1. */
export function parseResponseHead(buf: string, maxSize = 4096 * 2): ResponseHeadResult {
  const end = findHeadEnd(buf);
  if (end < 0) {
    if (buf.length > maxSize) return { kind: 'invalid', message: 'upstream sent too big header' };
    // Not even a status line start: nginx gives up on the first bytes already.
    if (buf.length >= 5 && !buf.startsWith('HTTP/')) return { kind: 'invalid', message: 'upstream sent no valid HTTP/1.0 header' };
    return { kind: 'more' };
  }
  const m = STATUS.exec(lineAt(buf, 0, buf.indexOf('\n')));
  if (!m) return { kind: 'invalid', message: 'upstream sent no valid HTTP/1.0 header' };
  const version = Number(m[1]) * 10 + Number(m[2]);
  const head: ResponseHead = {
    version,
    status: Number(m[3]),
    statusLine: m[4] === undefined ? m[3] : `${m[3]} ${m[4]}`,
    headers: [],
    chunked: false,
    closes: version < 11,
  };
  // The lines after the status line (the head ends with a LF, at `end`).
  for (let pos = buf.indexOf('\n') + 1; pos < end; ) {
    const nl = buf.indexOf('\n', pos);
    const line = lineAt(buf, pos, nl);
    pos = nl + 1;
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0 || !validName(line, colon)) return { kind: 'invalid', message: 'upstream sent invalid header' };
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    const key = name.toLowerCase();
    if (key === 'content-length') {
      if (!/^\d{1,18}$/.test(value) || (head.contentLength !== undefined && head.contentLength !== Number(value))) {
        return { kind: 'invalid', message: 'upstream sent invalid "Content-Length" header' };
      }
      head.contentLength = Number(value);
    } else if (key === 'transfer-encoding') {
      if (value.toLowerCase() !== 'chunked') return { kind: 'invalid', message: `upstream sent unknown "Transfer-Encoding": "${value}"` };
      head.chunked = true;
    } else if (key === 'connection' && /\bclose\b/i.test(value)) {
      head.closes = true;
    }
    head.headers.push([name, value]);
  }
  if (head.chunked && head.contentLength !== undefined) {
    return { kind: 'invalid', message: 'upstream sent "Content-Length" and "Transfer-Encoding" headers at the same time' };
  }
  return { kind: 'head', head, consumed: end };
}

/** No control byte, space or DEL before the colon. */
function validName(line: string, colon: number): boolean {
  for (let i = 0; i < colon; i++) {
    const c = line.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return false;
  }
  return true;
}

/** The line from `start` to the LF at `lf`, without its CR. */
function lineAt(buf: string, start: number, lf: number): string {
  return buf.slice(start, buf.charCodeAt(lf - 1) === 0x0d && lf > start ? lf - 1 : lf);
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
