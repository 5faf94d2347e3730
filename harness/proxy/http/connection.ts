// One client connection, as ngx_http_request.c runs it: request heads read (and refused) as nginx
// does, bodies read or discarded, keep-alive and pipelining, and a lingering close after a refusal.
import type { Socket } from 'node:net';
import type { ListenConf, ServerConf } from '../conf/model.js';
import type { WorkerContext } from '../context.js';
import { HttpRequest, findServer, type Connection, type Handlers } from '../request.js';
import { parseRequestHead, type HeadError, type HeadLimits, type RequestHead } from './request-head.js';
import { BodyReader, type BufferedBody } from './request-body.js';

const EMPTY = Buffer.alloc(0);
const CONTINUE = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n', 'latin1');
/** nginx's client_header_timeout and lingering_timeout defaults. */
const HEADER_TIMEOUT_MS = 60_000;
const LINGERING_TIMEOUT_MS = 5_000;
/** Stop reading from a client that sends far ahead of what is being answered. */
const MAX_BUFFERED_INPUT = 1024 * 1024;

export class ClientConnection implements Connection {
  readonly number: number;
  readonly remoteAddress: string;
  readonly localAddress: string;
  closed = false;
  private input: Buffer = EMPTY;
  private state: 'head' | 'busy' | 'body' | 'closing' = 'head';
  private current?: HttpRequest;
  private body?: { reader: BodyReader; req: HttpRequest; cb: (b: BufferedBody | undefined) => void };
  private timer?: NodeJS.Timeout;
  private requests = 0;
  private readonly closeListeners = new Set<() => void>();
  private readonly limits: HeadLimits;
  private readonly defaultServer: ServerConf;

  constructor(
    private readonly socket: Socket,
    private readonly ctx: WorkerContext,
    readonly listen: ListenConf,
    private readonly handlers: Handlers,
  ) {
    this.number = ctx.nextConnection();
    this.remoteAddress = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    this.localAddress = (socket.localAddress ?? '').replace(/^::ffff:/, '');
    this.defaultServer = findServer(ctx.conf.servers, listen, undefined);
    this.limits = {
      largeBufferSize: this.defaultServer.largeHeaderBufferSize,
      largeBuffersTotal: 4 * this.defaultServer.largeHeaderBufferSize,
      underscoresInHeaders: this.defaultServer.underscoresInHeaders,
      ignoreInvalidHeaders: this.defaultServer.ignoreInvalidHeaders,
    };
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => this.onData(d));
    socket.on('error', () => undefined);
    socket.on('close', () => this.onSocketClose());
    this.arm(HEADER_TIMEOUT_MS);
  }

  write(b: Buffer | string): boolean {
    if (this.closed) return true;
    return this.socket.write(b);
  }

  onDrain(cb: () => void): void {
    if (this.closed) return;
    this.socket.once('drain', cb);
  }

  onClose(cb: () => void): () => void {
    this.closeListeners.add(cb);
    return () => this.closeListeners.delete(cb);
  }

  abort(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(d: Buffer): void {
    if (this.state === 'closing') return;
    this.input = this.input.length ? Buffer.concat([this.input, d]) : d;
    if (this.state === 'busy' && this.input.length > MAX_BUFFERED_INPUT) this.socket.pause();
    this.process();
  }

  private process(): void {
    if (this.state === 'body') {
      this.feedBody();
      return;
    }
    if (this.state !== 'head' || !this.input.length) return;
    const r = parseRequestHead(this.input.toString('latin1'), this.limits);
    if (r.kind === 'more') return;
    this.input = this.input.subarray(r.consumed);
    this.clearTimer();
    this.state = 'busy';
    this.requests++;
    if (r.kind === 'error') {
      this.refuse(r.error);
      return;
    }
    const req = new HttpRequest(this, r.head, this.ctx, this.handlers);
    if (this.requests >= req.loc.keepaliveRequests) req.keepalive = false;
    this.current = req;
    req.run();
  }

  /** A request refused while its head was read: nginx logs it at [info] and closes after its page. */
  private refuse(e: HeadError): void {
    const head: RequestHead = {
      method: e.requestLine?.split(' ')[0] ?? '',
      target: '/',
      requestLine: e.requestLine ?? '',
      version: 11,
      headers: e.host !== undefined ? [{ name: 'Host', key: 'host', value: e.host }] : [],
      host: e.host,
      chunked: false,
      expectContinue: false,
    };
    const req = new HttpRequest(this, head, this.ctx, this.handlers);
    req.keepalive = false;
    this.current = req;
    req.logError('info', e.message, { action: e.action });
    req.special(e.status);
  }

  readBody(req: HttpRequest, discard: boolean, cb: (body: BufferedBody | undefined) => void): void {
    const head = req.head;
    if (req.bodyRead || (head.contentLength === undefined && !head.chunked)) {
      req.bodyRead = true;
      cb(req.body);
      return;
    }
    if (head.expectContinue && !req.expectAnswered) {
      req.expectAnswered = true;
      this.write(CONTINUE);
    }
    const reader = new BodyReader(
      { maxSize: discard ? 0 : req.loc.clientMaxBodySize, bufferSize: req.loc.clientBodyBufferSize, tempPath: req.loc.clientBodyTempPath, discard },
      head.contentLength,
      head.chunked,
      (file) => req.logError('warn', `a client request body is buffered to a temporary file ${req.ctx.displayPath(file)}`),
    );
    this.body = { reader, req, cb };
    this.state = 'body';
    this.arm(HEADER_TIMEOUT_MS);
    this.feedBody();
  }

  private feedBody(): void {
    const b = this.body!;
    const data = this.input;
    this.input = EMPTY;
    const r = b.reader.push(data);
    if (r.kind === 'more') return;
    this.clearTimer();
    this.body = undefined;
    this.state = 'busy';
    b.req.bodyRead = true;
    if (r.kind === 'done') {
      this.input = r.rest;
      b.cb(r.body);
      return;
    }
    b.req.keepalive = false;
    if (r.kind === 'too-large') {
      b.req.logError('error', r.message);
      b.req.special(413);
    } else {
      b.req.logError('info', r.message);
      b.req.special(400);
    }
  }

  requestDone(req: HttpRequest): void {
    if (req !== this.current) return;
    this.current = undefined;
    req.writeAccessLog();
    if (this.closed) return;
    if (req.head.version === 9 || !req.keepalive || this.input.length > MAX_BUFFERED_INPUT) {
      this.lingeringClose();
      return;
    }
    this.state = 'head';
    this.socket.resume();
    this.arm(req.loc.keepaliveTimeoutMs);
    if (this.input.length) setImmediate(() => this.process());
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
    this.closed = true;
    this.clearTimer();
    this.body?.reader.abort();
    this.body = undefined;
    for (const cb of this.closeListeners) cb();
    this.closeListeners.clear();
    const req = this.current;
    if (req && !req.done) {
      // The client went away before its answer: nginx logs 499 (client closed request).
      if (!req.headerSent) req.status = 499;
      req.done = true;
      this.requestDone(req);
    }
  }

  private arm(ms: number): void {
    this.clearTimer();
    if (ms > 0) this.timer = setTimeout(() => this.socket.destroy(), ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
