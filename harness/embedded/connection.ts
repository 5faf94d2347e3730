// One client connection, as ngx_http_request.c runs it: request heads read (and refused) as nginx
// does, the bytes after a head handed to whoever reads them (the request's body), keep-alive and
// pipelining, a lingering close after a refusal, and the [info] lines nginx writes when the client
// goes away.
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ListenConf, ServerConf } from '../nginx-conf/model.js';
import type { WorkerContext } from './context.js';
import { flushLogs, type ErrorLog } from '../logs/writer.js';
import { HttpRequest, type Handlers } from './request.js';
import type { ClientReader, Connection, EndedRequest } from './request-connection.js';
import { LINGERING_TIMEOUT_MS } from './request-body.js';
import { defaultServer } from './phases/find-server.js';
import { parseRequestHead, type HeadError, type HeadLimits, type HeadNotice, type HeaderField, type RequestHead } from './http/request-head.js';
import { NO_URI, type ParsedUri } from './http/uri.js';
import { Deadline } from './deadline.js';
import { NGX_HTTP_TO_HTTPS } from './http/pages.js';
import type { Reusable } from './connection-slots.js';

const EMPTY = Buffer.alloc(0);
/** Stop reading from a client that sends far ahead of what is being answered. */
const MAX_BUFFERED_INPUT = 1024 * 1024;

/** Output gathered past this many bytes is written at once (a large file's stream, a big answer). */
const GATHER_BYTES = 64 * 1024;
/**
 * Output with a piece this large goes out as it is, its pieces written one by one: copying a kept
 * file's bytes into one buffer would cost more than the calls save (a small answer's pieces are
 * cheaper joined).
 */
const AS_IT_IS_BYTES = 16 * 1024;

const flushOutput = (c: ClientConnection) => c.tick();
/** postpone_output: while an answer is postponed, output shorter than this waits for more, or for its end. */
const POSTPONE_OUTPUT = 1460;

/**
 * Node reads a client's address with getpeername(), which fails once the client has reset (nginx
 * has it from accept()). On a loopback address the client is, unless it bound another, at the
 * same address; elsewhere it is unknown.
 */
function loopbackPeer(local: string): string {
  return local === '::1' || local.startsWith('127.') ? local : '';
}

/** The head of a request that never got one of its own (refused, or cut off): for its log lines. */
function headOf(requestLine: string, headers: HeaderField[], uri: ParsedUri = NO_URI, version: 9 | 11 = 11): RequestHead {
  return {
    method: requestLine.split(' ')[0],
    target: '/',
    uri,
    requestLine,
    version,
    headers,
    host: headers.find((h) => h.key === 'host')?.value,
    chunked: false,
    expectContinue: false,
  };
}

/**
 * ngx_event_accept(): a new client, when worker_connections has room for it (connection-slots.ts);
 * else it is closed at once, after the [alert], and takes no connection number.
 */
export function acceptConnection(socket: Socket, ctx: WorkerContext, listen: ListenConf, handlers: Handlers, plainHttp = false): void {
  if (ctx.slots.take()) new ClientConnection(socket, ctx, listen, handlers, plainHttp);
  else socket.destroy();
}

export class ClientConnection implements Connection, Reusable {
  readonly number: number;
  readonly remoteAddress: string;
  readonly remotePort: number;
  readonly localAddress: string;
  readonly tls?: TLSSocket;
  closed = false;
  /** The client reset the connection (ECONNRESET): nginx's recv() failed (104: ...) lines. */
  resetByPeer = false;
  private input: Buffer = EMPTY;
  /**
   * head: waiting for (more of) a request head; busy: a request is being handled; discard: the
   * answer went out and the request's body is still being dropped (its reader still reads);
   * closing: lingering close.
   */
  private state: 'head' | 'busy' | 'discard' | 'closing' = 'head';
  private current?: HttpRequest;
  /** Who reads the bytes after the head (r->read_event_handler): the request's body, a tunnel after a 101. */
  private reader?: ClientReader;
  /** The request that ended while its body was still dropped: kept alive or not once it is gone. */
  private ended?: EndedRequest;
  /** client_header_timeout, keepalive_timeout, client_body_timeout, lingering: one at a time, set again per request. */
  private readonly deadline = new Deadline();
  requests = 0;
  readonly startedAt = Date.now();
  /** The next request's bytes came with the one before it (nginx's hc->pipeline). */
  private pipeline = false;
  /** What this turn of the event loop wrote, not yet handed to the socket (see write()). */
  private output: Buffer[] = [];
  private outputBytes = 0;
  private flushScheduled = false;
  private postponed = false;
  private readonly limits: HeadLimits;
  private readonly defaultServer: ServerConf;
  private readonly log: ErrorLog;
  /** It holds one of worker_connections until it closes. */
  private holdsSlot = true;

