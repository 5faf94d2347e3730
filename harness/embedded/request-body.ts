// The request's body (ngx_http_request_body.c): read whole for the handler that needs it (or
// passed on as it comes), or dropped; while it is, its reader is the connection's read handler
// and client_body_timeout its read timer. A body still being dropped when the answer is out is
// dropped for as long as nginx lingers (ngx_http_discarded_request_body_handler()).
import type { LocationConf } from '../nginx-conf/model.js';
import type { RequestHead } from './http/request-head.js';
import type { Connection } from './request-connection.js';
import { BodyReader, releaseBody, type BodyEnd, type BufferedBody } from './http/request-body.js';

const CONTINUE = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n', 'latin1');
/** nginx's lingering_timeout default. */
export const LINGERING_TIMEOUT_MS = 5_000;
/** nginx's lingering_time default: the longest a body is dropped after its answer. */
const LINGERING_TIME_MS = 30_000;

/** What a body needs of its request (HttpRequest): its connection, head and settings, its log, its end. */
export interface BodyOwner {
  readonly conn: Connection;
  readonly head: RequestHead;
  readonly loc: LocationConf;
  readonly ctx: { displayPath(path: string): string };
  bodyBytesSent: number;
  status: number;
  keepalive: boolean;
  logError(level: 'warn' | 'notice', message: string): void;
  /** The request ends now, the connection closed (client_body_timeout). */
  abort(o?: { drop?: boolean }): void;
}

/** How reading a body ended: all of it (`body` undefined: there was none), or a refusal. */
export type BodyResult = Exclude<BodyEnd, { kind: 'done' }> | { kind: 'done'; body?: BufferedBody };

export class RequestBody {
  /** The body read whole (r->request_body's buffers, or its temp file). */
  buffered?: BufferedBody;
  /** Read, being read, dropped or refused: not read again (an internal redirect's handler finds it so). */
  started: boolean;
  /** Found not to parse while it was dropped: a static answer becomes a 400. */
  invalid = false;
  /** "100 Continue" was sent, or is not to be (r->expect_tested). */
  continued = false;
  /** The body's bytes read, not dropped: in $request_length. */
  received = 0;
  /** Its reader while it is read (`discard` false) or dropped. */
  private reading?: { reader: BodyReader; discard: boolean; onEnd: (e: BodyResult) => void };
  /** Dropped after the answer (r->lingering_time): until when. */
  private lingerUntil = 0;

  constructor(
    private readonly req: BodyOwner,
    /** Its bytes read with the head, into the header buffer (nginx's preread: they stay there, outside client_body_buffer_size). */
    readonly preread: number,
    /** A request refused while its head was read has no body to read. */
    refused: boolean,
  ) {
    this.started = refused;
  }

  /** Being read for a handler (r->reading_body): a client that goes away now is a 400. */
  get beingRead(): boolean {
    return this.reading?.discard === false;
  }

  /**
   * ngx_http_read_client_request_body(): the whole body, or each piece to `onData` as it comes,
   * then `onEnd`. True while it is still being read.
   */
  read(onEnd: (e: BodyResult) => void, onData?: (b: Buffer) => void): boolean {
    const reader = this.start(false, onData);
    if (!reader) {
      onEnd({ kind: 'done', body: this.buffered });
      return false;
    }
    this.reading = { reader, discard: false, onEnd };
    this.req.conn.readBy(this.onInput, { ms: this.req.loc.clientBodyTimeoutMs, onExpiry: this.timedOut });
    return this.reading !== undefined;
  }

  /** ngx_http_discard_request_body(): what has come is dropped now, the rest as it comes; `onInvalid` hears of a body that does not parse. */
  discard(onInvalid: (message: string) => void): void {
    const reader = this.start(true);
    if (!reader) return;
    this.reading = {
      reader,
      discard: true,
      onEnd: (e) => {
        if (e.kind !== 'done' && e.kind !== 'temp-file') {
          this.invalid = true;
          onInvalid(e.message);
        }
      },
    };
    this.req.conn.readBy(this.onInput);
  }

