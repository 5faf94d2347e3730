// ngx_event_pipe_read_upstream() and the proxy's input filters, for one response body: the body
// is read into buffers, the rest of the head's own (proxy_buffer_size) first, then proxy_buffers';
// a buffer goes to the input filter (the Content-Length counted down, or the chunked
// framing decoded) when it is full, when it holds all that is still wanted (the rest of the
// Content-Length; for a chunked body what ngx_http_parse_chunked() needs to see next), or when the
// upstream closes. Bytes still in a buffer when the upstream times out never reach the client.
// With proxy_buffering off (ngx_http_upstream_process_non_buffered_request()) each read is
// passed on whole, as it came.
// One object per response, its state in fields: a response passes through it without a closure
// or a result object per read.
import { ChunkedDecoder } from '../http/chunked.js';
import type { ResponseHead } from '../http/response-head.js';
import type { UpstreamSettings } from './conf.js';

const EMPTY = Buffer.alloc(0);

/** What a read came to: the body goes on, it ended (`rest` holds what came after it), or its framing is invalid. */
export type PipeState = 'more' | 'end' | 'invalid';

export class EventPipe {
  /** After 'end': the bytes past the body. */
  rest: Buffer = EMPTY;
  /** The client's bytes the input filter passed in this read. */
  private decoded: Buffer[] = [];
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** Room left in the buffer being filled. */
  private space: number;
  /** Of a Content-Length body, the bytes still to come. */
  private left: number;
  private readonly decoder?: ChunkedDecoder;

  /** One of proxy_buffers; 0 when unbuffered: every read is passed on. */
  private readonly bufferSize: number;

  constructor(head: ResponseHead, headBytes: number, conf: Pick<UpstreamSettings, 'proxyBuffering' | 'proxyBufferSize' | 'proxyBuffers'>) {
    this.bufferSize = conf.proxyBuffering ? conf.proxyBuffers.size : 0;
    this.space = conf.proxyBuffering ? conf.proxyBufferSize - headBytes : 0;
    this.left = head.contentLength ?? Infinity;
    if (head.chunked) this.decoder = new ChunkedDecoder((b) => this.decoded.push(b));
  }

  /** A Content-Length of 0: the body is over before a byte. */
  get empty(): boolean {
    return this.left === 0;
  }

  /**
   * Reads `d` into the buffers and passes what is due to the input filter; `passed()` then gives
   * what that read passed, in one piece.
   */
  read(d: Buffer, eof: boolean): PipeState {
    let state: PipeState = 'more';
    if (d.length >= this.space) {
      // The buffers this read filled, handed on together.
      const cut = this.bufferSize ? this.space + Math.floor((d.length - this.space) / this.bufferSize) * this.bufferSize : d.length;
      this.hold(d.subarray(0, cut));
      d = d.subarray(cut);
      state = this.filter(this.take());
    }
    if (state === 'more') {
      if (d.length) {
        this.hold(d);
        this.space -= d.length;
      }
      if (this.heldBytes && (eof || this.heldBytes >= this.wanted())) state = this.filter(this.take());
    }
    return state;
  }

  /** What the last read passed for the client (nothing, after an invalid one). */
  passed(): Buffer {
    const d = this.decoded;
    const b = d.length === 0 ? EMPTY : d.length === 1 ? d[0] : Buffer.concat(d);
    d.length = 0;
    return b;
  }

  private hold(b: Buffer): void {
    this.held.push(b);
    this.heldBytes += b.length;
  }

  private wanted(): number {
    return this.decoder ? this.decoder.wanted() : this.left;
  }

  private take(): Buffer {
    const b = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    this.heldBytes = 0;
    this.space = this.bufferSize;
    return b;
  }

  /** The input filter: the client's bytes of what a buffer held, and whether the body ended there. */
  private filter(d: Buffer): PipeState {
    if (this.decoder) {
      const r = this.decoder.push(d);
      if (r.kind === 'end') this.rest = r.rest;
      if (r.kind === 'invalid') this.decoded.length = 0;
      return r.kind === 'end' ? 'end' : r.kind === 'invalid' ? 'invalid' : 'more';
    }
    const take = d.length > this.left ? d.subarray(0, this.left) : d;
    this.left -= take.length;
    this.decoded.push(take);
    if (this.left > 0) return 'more';
    this.rest = d.subarray(take.length);
    return 'end';
  }
}