  constructor(
    private readonly socket: Socket,
    private readonly ctx: WorkerContext,
    readonly listen: ListenConf,
    private readonly handlers: Handlers,
    /** Plain HTTP came to an ssl address (r->plain_http): each request is answered with a 497. */
    private readonly plainHttp = false,
  ) {
    this.number = ctx.nextConnection();
    // A TLSSocket says so (`encrypted`): node:tls is not loaded for a conf without ssl.
    this.tls = (socket as TLSSocket).encrypted ? (socket as TLSSocket) : undefined;
    // ngx_sock_ntop() of an AF_UNIX address: `unix:` and the path, which a client's socket has none of.
    this.localAddress = listen.unix !== undefined ? listen.host : (socket.localAddress ?? '').replace(/^::ffff:/, '');
    this.remoteAddress = listen.unix !== undefined ? 'unix:' : (socket.remoteAddress ?? loopbackPeer(this.localAddress)).replace(/^::ffff:/, '');
    this.remotePort = socket.remotePort ?? 0;
    this.defaultServer = defaultServer(ctx, listen);
    this.log = ctx.errorLogFor(this.defaultServer.base);
    const s = this.defaultServer;
    this.limits = {
      headerBufferSize: s.headerBufferSize,
      largeBufferSize: s.largeHeaderBufferSize,
      largeBuffers: s.largeHeaderBuffers,
      underscoresInHeaders: s.underscoresInHeaders,
      ignoreInvalidHeaders: s.ignoreInvalidHeaders,
      mergeSlashes: s.mergeSlashes,
    };
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => this.onData(d));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET') this.resetByPeer = true;
    });
    // libuv reports a reset that came with the last bytes read as the end of the stream (its
    // POLLHUP short cut after a partial read), where nginx's next recv() fails with ECONNRESET. A
    // write of nothing (before Node ends its side) tells them apart: it fails with the socket's
    // pending ECONNRESET ('error' above), and after a close succeeds without sending a byte.
    socket.prependListener('end', () => {
      if (socket.writable) socket.write(EMPTY);
    });
    socket.on('close', () => this.onSocketClose());
    this.arm(s.clientHeaderTimeoutMs, () => this.headTimedOut());
    // Waiting for its first request: it may be closed to make room (ngx_http_init_connection()).
    ctx.slots.setReusable(this, true);
  }

  /** Closed to make room for another (worker_connections are not enough): silently, as nginx's c->close. */
  reuse(): void {
    this.state = 'closing';
    this.releaseSlot();
    this.socket.destroy();
  }

  private releaseSlot(): void {
    if (!this.holdsSlot) return;
    this.holdsSlot = false;
    this.ctx.slots.setReusable(this, false);
    this.ctx.slots.release();
  }

  write(b: Buffer | string): boolean {
    // A socket already ended or destroyed (its 'close' not yet emitted) takes nothing more, and
    // will never drain: nothing should wait for it.
    if (this.closed || !this.socket.writable) return true;
    // What one turn of the event loop writes (a head and its body, a proxied head and the first
    // bytes of its body) goes out in one write(2) of one buffer, as nginx's output chain does:
    // cheaper for Node than a writev of several, and far cheaper than a write each.
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      process.nextTick(flushOutput, this);
    }
    this.output.push(buf);
    this.outputBytes += buf.length;
    if (this.outputBytes >= GATHER_BYTES) return this.flush();
    return !this.socket.writableNeedDrain;
  }

  /** The end of an event-loop turn: what it wrote goes out, unless the answer is postponed and it is short. */
  tick(): void {
    this.flushScheduled = false;
    if (this.postponed && this.outputBytes < POSTPONE_OUTPUT) return;
    this.flush();
  }

  /**
   * ngx_http_write_filter()'s postpone_output (1460) for a proxied answer: its head and body wait
   * until there are 1460 bytes to send, or its end, or an error that flushes (then they go out),
   * or one that does not (then they never do).
   */
  postpone(on: boolean): void {
    this.postponed = on;
    if (!on && this.output.length && !this.flushScheduled) {
      this.flushScheduled = true;
      process.nextTick(flushOutput, this);
    }
  }

  /** Hands the gathered output to the socket; false when its buffer is full (wait for `drain`). */
  flush(): boolean {
    if (!this.output.length) return !this.socket.writableNeedDrain;
    // The access-log lines of answers are on disk before the answers leave, as nginx writes a
    // request's line before its next: a client that reads its log after an answer finds the line
    // there, whichever worker serves its next request.
    flushLogs();
    const output = this.output;
    const bytes = this.outputBytes;
    this.output = [];
    this.outputBytes = 0;
    if (this.closed || !this.socket.writable) return true;
    if (output.length === 1) return this.socket.write(output[0]);
    if (!output.some((b) => b.length >= AS_IT_IS_BYTES)) return this.socket.write(Buffer.concat(output, bytes));
    // Each piece a write of its own (cork() and one writev of them left a streamed gzip answer
    // stalled after its first 64 KB).
    let taken = true;
    for (const b of output) taken = this.socket.write(b);
    return taken;
  }

  onDrain(cb: () => void): void {
    if (this.closed) return;
    this.socket.once('drain', cb);
  }

  abort(o: { drop?: boolean } = {}): void {
    // What was written before the abort still goes out, unless it is dropped (what nginx had
    // postponed and closes without flushing).
    if (o.drop) {
      this.output = [];
      this.outputBytes = 0;
    }
    this.flush();
    this.closed = true;
    this.socket.destroy();
  }

  private onData(d: Buffer): void {
    if (this.state === 'closing') return;
    // Bytes of a request: no longer idle (ngx_http_wait_request_handler(), ngx_http_keepalive_handler()).
    if (this.state === 'head') this.ctx.slots.setReusable(this, false);
    const firstBytes = this.state === 'head' && !this.input.length && this.requests > 0;
    this.input = this.input.length ? Buffer.concat([this.input, d]) : d;
    if (this.state === 'busy' && !this.reader && this.input.length > MAX_BUFFERED_INPUT) this.socket.pause();
    this.process();
    // The first bytes of a request on a kept-alive connection, and not yet its whole head:
    // client_header_timeout from now on.
    if (firstBytes && this.state === 'head' && this.input.length) {
      this.arm(this.defaultServer.clientHeaderTimeoutMs, () => this.headTimedOut());
    }
  }

  private process(): void {
    const reader = this.reader;
    if (reader) {
      this.handInput(reader);
      // Still reading: the rest is for it too.
      if (this.reader === reader) return;
    }
    if (this.state !== 'head' || !this.input.length) return;
    const r = parseRequestHead(this.input.toString('latin1'), this.limits);
    if (r.kind === 'more') return;
    this.clearTimer();
    this.state = 'busy';
    this.requests++;
    if (r.kind === 'error') {
      this.input = EMPTY;
      this.refuse(r.error, r.notices);
      return;
    }
    this.input = this.input.subarray(r.consumed);
    // What of the body came with the head, into the same header buffer.
    const preread = Math.max(0, Math.min(this.input.length, r.bufferEnd - r.consumed));
    const req = new HttpRequest(this, r.head, this.ctx, this.handlers, { headLength: r.consumed, preread });
    // r->pipeline: the head was read with the request before it.
    req.pipelined = this.pipeline;
    this.pipeline = false;
    this.logNotices(req, r.notices);
    this.current = req;
    if (this.plainHttp) {
      req.logError('info', 'client sent plain HTTP request to HTTPS port');
      req.special(NGX_HTTP_TO_HTTPS);
      return;
    }
    req.run();
  }

  /** Header lines nginx dropped (ignore_invalid_headers), logged at [info] with the headers read before each. */
  private logNotices(req: HttpRequest, notices: HeadNotice[]): void {
    for (const n of notices) req.logError('info', n.message, { action: 'reading client request headers', headers: n.seen });
  }

  /** A request refused while its head was read: nginx logs it at [info] and closes after its page. */
  private refuse(e: HeadError, notices: HeadNotice[]): void {
    const req = new HttpRequest(this, headOf(e.requestLine ?? '', e.headers, e.uri, e.version), this.ctx, this.handlers, { refused: true });
    this.current = req;
    this.logNotices(req, notices);
    req.logError('info', e.message, { action: `reading client request ${e.stage === 'line' ? 'line' : 'headers'}` });
    req.special(e.status);
  }

  readBy(reader: ClientReader, timeout?: { ms: number; onExpiry: () => void }): void {
    this.reader = reader;
    if (timeout) this.arm(timeout.ms, timeout.onExpiry);
    else this.clearTimer();
    this.socket.resume();
    this.handInput(reader);
  }

  readDone(rest?: Buffer): void {
    this.reader = undefined;
    this.clearTimer();
    if (rest) this.input = rest;
    // The body dropped after its answer is gone: the connection goes on.
    const ended = this.ended;
    if (this.state === 'discard' && ended) this.afterRequest(ended);
  }

  /** What has come goes to `reader`, which hands back what is past its end (readDone()), or asks for no more for now (false). */
  private handInput(reader: ClientReader): void {
    const input = this.input;
    this.input = EMPTY;
    if (reader(input) === false) this.socket.pause();
  }

  readTimeout(ms: number): void {
    this.arm(ms);
  }

  /** The request has ended (it wrote its access-log line): keep the connection for the next one, or close it. */
  requestDone(req: EndedRequest): void {
    if (req !== this.current) return;
    // The answer goes out now, before the bookkeeping below.
    this.postponed = false;
    this.flush();
    this.current = undefined;
    if (this.closed) return;
    if (this.reader) {
      // ngx_http_finalize_connection(): the body is still dropped (request-body.ts times it), kept-alive or not.
      this.state = 'discard';
      this.ended = req;
      this.socket.resume();
      return;
    }
    this.afterRequest(req);
  }

  /** The request is over and its body is gone: keep the connection for the next one, or close it. */
  private afterRequest(req: EndedRequest): void {
    this.ended = undefined;
    if (req.head.version === 9 || !req.keepalive || this.input.length > MAX_BUFFERED_INPUT) {
      this.lingeringClose();
      return;
    }
    this.state = 'head';
    this.socket.resume();
    this.arm(req.loc.keepaliveTimeoutMs, () => this.headTimedOut());
    this.pipeline = this.input.length > 0;
    if (this.input.length) setImmediate(() => this.process());
    // Kept alive and idle (ngx_http_set_keepalive()): it may be closed to make room.
    else this.ctx.slots.setReusable(this, true);
  }

  /** Ends the response side and reads (and drops) what the client still sends, for a while. */
  private lingeringClose(): void {
    this.state = 'closing';
    this.input = EMPTY;
    this.socket.resume();
    this.socket.end();
    this.arm(LINGERING_TIMEOUT_MS);
  }

  private onSocketClose(): void {
    const state = this.state;
    this.closed = true;
    this.releaseSlot();
    this.deadline.stop();
    this.reader = undefined;
    this.ended = undefined;
    const req = this.current;
    if (req && !req.done) {
      req.clientClosed();
      return;
    }
    if (state === 'head') this.endedWhileWaiting('closed');
  }

  /**
   * client_header_timeout (or keepalive_timeout between requests) ran out: nginx closes without
   * an answer, and logs it at [info] unless it was an idle kept-alive connection.
   */
  private headTimedOut(): void {
    if (this.requests === 0 || this.input.length) this.endedWhileWaiting('timed out');
    this.state = 'closing';
    this.socket.destroy();
  }

  /**
   * The client closed, or timed out, between requests or in the middle of a head
   * (ngx_http_wait_request_handler, ngx_http_keepalive_handler, ngx_http_read_request_header).
   */
  private endedWhileWaiting(how: 'closed' | 'timed out'): void {
    const r = this.input.length ? parseRequestHead(this.input.toString('latin1'), this.limits) : undefined;
    const partial = r?.kind === 'more' ? r.partial : undefined;
    // A reset is a failed recv() (ngx_connection_error() at info), where a close reads 0 bytes.
    const reset = how === 'closed' && this.resetByPeer;
    const errno = how === 'timed out' ? this.ctx.os.errno('ETIMEDOUT') : reset ? this.ctx.os.errno('ECONNRESET') : undefined;
    if (!partial) {
      if (!this.log.enabled('info')) return;
      if (this.requests === 0) {
        this.log.write('info', {
          conn: this.number,
          message: reset ? `${this.ctx.os.recvFn} failed` : how === 'closed' ? 'client closed connection' : 'client timed out',
          errno,
          action: 'waiting for request',
          client: this.remoteAddress,
          server: this.listen.text,
        });
      } else {
        this.log.write('info', { conn: this.number, message: `client ${this.remoteAddress} closed keepalive connection`, errno });
      }
      return;
    }
    const req = new HttpRequest(this, headOf(partial.requestLine, partial.headers, partial.uri), this.ctx, this.handlers);
    const action = `reading client request ${partial.stage === 'line' ? 'line' : 'headers'}`;
    if (reset) req.logError('info', `${this.ctx.os.recvFn} failed`, { action, errno: 'ECONNRESET' });
    else if (how === 'closed') req.logError('info', 'client prematurely closed connection', { action });
    else req.logError('info', 'client timed out', { action, errno: 'ETIMEDOUT' });
    req.finalize(how === 'closed' ? 400 : 408);
  }

  private arm(ms: number, onExpiry: () => void = this.destroySocket): void {
    this.deadline.arm(ms, onExpiry);
  }

  private readonly destroySocket = (): void => {
    this.socket.destroy();
  };

  private clearTimer(): void {
    this.deadline.clear();
  }
}
