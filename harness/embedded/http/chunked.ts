// HTTP/1.1 chunked framing, decoded incrementally (request bodies from clients, response bodies
// from HTTP/1.1 upstreams) and encoded (bodies of unknown length to HTTP/1.1 clients).

export type ChunkedResult =
  | { kind: 'more' }
  | { kind: 'end'; rest: Buffer }
  | { kind: 'invalid' }
  /** A chunk-size line announced `size` more bytes; the caller may refuse it (client_max_body_size). */
  | { kind: 'refused'; size: number };

const EMPTY = Buffer.alloc(0);

export class ChunkedDecoder {
  private pending: Buffer = EMPTY;
  private left = 0;
  private state: 'size' | 'data' | 'data-crlf' | 'trailer' = 'size';

  constructor(
    private readonly onData: (b: Buffer) => void,
    /** Asked before a chunk's data is read; false stops decoding with 'refused'. */
    private readonly allowChunk: (size: number) => boolean = () => true,
  ) {}

  /** Whether what is pending (a line without its LF yet) may still parse. */
  private mayContinue(partial: Buffer): boolean {
    if (this.state === 'size') return sizeLineStart(partial);
    if (this.state === 'data-crlf') return partial.length === 0 || (partial.length === 1 && partial[0] === 0x0d);
    return true;
  }

  /**
   * The least number of bytes the decoder wants to see next, as ngx_http_parse_chunked() sets
   * ctx->length: a buffer holding that many is worth parsing (nginx's event pipe waits for it).
   */
  wanted(): number {
    switch (this.state) {
      case 'data':
        return this.left + 4; // the data, LF "0" LF LF
      case 'data-crlf':
        return 4; // LF "0" LF LF
      case 'trailer':
        return this.pending.length ? 1 : 2; // LF LF
      default: {
        if (!this.pending.length) return 3; // "0" LF LF
        // In the middle of a chunk-size line: its LF, then the data and LF "0" LF LF (or LF).
        const cr = this.pending.indexOf(0x0d);
        const size = chunkSize(cr < 0 ? this.pending : this.pending.subarray(0, cr)) ?? 0;
        return 1 + (size ? size + 4 : 1);
      }
    }
  }

  push(data: Buffer): ChunkedResult {
    let buf = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    this.pending = EMPTY;
    for (;;) {
      if (this.state === 'data') {
        const take = buf.subarray(0, this.left);
        if (take.length) this.onData(take);
        this.left -= take.length;
        buf = buf.subarray(take.length);
        if (this.left > 0) return { kind: 'more' };
        this.state = 'data-crlf';
      }
      const nl = buf.indexOf(0x0a);
      if (nl < 0) {
        // nginx parses byte by byte: a line already wrong is refused before its end comes.
        if (buf.length > 4096 || !this.mayContinue(buf)) return { kind: 'invalid' };
        this.pending = Buffer.from(buf);
        return { kind: 'more' };
      }
      // The line, without its LF and the CR before it.
      const end = nl > 0 && buf[nl - 1] === 0x0d ? nl - 1 : nl;
      const line = buf.subarray(0, end);
      buf = buf.subarray(nl + 1);
      if (this.state === 'data-crlf') {
        if (end !== 0) return { kind: 'invalid' };
        this.state = 'size';
      } else if (this.state === 'trailer') {
        if (end === 0) return { kind: 'end', rest: buf };
      } else {
        const n = chunkSize(line);
        if (n === undefined) return { kind: 'invalid' };
        if (n === 0) {
          this.state = 'trailer';
        } else {
          if (!this.allowChunk(n)) return { kind: 'refused', size: n };
          this.left = n;
          this.state = 'data';
        }
      }
    }
  }
}

/** Whether the start of a chunk-size line (no LF yet) can still become a valid one. */
function sizeLineStart(line: Buffer): boolean {
  let i = 0;
  while (i < line.length && hexDigit(line[i]) >= 0) i++;
  if (i === line.length) return true;
  if (i === 0) return false;
  const c = line[i];
  if (c === 0x0d) return i === line.length - 1;
  if (c !== 0x20 && c !== 0x09 && c !== 0x3b) return false;
  const cr = line.indexOf(0x0d, i);
  return cr < 0 || cr === line.length - 1;
}

/**
 * A chunk-size line (without its CRLF) as ngx_http_parse_chunked() reads it: hex digits (leading
 * zeros allowed, the value at most 2^59 - 1), then optionally a space, tab or `;` that starts an
 * extension nginx skips up to the line's end. The size, or undefined for a line nginx refuses.
 */
function chunkSize(line: Buffer): number | undefined {
  let i = 0;
  while (line[i] === 0x30) i++;
  const first = i;
  while (i < line.length && hexDigit(line[i]) >= 0) i++;
  if (i === 0) return undefined;
  // nginx refuses a size above NGX_MAX_OFF_T_VALUE / 16 (0x7ffffffffffffff) before each next byte.
  const digits = i - first;
  if (digits > 15 || (digits === 15 && hexDigit(line[first]) > 7)) return undefined;
  const n = digits ? parseInt(line.toString('latin1', first, i), 16) : 0;
  if (i === line.length) return n;
  const c = line[i];
  // The extension runs to the line's end; a CR inside it (not the one before the LF) is refused.
  if ((c !== 0x20 && c !== 0x09 && c !== 0x3b) || line.indexOf(0x0d, i) >= 0) return undefined;
  return n;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

const CRLF = Buffer.from('\r\n');
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

export function encodeChunk(b: Buffer): Buffer[] {
  return [Buffer.from(b.length.toString(16) + '\r\n', 'latin1'), b, CRLF];
}

/** The last chunk, with the answer's trailer fields (ngx_http_chunked_create_trailers()). */
export function lastChunk(trailers: readonly [string, string][] = []): Buffer {
  if (!trailers.length) return LAST_CHUNK;
  return Buffer.from(`0\r\n${trailers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`, 'latin1');
}
