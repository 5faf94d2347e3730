// The upstream exchange of one request (ngx_http_upstream.c): a peer (round robin, or a kept
// connection), the connect, the request sent (its body from memory, a temp file, or as it comes),
// the response head read, the body passed on through the event pipe, and on a failure the next
// peer or nginx's 502/504 (ngx_http_upstream_next()). Each phase reads the upstream connection its
// own way, and is handed its reads in turn (readBy()), as nginx swaps u->read_event_handler: the
// head, the body, an HTTP/0.9 answer and a tunnel after a 101 alike. What is sent and how the
// answer's head is rewritten are the proxy module's (modules/proxy/handler.ts, the ExchangeHandler).
import type { HttpRequest } from '../request.js';
import type { ResponseFields } from '../http/response.js';
import type { ErrnoName } from '../../os-profile.js';
import type { Peer, PeerGroup, PeerSelection } from './round-robin.js';
import { bodyStream, releaseBody } from '../http/request-body.js';
import { parseResponseHead, responseHeadEnd, type ResponseHead, type ResponseHeadResult } from '../http/response-head.js';
import { idleConnection, keepIdle } from './keepalive.js';
import { UpstreamConnection, type UpstreamReader } from './connection.js';
import { EventPipe } from './event-pipe.js';
import { acceleratedRedirect } from './x-accel-redirect.js';
import { newState, type UpstreamState } from './state.js';
import { startSelection } from './balancer.js';
import { requestPass } from './request-pass.js';
import { upstreamTls } from './tls.js';
import type { UpstreamSettings } from './conf.js';

/** Why an attempt failed (NGX_HTTP_UPSTREAM_FT_*), by the name proxy_next_upstream gives it. */
type Failure = 'error' | 'timeout' | 'invalid_header' | 'nolive' | `http_${number}`;

/** ngx_http_upstream_next_errors[]: the statuses proxy_next_upstream may name. */
const NEXT_STATUSES = [500, 502, 503, 504, 403, 404, 429];

