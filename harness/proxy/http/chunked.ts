// HTTP/1.1 chunked framing, decoded incrementally (request bodies from clients, response bodies
// from HTTP/1.1 upstreams) and encoded (bodies of unknown length to HTTP/1.1 clients).

export type ChunkedResult =
  | { kind: 'more' }
  | { kind: 'end'; rest: Buffer }
  | { kind: 'invalid' }
  /** A chunk-size line announced `size` more bytes; the caller may refuse it (client_max_body_size). */
  | { kind: 'refused'; size: number };

export class ChunkedDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private left = 0;
  private state: 'size' | 'data' | 'data-crlf' | 'trailer' = 'size';

  constructor(
    private readonly onData: (b: Buffer) => void,
    /** Asked before a chunk's data is read; false stops decoding with 'refused'. */
    private readonly allowChunk: (size: number) => boolean = () => true,
  ) {}

  push(data: Buffer): ChunkedResult {
    let buf = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    this.pending = Buffer.alloc(0);
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
        if (buf.length > 4096) return { kind: 'invalid' };
        this.pending = Buffer.from(buf);
        return { kind: 'more' };
      }
      const line = buf.subarray(0, nl).toString('latin1').replace(/\r$/, '');
      buf = buf.subarray(nl + 1);
      if (this.state === 'data-crlf') {
        if (line !== '') return { kind: 'invalid' };
        this.state = 'size';
      } else if (this.state === 'trailer') {
        if (line === '') return { kind: 'end', rest: buf };
      } else {
        const m = /^([0-9a-fA-F]{1,15})(?:[ \t]*;.*)?$/.exec(line);
        if (!m) return { kind: 'invalid' };
        const n = parseInt(m[1], 16);
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

const CRLF = Buffer.from('\r\n');
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

export function encodeChunk(b: Buffer): Buffer[] {
  return [Buffer.from(b.length.toString(16) + '\r\n', 'latin1'), b, CRLF];
}

export function lastChunk(): Buffer {
  return LAST_CHUNK;
}