  /**
   * The request has ended (ngx_http_finalize_connection()): a body still being read is given up (the
   * connection then closes), one being dropped is dropped on, lingering_time at most (not after
   * an HTTP/0.9 request, whose connection closes).
   */
  finalize(): void {
    // client_body_in_file_only clean: the file goes with the request (its pool's cleanup).
    releaseBody(this.buffered, true);
    const r = this.reading;
    if (!r) return;
    if (r.discard && this.req.head.version !== 9 && !this.req.conn.closed) {
      this.lingerUntil = Date.now() + LINGERING_TIME_MS;
      this.req.conn.readTimeout(LINGERING_TIMEOUT_MS);
      return;
    }
    // Answered while its body was still read (r->reading_body): no keep-alive, a lingering close.
    if (!r.discard) this.req.keepalive = false;
    this.stop();
  }

  /** The client went away, or the request ends without it: a partly written temp file is removed. */
  stop(): void {
    const r = this.reading;
    if (!r) return;
    this.reading = undefined;
    r.reader.abort();
    if (!this.req.conn.closed) this.req.conn.readDone();
  }

  /** A reader for the body, or undefined when there is none (left) to read; "100 Continue" first if asked for. */
  private start(discard: boolean, onData?: (b: Buffer) => void): BodyReader | undefined {
    const req = this.req;
    const head = req.head;
    // ngx_http_test_expect(): "100 Continue" for any HTTP/1.1 request that asked, body or not.
    if (head.expectContinue && !this.continued) {
      this.continued = true;
      req.conn.write(CONTINUE);
      req.bodyBytesSent += CONTINUE.length;
    }
    const had = this.started;
    this.started = true;
    if (had || (head.contentLength === undefined && !head.chunked)) return undefined;
    const loc = req.loc;
    // ngx_http_update_location_config(): with client_body_in_file_only the line is a notice.
    const inFileOnly = loc.clientBodyInFileOnly === 'off' ? undefined : loc.clientBodyInFileOnly;
    return new BodyReader(
      { maxSize: discard ? 0 : loc.clientMaxBodySize, bufferSize: loc.clientBodyBufferSize, tempPath: loc.clientBodyTempPath, tempLevels: loc.clientBodyTempLevels, discard, onData, inFileOnly },
      head.contentLength,
      head.chunked,
      this.preread,
      (file) => req.logError(inFileOnly ? 'notice' : 'warn', `a client request body is buffered to a temporary file ${req.ctx.displayPath(file)}`),
    );
  }

  /** The connection's bytes; what a body read (not dropped) takes counts in $request_length. */
  private readonly onInput = (input: Buffer): void => {
    const r = this.reading!;
    const e = r.reader.push(input);
    if (!r.discard) this.received += input.length - (e.kind === 'done' ? e.rest.length : 0);
    if (e.kind === 'more') {
      if (this.lingerUntil) this.req.conn.readTimeout(Math.min(LINGERING_TIMEOUT_MS, this.lingerUntil - Date.now()));
      return;
    }
    this.reading = undefined;
    if (r.discard) {
      // A dropped body's flags are set before the connection goes on (keep-alive or not).
      r.onEnd(e);
      this.req.conn.readDone(e.kind === 'done' ? e.rest : undefined);
      return;
    }
    if (e.kind === 'done') this.buffered = e.body;
    // The bytes past the body are the next request's before the handler goes on.
    this.req.conn.readDone(e.kind === 'done' ? e.rest : undefined);
    r.onEnd(e);
  };

  /** client_body_timeout: no line of its own; the request is logged as a 408 with nothing sent. */
  private readonly timedOut = (): void => {
    this.reading?.reader.abort();
    this.reading = undefined;
    this.req.status = 408;
    this.req.abort({ drop: true });
  };
}