const EMPTY = Buffer.alloc(0);
const LAST_CHUNK = Buffer.from('0\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const CONNECTING = 'connecting to upstream';
const SENDING = 'sending request to upstream';
const READING_HEADER = 'reading response header from upstream';
const READING_BODY = 'reading upstream';

/**
 * The proxy module's part of an exchange (u->create_request, u->process_header; undici's
 * dispatcher handler has the same shape): the request to send, and the client's head made of the
 * upstream's.
 */
export interface ExchangeHandler {
  /** The URI sent, for the upstream's name in log lines. */
  readonly uri: string;
  /** The request line and headers, sent to every peer tried. */
  readonly requestHead: string;
  /** The client's body goes after the head (proxy_pass_request_body). */
  readonly sendsBody: boolean;
  /** The settings the exchange runs with (u->conf: the proxy module's). */
  readonly conf: UpstreamSettings;
  /** The upstream's head, read whole: the fields of the client's head (hidden headers left out, redirects and cookies rewritten). */
  onHeaders(up: ResponseHead, upgrade: boolean): ResponseFields;
}

/** A client body passed on as it comes: the pieces not yet sent, and whether it has all come. */
export interface StreamedBody {
  pieces: Buffer[];
  done: boolean;
  /** Re-chunked for an HTTP/1.1 upstream (ngx_http_proxy_body_output_filter()), else sent as it is. */
  chunked: boolean;
  /** All of it has gone upstream. */
  sent?: boolean;
}

export class UpstreamExchange {
  private readonly selection: PeerSelection;
  private upstream?: UpstreamConnection;
  /** A refused connect reported after the OS profile's delay (Windows' ~2 s). */
  private refusedReport?: NodeJS.Timeout;
  private requestSent = false;
  /** The client's body pieces wait for the end of their read (sendBodySoon()). */
  private sendQueued = false;
  private connectStarted = 0;
  private reused = false;
  /** The response is being passed on (its head, or HTTP/0.9's first bytes, went to the client). */
  private answering = false;
  /** The client cannot take more for now: the upstream is not read until it drains. */
  private clientFull = false;
  /** The upstream's read event has fired (data, EOF or timeout): nginx's action is then "reading response header". */
  private readEvent = false;
  private peer?: Peer;
  /** When the first peer was asked for (ngx_http_upstream_init_request()). */
  private readonly startedAt = Date.now();
  /** This attempt, as the $upstream_* variables show it. */
  state?: UpstreamState;
  /** The settings it runs with, its handler's (u->conf). */
  readonly conf: UpstreamSettings;

  constructor(
    readonly req: HttpRequest,
    peers: PeerGroup,
    private readonly handler: ExchangeHandler,
    /** The body, when it is passed on as it comes. */
    private readonly stream?: StreamedBody,
  ) {
    this.conf = handler.conf;
    // nginx closes the upstream connection when the client goes away (proxy_ignore_client_abort
    // off), as ngx_http_upstream_check_broken_connection() sees it with epoll.
    req.onClose(() => {
      // The body still passed on: the client's read fails, and its line (clientClosed()'s) says so.
      if (this.stream && !this.stream.done) req.action = SENDING;
      else if (this.upstream && !this.answering) {
        const action = this.upstream.socket.connecting ? CONNECTING : this.readEvent ? READING_HEADER : SENDING;
        req.logError('info', `${req.ctx.os.brokenConnection}, so upstream connection is closed too`, { action, errno: req.resetByPeer ? 'ECONNRESET' : undefined });
      }
      this.close();
      releaseBody(req.body.buffered);
    });
    this.selection = startSelection(peers, requestPass(req)!.upstream.balancer, req, this.conf.proxyNextUpstreamTries);
    req.onEnd(() => this.selection.done());
  }

  /** The upstream's scheme, as its name in log lines says it. */
  private get scheme(): string {
    return requestPass(this.req)?.ssl ? 'https' : 'http';
  }

  /** ngx_http_upstream_connect(): the next peer, a kept connection to it or a new one. */
  connect(): void {
    const req = this.req;
    const peer = this.selection.next();
    // The attempt before this one ends now.
    if (this.state && this.state.responseTime < 0) this.state.responseTime = Date.now() - this.state.start;
    this.state = newState(peer?.name ?? this.selection.name);
    req.upstreamStates.push(this.state);
    if (!peer) {
      req.upstreamName = `${this.scheme}://${this.selection.name}${this.handler.uri}`;
      req.logError('error', 'no live upstreams', { action: CONNECTING });
      this.next('nolive');
      return;
    }
    // A socket file's path and the URI have a ':' between them (u->uri_separator).
    req.upstreamName = `${this.scheme}://${peer.name}${peer.family === 'unix' ? ':' : ''}${this.handler.uri}`;
    this.peer = peer;
    this.requestSent = false;
    this.readEvent = false;
    const idle = idleConnection(req, peer);
    // Failures while the request is sent are heard at once; what the upstream sends waits for the head's reader.
    if (idle) {
      this.state.connectTime = 0;
      this.reused = true;
      this.upstream = idle;
      idle.hold(this.sendFailed);
      this.send();
      return;
    }
    this.reused = false;
    // ngx_event_connect_peer(): the connection takes one of worker_connections; without one the request is a 500.
    if (!req.ctx.slots.take((message) => req.logError('alert', message, { action: CONNECTING }))) {
      this.selection.release(false);
      releaseBody(req.body.buffered);
      req.special(500);
      return;
    }
    req.ctx.nextConnection();
    this.connectStarted = Date.now();
    const upstream = new UpstreamConnection(peer, this.sendFailed, () => req.ctx.slots.release(), upstreamTls(req, requestPass(req)!, peer));
    this.upstream = upstream;
    this.arm(this.conf.proxyConnectTimeoutMs, () => this.fail('timeout', CONNECTING));
    upstream.socket.once(upstream.connectEvent, () => {
      this.state!.connectTime = Date.now() - this.state!.start;
      this.send();
    });
  }

  /** A failure while connecting or sending: connect() failed, or send() did. */
  private readonly sendFailed = (e: NodeJS.ErrnoException): void => {
    if (this.peer?.family === 'unix' && !this.requestSent) {
      // ngx_event_connect_peer(): a socket file's connect() fails at once, naming the peer; a
      // refusal is an [error], a missing file (any other errno) a [crit].
      const refused = e.code === 'ECONNREFUSED';
      const errno: ErrnoName = refused ? 'ECONNREFUSED' : e.code === 'EACCES' ? 'EACCES' : 'ENOENT_PATH';
      this.fail('error', CONNECTING, errno, `connect() to ${this.peer.name} failed`, refused ? 'error' : 'crit');
      return;
    }
    if (this.upstream?.socket.connecting || (!this.requestSent && e.code === 'ECONNREFUSED')) {
      const errno: ErrnoName = e.code === 'ECONNREFUSED' ? 'ECONNREFUSED' : e.code === 'ETIMEDOUT' ? 'ETIMEDOUT' : 'ECONNRESET';
      // Windows spends ~2 s on a refused loopback connect (SYN retries after RST) before it reports it.
      const wait = errno === 'ECONNREFUSED' ? this.connectStarted + this.req.ctx.os.refusedConnectDelayMs - Date.now() : 0;
      this.clearTimer();
      const report = () => this.fail('error', CONNECTING, errno, 'connect() failed');
      if (wait > 0) this.refusedReport = setTimeout(report, wait);
      else report();
      return;
    }
    this.fail('error', SENDING, 'ECONNRESET', `${this.req.ctx.os.sendFn} failed`);
  };

  /** ngx_http_upstream_send_request(): the head and a body in memory in one write, a temp file's as it is read, or a body as it comes. */
  private send(): void {
    const req = this.req;
    const head = this.handler.requestHead;
    const socket = this.upstream!.socket;
    this.clearTimer();
    this.requestSent = true;
    if (this.stream) {
      // What has come of the body goes with the head, in one write.
      this.state!.bytesSent = head.length;
      this.sendBody(Buffer.from(head, 'latin1'));
      return;
    }
    const buffered = this.handler.sendsBody ? req.body.buffered : undefined;
    this.state!.bytesSent = head.length + (buffered?.length ?? 0);
    const body = buffered ? bodyStream(buffered) : [];
    if (Array.isArray(body)) {
      // The head alone as the text it is: nothing left to time.
      if (body.length) socket.write(Buffer.concat([Buffer.from(head, 'latin1'), ...body]));
      else socket.write(head, 'latin1');
      this.readHeader();
      return;
    }
    socket.write(head, 'latin1');
    this.arm(this.conf.proxySendTimeoutMs, () => this.fail('timeout', SENDING));
    body.on('data', (c: Buffer) => {
      if (!socket.write(c)) {
        body.pause();
        socket.once('drain', () => body.resume());
      }
    });
    body.on('end', () => {
      this.clearTimer();
      this.readHeader();
    });
    body.on('error', () => this.fail('error', SENDING, 'ECONNRESET', 'read() failed'));
  }

  /** A piece of the client's body: sent with the rest of the same read, or when the upstream is connected. */
  clientBodyData(b: Buffer): void {
    this.stream!.pieces.push(b);
    this.sendBodySoon();
  }

  /** The client's body has all come: the last chunk, then the answer is awaited. */
  clientBodyDone(): void {
    this.stream!.done = true;
    this.sendBodySoon();
  }

  /** One client read's pieces are sent together once the read is through (nginx sends after each read). */
  private sendBodySoon(): void {
    if (!this.requestSent || this.sendQueued) return;
    this.sendQueued = true;
    process.nextTick(() => {
      this.sendQueued = false;
      this.sendBody();
    });
  }

  /**
   * ngx_http_proxy_body_output_filter(): the pieces that have come, as one chunk to an HTTP/1.1
   * upstream (the last chunk with them when the body has ended), after `head` when it goes too.
   */
  private sendBody(head?: Buffer): void {
    const stream = this.stream!;
    if (!this.upstream || stream.sent) return;
    const data = Buffer.concat(stream.pieces);
    stream.pieces = [];
    const out = [head ?? EMPTY];
    if (!stream.chunked) out.push(data);
    else if (data.length) out.push(Buffer.from(`${data.length.toString(16)}\r\n`), data, CRLF);
    if (stream.done && stream.chunked) out.push(LAST_CHUNK);
    const bytes = Buffer.concat(out);
    this.state!.bytesSent += bytes.length - (head?.length ?? 0);
    if (bytes.length) this.upstream.socket.write(bytes);
    if (stream.done) {
      stream.sent = true;
      this.clearTimer();
      this.readHeader();
    } else if (data.length) {
      // proxy_send_timeout while the client's body is awaited.
      this.arm(this.conf.proxySendTimeoutMs, () => this.fail('timeout', SENDING));
    }
  }

  /** The request is sent: the head's reader reads the upstream, first what came meanwhile. */
  private readHeader(): void {
    this.arm(this.conf.proxyReadTimeoutMs, this.headerTimedOut);
    this.upstream!.readBy(new ReadingHeader(this));
  }

  private readonly headerTimedOut = (): void => this.fail('timeout', READING_HEADER);

  /** ngx_http_upstream_process_header()'s end: a head, none (HTTP/0.9), or one that does not parse. */
  headerRead(r: ResponseHeadResult, received: Buffer): void {
    this.clearTimer();
    if (r.kind === 'http09') this.passHttp09(received);
    else if (r.kind === 'invalid') this.fail('invalid_header', READING_HEADER, undefined, r.message);
    else if (r.kind === 'head') this.respond(r.head, r.consumed, received.subarray(r.consumed));
  }

  /** The upstream closed before its head, or reading failed. */
  headerFailed(e?: NodeJS.ErrnoException): void {
    if (e) return this.fail('error', READING_HEADER, 'ECONNRESET', `${this.req.ctx.os.recvFn} failed`);
    this.readEvent = true;
    this.clearTimer();
    this.fail('error', READING_HEADER, undefined, 'upstream prematurely closed connection');
  }

  /** The upstream's read event fired: its bytes are counted, and nginx's action is then "reading response header". */
  headerBytes(d: Buffer): void {
    this.readEvent = true;
    this.state!.bytesReceived += d.length;
  }

  /** ngx_http_upstream_send_response(): the head, then the body through the event pipe, a tunnel, or nothing. */
  private respond(up: ResponseHead, headBytes: number, first: Buffer): void {
    const req = this.req;
    if (this.testNext(up.status)) return;
    this.selection.release(false);
    releaseBody(req.body.buffered);
    this.answering = true;
    this.state!.status = up.status;
    this.state!.headerTime = Date.now() - this.state!.start;
    this.state!.headers = up.headers;
    // A 101 to a request that asked for an upgrade makes the connection a tunnel (u->upgrade).
    const upgrade = up.status === 101 && req.header('upgrade') !== undefined;
    if (upgrade) req.keepalive = false;

    // ngx_http_upstream_intercept_errors(): the location's error_page answers instead, with a
    // 401's (first) WWW-Authenticate.
    if (this.conf.proxyInterceptErrors && up.status >= 300 && req.loc.errorPages.has(up.status)) {
      const challenge = up.status === 401 ? up.headers.find(([n]) => n.toLowerCase() === 'www-authenticate') : undefined;
      if (challenge) req.headersOut.push(challenge);
      this.close();
      req.special(up.status);
      return;
    }
    // ngx_http_upstream_process_headers(): X-Accel-Redirect ends the exchange, and the request goes on elsewhere.
    const redirect = this.conf.proxyIgnoreHeaders.includes('x-accel-redirect') ? undefined : up.headers.find(([n]) => n.toLowerCase() === 'x-accel-redirect');
    if (redirect) {
      this.close();
      acceleratedRedirect(req, redirect[1], up.headers, READING_HEADER);
      return;
    }
    const fields = this.handler.onHeaders(up, upgrade);
    // A filter's log line (the charset's) is written while the upstream's head is read.
    req.action = READING_HEADER;
    req.sendHead(fields);
    req.action = undefined;
    if (upgrade) {
      this.tunnel(first);
      return;
    }
    if (!req.hasBody(up.status)) {
      req.finish();
      this.finishUpstream(up, EMPTY);
      return;
    }
    // Short output waits (postpone_output) until the answer's end: what an error flushes, or not;
    // unbuffered, every read is flushed (ngx_http_upstream_non_buffered_filter()'s b->flush).
    req.postpone(this.conf.proxyBuffering);
    const body = new ReadingBody(this, up, new EventPipe(up, headBytes, this.conf));
    this.upstream!.readBy(body);
    // The body's first bytes came with the head, counted with it.
    if (first.length) body.pass(first);
    else if (body.pipe.empty) this.complete(body);
    else this.arm(this.conf.proxyReadTimeoutMs, this.bodyTimedOut);
  }

  /** What the event pipe passed goes to the client; false: the client is full, read no more until it drains. */
  out(b: Buffer): boolean {
    if (!b.length || this.req.write(b) || this.clientFull) return !this.clientFull;
    // By the time the client drains, the connection may be cached or serving another request.
    this.clientFull = true;
    const upstream = this.upstream!;
    this.req.onDrain(() => {
      this.clientFull = false;
      if (this.upstream === upstream) upstream.resume();
    });
    return false;
  }

  /** proxy_read_timeout: from one read to the next. */
  readOn(): void {
    this.arm(this.conf.proxyReadTimeoutMs, this.bodyTimedOut);
  }

  private readonly bodyTimedOut = (): void => this.bodyFailed('upstream timed out', 'ETIMEDOUT');

  /** The body has come whole: the client's answer ends, then the upstream connection is kept or closed. */
  complete(body: ReadingBody): void {
    const req = this.req;
    this.clearTimer();
    req.postpone(false);
    req.finish();
    this.finishUpstream(body.head, body.pipe.rest);
  }

  /**
   * No status line (ngx_http_proxy_process_status_line()'s NGX_ERROR): nginx logs it, takes the
   * answer as HTTP/0.9 (status 200 for the peer, so no failure; 009 in the access log) and passes
   * every byte on as it came, without a status line of its own, until the upstream closes; the
   * client's connection stays as its request had it.
   */
  private passHttp09(first: Buffer): void {
    const req = this.req;
    req.logError('error', 'upstream sent no valid HTTP/1.0 header', { action: READING_HEADER });
    this.selection.release(false);
    releaseBody(req.body.buffered);
    this.answering = true;
    req.sendHttp09();
    const phase = new PassingHttp09(this);
    this.upstream!.readBy(phase);
    phase.onData(first);
  }

  /** The upstream closed after an HTTP/0.9 answer: it is whole. */
  http09Done(): void {
    this.clearTimer();
    this.close();
    this.req.finish();
  }

  /**
   * ngx_http_upstream_upgrade(): bytes pass both ways as they come until either side closes;
   * proxy_read_timeout of silence (either way) ends it with an [info] line.
   */
  private tunnel(first: Buffer): void {
    const req = this.req;
    const upstream = this.upstream!;
    const end = () => {
      this.clearTimer();
      this.close();
      req.readClient(undefined);
    };
    const idle = () =>
      this.arm(this.conf.proxyReadTimeoutMs, () => {
        // ngx_connection_error() on the client connection (log_error NGX_ERROR_INFO): [info].
        req.logError('info', 'upstream timed out', { errno: 'ETIMEDOUT', action: 'proxying upgraded connection' });
        end();
        req.abort();
      });
    upstream.readBy(new Tunnelling(this, idle));
    // Either side's close ends the tunnel; a failure is only its cause.
    upstream.socket.once('close', () => {
      if (this.upstream !== upstream) return;
      end();
      req.finish();
    });
    if (first.length) req.write(first);
    // The client's bytes go to the upstream as they come, until its buffer is full.
    const forward = (d: Buffer) => {
      if (!d.length) return;
      idle();
      if (upstream.socket.write(d)) return;
      upstream.socket.once('drain', () => this.upstream === upstream && req.readClient(forward));
      return false;
    };
    req.readClient(forward);
    idle();
  }

  /** Keeps the upstream connection for reuse when the upstream allows it, else closes it. */
  private finishUpstream(up: ResponseHead, rest: Buffer): void {
    const upstream = this.upstream!;
    this.upstream = undefined;
    const framed = up.contentLength !== undefined || up.chunked || up.status === 204 || up.status === 304;
    if (!up.closes && framed && rest.length === 0 && keepIdle(this.req, this.peer!, upstream)) return;
    upstream.destroy();
  }

  /**
   * The body failed after the head was sent: the client connection closes, what was postponed
   * flushed first (a 502 after the head: NGX_HTTP_FLUSH) or dropped (`drop`: NGX_ERROR).
   */
  bodyFailed(message: string, errno?: ErrnoName, o: { drop?: boolean } = {}): void {
    this.clearTimer();
    this.req.logError('error', message, { errno, action: READING_BODY });
    this.close();
    this.req.abort(o);
  }

  /**
   * ngx_http_upstream_test_next(): a status that proxy_next_upstream names sends the request to the
   * next peer, while one is left (else the answer goes to the client as it came).
   */
  private testNext(status: number): boolean {
    const ft: Failure = `http_${status}`;
    if (!NEXT_STATUSES.includes(status) || this.selection.tries <= 1 || !this.conf.proxyNextUpstream.has(ft)) return false;
    if (this.nonIdempotent() || (this.requestSent && this.stream !== undefined)) return false;
    this.close();
    this.next(ft, READING_HEADER);
    return true;
  }

  /** A POST, LOCK or PATCH already sent, which proxy_next_upstream non_idempotent alone lets go to another peer. */
  private nonIdempotent(): boolean {
    return this.requestSent && ['POST', 'LOCK', 'PATCH'].includes(this.req.head.method) && !this.conf.proxyNextUpstream.has('non_idempotent');
  }

  /** An attempt failed: log it (a timeout is logged by next()), then ngx_http_upstream_next(). */
  private fail(ft: Failure, action: string, errno?: ErrnoName, message?: string, level: 'error' | 'crit' = 'error'): void {
    const req = this.req;
    this.clearTimer();
    this.close();
    if (message) req.logError(level, message, { errno, action });
    this.next(ft, action);
  }

  private next(ft: Failure, action = CONNECTING): void {
    const req = this.req;
    if (ft !== 'nolive') {
      const cached = this.reused;
      // A 403 or 404 is no failure of the peer's (NGX_PEER_NEXT).
      if (this.selection.release(ft !== 'http_403' && ft !== 'http_404')) req.logError('warn', 'upstream server temporarily disabled', { action });
      // A kept-alive connection that failed does not use up a try (nginx: u->peer.cached).
      if (cached && ft === 'error') this.selection.tries++;
    }
    // nginx frees the peer first: a timeout's line comes after the peer's [warn].
    if (ft === 'timeout') req.logError('error', 'upstream timed out', { errno: 'ETIMEDOUT', action });
    const status = ft === 'timeout' ? 504 : ft.startsWith('http_') ? Number(ft.slice(5)) : 502;
    this.state!.status = status;
    if (req.connectionClosed) {
      releaseBody(req.body.buffered);
      req.abort();
      return;
    }
    const conf = this.conf;
    // A body passed on as it came cannot be sent again.
    const streamed = this.requestSent && this.stream !== undefined;
    // proxy_next_upstream_timeout counts from the first try (u->peer.start_time).
    const late = conf.proxyNextUpstreamTimeoutMs > 0 && Date.now() - this.startedAt >= conf.proxyNextUpstreamTimeoutMs;
    if (this.selection.tries === 0 || ft === 'nolive' || !conf.proxyNextUpstream.has(ft) || this.nonIdempotent() || streamed || late) {
      releaseBody(req.body.buffered);
      req.special(status);
      return;
    }
    this.connect();
  }

  /** The upstream connection is done with: closed, not kept. */
  private close(): void {
    this.upstream?.destroy();
    this.upstream = undefined;
  }

  /** The upstream connection's timeout, from now; none once the connection is gone. */
  arm(ms: number, cb: () => void): void {
    this.upstream?.timeout.arm(ms, cb);
  }

  clearTimer(): void {
    this.upstream?.timeout.clear();
    if (this.refusedReport) clearTimeout(this.refusedReport);
    this.refusedReport = undefined;
  }
}

/** ngx_http_upstream_process_header(): the response head, read until it is whole. */
class ReadingHeader implements UpstreamReader {
  /** The head read so far. */
  private received: Buffer = EMPTY;
  constructor(private readonly x: UpstreamExchange) {}

  onData(d: Buffer): void {
    this.x.headerBytes(d);
    const received = this.received.length ? Buffer.concat([this.received, d]) : d;
    this.received = received;
    // Only the head is read as text (latin1: one char per byte, so the offsets agree).
    const end = responseHeadEnd(received);
    const r = parseResponseHead(received.toString('latin1', 0, end < 0 ? received.length : end), this.x.conf.proxyBufferSize);
    if (r.kind === 'more') return;
    this.received = EMPTY;
    this.x.headerRead(r, received);
  }

  onEnd(): void {
    this.x.headerFailed();
  }

  onError(e: NodeJS.ErrnoException): void {
    this.x.headerFailed(e);
  }
}

/** ngx_http_upstream_process_upstream(): the body through the event pipe (ngx_event_pipe()) to the client. */
class ReadingBody implements UpstreamReader {
  constructor(
    private readonly x: UpstreamExchange,
    readonly head: ResponseHead,
    readonly pipe: EventPipe,
  ) {}

  onData(d: Buffer): boolean {
    this.x.state!.bytesReceived += d.length;
    return this.pass(d);
  }

  /** The body's bytes through the pipe; false: the client is full. */
  pass(d: Buffer): boolean {
    const x = this.x;
    x.state!.responseLength += d.length;
    const state = this.pipe.read(d, false);
    // ngx_event_pipe() returned NGX_ABORT: the request is closed without a flush.
    if (state === 'invalid') {
      x.bodyFailed('upstream sent invalid chunked response', undefined, { drop: true });
      return false;
    }
    const more = x.out(this.pipe.passed());
    if (state === 'end') {
      x.complete(this);
      return true;
    }
    x.readOn();
    return more;
  }

  onEnd(): void {
    const x = this.x;
    const state = this.pipe.read(EMPTY, true);
    if (state === 'invalid') return x.bodyFailed('upstream sent invalid chunked response', undefined, { drop: true });
    x.out(this.pipe.passed());
    if (state === 'end' || (this.head.contentLength === undefined && !this.head.chunked)) return x.complete(this);
    x.bodyFailed('upstream prematurely closed connection');
  }

  onError(): void {
    this.x.bodyFailed(`${this.x.req.ctx.os.recvFn} failed`, 'ECONNRESET');
  }
}

/** An HTTP/0.9 answer: every byte to the client as it comes, until the upstream closes. */
class PassingHttp09 implements UpstreamReader {
  constructor(private readonly x: UpstreamExchange) {}

  onData(d: Buffer): boolean {
    this.x.readOn();
    return this.x.out(d);
  }

  onEnd(): void {
    this.x.http09Done();
  }

  onError(): void {
    this.x.bodyFailed(`${this.x.req.ctx.os.recvFn} failed`, 'ECONNRESET');
  }
}

/** ngx_http_upstream_process_upgraded() from the upstream: its bytes to the client as they come. */
class Tunnelling implements UpstreamReader {
  constructor(
    private readonly x: UpstreamExchange,
    private readonly activity: () => void,
  ) {}

  onData(d: Buffer): boolean {
    this.activity();
    return this.x.out(d);
  }

  // The upstream's close ends the tunnel (its socket's 'close'); a failure is only its cause.
  onEnd(): void {}

  onError(): void {}
}
