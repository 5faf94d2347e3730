// `proxy_pass`: nginx's upstream module for one request (ngx_http_upstream.c, ngx_http_proxy_module.c).
// The body is buffered first, or passed on as it comes (proxy_request_buffering off); peers are
// tried in round-robin order; each failure is logged and decides, as ngx_http_upstream_next()
// does, whether the next peer is tried or the client gets 502/504. The request sent is nginx's:
// HTTP/1.0 (or proxy_http_version), Host: $proxy_host, Connection: close, Content-Length (or
// Transfer-Encoding: chunked), then the client's headers in their order.
import type { HttpRequest } from '../request.js';
import type { LocationConf, ProxyHeader } from '../../nginx-conf/model.js';
import { FRAMING_HEADERS } from '../../nginx-conf/http/proxy.js';
import type { Peer, PeerGroup, PeerSelection } from '../upstream/round-robin.js';
import { requestPass } from '../upstream/request-pass.js';
import { evalProxyPass, requestPeers } from './proxy-eval.js';
import type { ErrnoName } from '../../os-profile.js';
import { escapeUri } from '../http/uri.js';
import { evaluate } from '../variable-values.js';
import { bodyStream, releaseBody } from '../http/request-body.js';
import { parseResponseHead, responseHeadEnd, type ResponseHead } from '../http/response-head.js';
import { idleConnection, keepIdle } from '../upstream/keepalive.js';
import { UpstreamConnection, type UpstreamReader } from '../upstream/connection.js';
import { EventPipe } from './event-pipe.js';
import { rewriteSetCookie } from './proxy-cookie.js';
import { newState, type UpstreamState } from '../upstream/state.js';

/** Why an attempt failed (NGX_HTTP_UPSTREAM_FT_*), by the name proxy_next_upstream gives it. */
type Failure = 'error' | 'timeout' | 'invalid_header' | 'nolive';

const EMPTY = Buffer.alloc(0);
const CONNECTING = 'connecting to upstream';
const SENDING = 'sending request to upstream';
const READING_HEADER = 'reading response header from upstream';
const READING_BODY = 'reading upstream';

/** Request headers nginx sets itself, and the client's headers of those names that it drops. */
const DEFAULT_HEADERS: ProxyHeader[] = [
  { name: 'Host', value: '$proxy_host' },
  { name: 'Connection', value: 'close' },
  { name: 'Content-Length', value: '$proxy_internal_body_length' },
  { name: 'Transfer-Encoding', value: '$proxy_internal_chunked' },
  { name: 'TE', value: '' },
  { name: 'Keep-Alive', value: '' },
  { name: 'Expect', value: '' },
  { name: 'Upgrade', value: '' },
];

/**
 * A location's request headers: its proxy_set_header ones, then nginx's defaults of other names,
 * merged once as nginx merges them at configuration time; `keys` are the names of all of them
 * (the client's headers of these names are not passed, even where the value is empty).
 */
interface HeaderTemplate {
  headers: { name: string; value: string; variables: boolean }[];
  keys: Set<string>;
}

const templates = new WeakMap<LocationConf, HeaderTemplate>();

function headerTemplate(loc: LocationConf): HeaderTemplate {
  let t = templates.get(loc);
  if (t) return t;
  t = { headers: [], keys: new Set() };
  for (const h of [...loc.proxySetHeaders, ...DEFAULT_HEADERS]) {
    const key = h.name.toLowerCase();
    if (t.keys.has(key)) continue;
    t.keys.add(key);
    // nginx's own Host is the location's, not the request's: worked out once (a URL in variables: per request).
    const pp = loc.proxyPass;
    const value = h.value === '$proxy_host' && pp && 'proxyHost' in pp ? pp.proxyHost : h.value;
    t.headers.push({ name: h.name, value, variables: value.includes('$') });
  }
  templates.set(loc, t);
  return t;
}

/** ngx_http_proxy_hide_headers: what nginx does not pass on unless proxy_pass_header names it. */
const HIDDEN = ['date', 'server', 'x-pad', 'x-accel-expires', 'x-accel-redirect', 'x-accel-limit-rate', 'x-accel-buffering', 'x-accel-charset'];

const hiddenSets = new WeakMap<LocationConf, Set<string>>();

/** ngx_http_upstream_hide_headers_hash(): nginx's hidden headers and proxy_hide_header's, less proxy_pass_header's. */
function hiddenHeaders(loc: LocationConf): Set<string> {
  let hidden = hiddenSets.get(loc);
  if (!hidden) {
    hidden = new Set([...HIDDEN, ...loc.proxyHideHeaders].filter((h) => !loc.proxyPassHeaders.includes(h)));
    hiddenSets.set(loc, hidden);
  }
  return hidden;
}

/** A client body passed on as it comes: the pieces not yet sent, and whether it has all come. */
interface StreamedBody {
  pieces: Buffer[];
  done: boolean;
  /** Re-chunked for an HTTP/1.1 upstream (ngx_http_proxy_body_output_filter()), else sent as it is. */
  chunked: boolean;
}

const LAST_CHUNK = Buffer.from('0\r\n\r\n');

/**
 * ngx_http_proxy_handler(): a URL in variables is evaluated first (a 500 when it is none). The
 * body is read whole first (proxy_request_buffering on, or a chunked body to an HTTP/1.0
 * upstream, which needs a length), so a retry on the next peer can send it again; then the
 * upstream's peers are found (a 502 when a name needs a resolver). Off
 * (r->request_body_no_buffering), the peers are found and the upstream connected to once what has
 * come is read, and the rest is passed on as it comes, never to a temp file; a body that had all
 * come, within what came with the head and one client_body_buffer_size read, is sent as a
 * buffered one is (ngx_http_read_client_request_body() clears the flag), so it may go to the next
 * peer again.
 */
export function proxyHandler(req: HttpRequest): void {
  const pp = req.loc.proxyPass!;
  if ('variables' in pp && !evalProxyPass(req, pp)) {
    req.special(500);
    return;
  }
  const loc = req.loc;
  if (loc.proxyRequestBuffering || (req.head.chunked && loc.proxyHttpVersion !== '1.1')) {
    req.readBody(() => {
      const peers = requestPeers(req);
      if (peers) new UpstreamRequest(req, peers).connect();
      else req.special(502);
    });
    return;
  }
  const peers = requestPeers(req);
  if (!peers) {
    req.special(502);
    return;
  }
  const stream: StreamedBody = { pieces: [], done: false, chunked: req.head.chunked };
  let upstream: UpstreamRequest | undefined;
  const reading = req.readBody(
    () => {
      stream.done = true;
      upstream?.clientBodyDone();
    },
    (b) => (upstream ? upstream.clientBodyData(b) : stream.pieces.push(b)),
  );
  // Refused on the way (413, 400): answered already.
  if (!reading && !stream.done) return;
  if (stream.done && req.body.received <= req.body.preread + loc.clientBodyBufferSize) {
    const body = req.body;
    if (body.buffered) body.buffered = { length: body.buffered.length, chunks: stream.pieces };
    new UpstreamRequest(req, peers).connect();
    return;
  }
  upstream = new UpstreamRequest(req, peers, stream);
  upstream.connect();
}

/**
 * The URI sent upstream: the location's prefix replaced by proxy_pass's URI, re-escaped when the
 * client's was; after a rewrite's `break`, the rewritten URI whole, proxy_pass's URI left out.
 */
export function upstreamUri(req: HttpRequest): string {
  const pp = requestPass(req)!;
  // ngx_http_proxy_create_request(): a URI part in variables is sent as it was evaluated.
  if (pp.evaluated && pp.uri !== undefined) return pp.uri;
  let uri: string;
  if (pp.uri === undefined) {
    uri = req.uri.unparsed.replace(/\?.*$/, '');
    if (!req.validUnparsedUri) uri = escapeUri(req.uri.uri);
  } else if (!req.validLocation) {
    uri = escapeUri(req.uri.uri);
  } else {
    const rest = req.uri.uri.slice(req.loc.modifier === '=' ? req.uri.uri.length : req.loc.path.length);
    uri = pp.uri + (req.uri.quoted ? escapeUri(rest) : rest);
  }
  return req.uri.args ? `${uri}?${req.uri.args}` : uri;
}

class UpstreamRequest implements UpstreamReader {
  private readonly selection: PeerSelection;
  private readonly uri: string;
  private readonly head: string;
  private upstream?: UpstreamConnection;
  /** A refused connect reported after the OS profile's delay (Windows' ~2 s). */
  private refusedReport?: NodeJS.Timeout;
  private requestSent = false;
  private connectStarted = 0;
  private reused = false;
  private reading: 'none' | 'header' | 'body' = 'none';
  /** The head read so far. */
  private received: Buffer = EMPTY;
  /** The response being passed on: its head, how, and its event pipe. */
  private answer?: { head: ResponseHead; pipe: EventPipe };
  /** The client cannot take more for now: the upstream is not read until it drains. */
  private clientFull = false;
  /** The upstream's read event has fired (data, EOF or timeout): nginx's action is then "reading response header". */
  private readEvent = false;
  private peer?: Peer;
  /** This attempt, as the $upstream_* variables show it. */
  private state?: UpstreamState;

  constructor(
    private readonly req: HttpRequest,
    peers: PeerGroup,
    /** The body, when it is passed on as it comes. */
    private readonly stream?: StreamedBody,
  ) {
    // nginx closes the upstream connection when the client goes away (proxy_ignore_client_abort
    // off), as ngx_http_upstream_check_broken_connection() sees it with epoll.
    req.onClose(() => {
      // The body still passed on: the client's read fails, and its line (clientClosed()'s) says so.
      if (this.stream && !this.stream.done) req.action = SENDING;
      else if (this.upstream && this.reading !== 'body') {
        const action = this.upstream.socket.connecting ? CONNECTING : this.readEvent ? READING_HEADER : SENDING;
        req.logError('info', `${req.ctx.os.brokenConnection}, so upstream connection is closed too`, { action, errno: req.resetByPeer ? 'ECONNRESET' : undefined });
      }
      this.clearTimer();
      this.upstream?.destroy();
      this.upstream = undefined;
      releaseBody(req.body.buffered);
    });
    this.selection = peers.start(req.loc.proxyNextUpstreamTries);
    this.uri = upstreamUri(req);
    this.head = this.requestHead();
  }

  private requestHead(): string {
    const req = this.req;
    const loc = req.loc;
    let s = `${req.head.method} ${this.uri} HTTP/${loc.proxyHttpVersion}\r\n`;
    const t = headerTemplate(loc);
    const stream = this.stream;
    const buffered = req.body.buffered;
    const bodyLength = stream ? (stream.chunked ? '' : String(req.head.contentLength)) : buffered ? String(buffered.length) : req.head.contentLength !== undefined || req.head.chunked ? '0' : '';
    const chunked = stream?.chunked ? 'chunked' : '';
    for (const h of t.headers) {
      const v = h.value === '$proxy_internal_body_length' ? bodyLength : h.value === '$proxy_internal_chunked' ? chunked : h.variables ? evaluate(req, h.value) : h.value;
      if (v !== '') s += `${h.name}: ${v}\r\n`;
    }
    for (const h of req.head.headers) if (!t.keys.has(h.key)) s += `${h.name}: ${h.value}\r\n`;
    return s + '\r\n';
  }

  connect(): void {
    const req = this.req;
    const peer = this.selection.next();
    // ngx_http_upstream_connect(): the attempt before this one ends now.
    if (this.state && this.state.responseTime < 0) this.state.responseTime = Date.now() - this.state.start;
    this.state = newState(peer?.name ?? this.selection.name);
    req.upstreamStates.push(this.state);
    if (!peer) {
      req.upstreamName = `http://${this.selection.name}${this.uri}`;
      req.logError('error', 'no live upstreams', { action: CONNECTING });
      this.next('nolive');
      return;
    }
    req.upstreamName = `http://${peer.name}${this.uri}`;
    this.peer = peer;
    this.requestSent = false;
    this.readEvent = false;
    const idle = idleConnection(req, peer);
    // Failures while the request is sent are heard at once; what the upstream sends waits for readHeader().
    if (idle) {
      this.state.connectTime = 0;
      this.reused = true;
      this.upstream = idle;
      idle.hold(this.onSocketError);
      this.send();
      return;
    }
    this.reused = false;
    req.ctx.nextConnection();
    this.connectStarted = Date.now();
    const upstream = new UpstreamConnection(peer, this.onSocketError);
    this.upstream = upstream;
    this.arm(req.loc.proxyConnectTimeoutMs, () => this.fail('timeout', CONNECTING));
    upstream.socket.once('connect', () => {
      this.state!.connectTime = Date.now() - this.state!.start;
      this.send();
    });
  }

  private readonly onSocketError = (e: NodeJS.ErrnoException): void => {
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
    const os = this.req.ctx.os;
    if (this.reading === 'header') this.fail('error', READING_HEADER, 'ECONNRESET', `${os.recvFn} failed`);
    else if (this.reading === 'body') this.bodyFailed(`${os.recvFn} failed`, 'ECONNRESET');
    else this.fail('error', SENDING, 'ECONNRESET', `${os.sendFn} failed`);
  };

  private send(): void {
    const req = this.req;
    const socket = this.upstream!.socket;
    this.clearTimer();
    this.requestSent = true;
    if (this.stream) {
      this.state!.bytesSent = this.head.length;
      socket.write(this.head, 'latin1');
      const pieces = this.stream.pieces;
      this.stream.pieces = [];
      for (const b of pieces) this.clientBodyData(b);
      if (this.stream.done) this.clientBodyDone();
      return;
    }
    const buffered = req.body.buffered;
    this.state!.bytesSent = this.head.length + (buffered?.length ?? 0);
    const body = buffered ? bodyStream(buffered) : [];
    if (Array.isArray(body)) {
      // The head and a body in memory in one write (the head alone as the text it is): nothing
      // left to time.
      if (body.length) socket.write(Buffer.concat([Buffer.from(this.head, 'latin1'), ...body]));
      else socket.write(this.head, 'latin1');
      this.readHeader();
    } else {
      socket.write(this.head, 'latin1');
      this.arm(req.loc.proxySendTimeoutMs, () => this.fail('timeout', SENDING));
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
  }

  /** A piece of the client's body: sent now, or when the upstream is connected. */
  clientBodyData(b: Buffer): void {
    const stream = this.stream!;
    if (!this.requestSent) {
      stream.pieces.push(b);
      return;
    }
    if (!this.upstream) return;
    const out = stream.chunked ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]) : b;
    this.state!.bytesSent += out.length;
    this.upstream.socket.write(out);
    // ngx_http_upstream_send_request(): proxy_send_timeout while the client's body is awaited.
    this.arm(this.req.loc.proxySendTimeoutMs, () => this.fail('timeout', SENDING));
  }

  /** The client's body has all come: the last chunk, then the answer is awaited. */
  clientBodyDone(): void {
    const stream = this.stream!;
    stream.done = true;
    if (!this.requestSent || !this.upstream) return;
    if (stream.chunked) {
      this.state!.bytesSent += LAST_CHUNK.length;
      this.upstream.socket.write(LAST_CHUNK);
    }
    this.clearTimer();
    this.readHeader();
  }

  private readHeader(): void {
    this.reading = 'header';
    this.received = EMPTY;
    this.arm(this.req.loc.proxyReadTimeoutMs, this.headerTimedOut);
    this.upstream!.readBy(this);
  }

  /** What the upstream sends goes to the phase the request is in (the head, then the body). */
  data(d: Buffer): boolean | void {
    this.state!.bytesReceived += d.length;
    if (this.reading === 'header') this.headerData(d);
    else if (this.answer) return this.bodyData(d);
  }

  end(): void {
    if (this.reading === 'header') {
      this.readEvent = true;
      this.clearTimer();
      this.fail('error', READING_HEADER, undefined, 'upstream prematurely closed connection');
    } else if (this.answer) this.bodyEnd();
  }

  error(e: NodeJS.ErrnoException): void {
    this.onSocketError(e);
  }

  private headerData(d: Buffer): void {
    this.readEvent = true;
    const received = this.received.length ? Buffer.concat([this.received, d]) : d;
    this.received = received;
    // Only the head is read as text (latin1: one char per byte, so the offsets agree).
    const end = responseHeadEnd(received);
    const r = parseResponseHead(received.toString('latin1', 0, end < 0 ? received.length : end), this.req.loc.proxyBufferSize);
    if (r.kind === 'more') return;
    this.received = EMPTY;
    this.clearTimer();
    if (r.kind === 'http09') this.passHttp09(received);
    else if (r.kind === 'invalid') this.fail('invalid_header', READING_HEADER, undefined, r.message);
    else this.respond(r.head, r.consumed, received.subarray(r.consumed));
  }

  private readonly headerTimedOut = (): void => this.fail('timeout', READING_HEADER);

  /** The upstream answered: pass its response on, nginx's way. */
  private respond(up: ResponseHead, headBytes: number, first: Buffer): void {
    const req = this.req;
    this.selection.release(false);
    releaseBody(req.body.buffered);
    this.reading = 'body';
    this.state!.status = up.status;
    this.state!.headerTime = Date.now() - this.state!.start;
    this.state!.headers = up.headers;
    // A 101 to a request that asked for an upgrade makes the connection a tunnel (u->upgrade).
    const upgrade = up.status === 101 && req.header('upgrade') !== undefined;
    if (upgrade) req.keepalive = false;
    const noBody = !req.hasBody(up.status);

    // ngx_http_upstream_intercept_errors(): the location's error_page answers instead, with a
    // 401's (first) WWW-Authenticate.
    if (req.loc.proxyInterceptErrors && up.status >= 300 && req.loc.errorPages.has(up.status)) {
      const challenge = up.status === 401 ? up.headers.find(([n]) => n.toLowerCase() === 'www-authenticate') : undefined;
      if (challenge) req.headersOut.push(challenge);
      this.upstream?.destroy();
      this.upstream = undefined;
      req.special(up.status);
      return;
    }

    const hidden = hiddenHeaders(req.loc);
    let contentType: string | undefined;
    let location: string | undefined;
    const extra: [string, string][] = [];
    for (const [name, value] of up.headers) {
      const key = name.toLowerCase();
      if (FRAMING_HEADERS.has(key) || hidden.has(key)) continue;
      if (key === 'content-type') contentType = value || undefined; // nginx writes no empty Content-Type
      else if (key === 'location' && location === undefined) {
        // A rewritten Location that is a path is made absolute, in its own slot (ngx_http_header_filter()).
        const rewritten = this.rewriteLocation(value);
        // Left relative (absolute_redirect off), it keeps its place among the upstream's headers.
        if (rewritten?.startsWith('/') && req.loc.absoluteRedirect) location = req.absoluteUrl(rewritten);
        else extra.push([name, rewritten ?? value]);
      } else if (key === 'refresh') extra.push([name, this.rewriteRefresh(value)]);
      else if (key === 'set-cookie' && (req.loc.proxyCookiePaths.length || req.loc.proxyCookieDomains.length)) extra.push([name, rewriteSetCookie(req, value)]);
      else extra.push([name, value]);
    }
    // ngx_http_proxy_process_header(): an upstream without Server or Date still stands for one.
    const upstreamServer = !hidden.has('server');
    const upstreamDate = !hidden.has('date');
    // A filter's log line (the charset's) is written while the upstream's head is read.
    req.action = READING_HEADER;
    req.sendHead({
      status: up.status,
      statusLine: up.statusLine,
      contentType,
      contentLength: up.contentLength,
      location,
      upgrade,
      extra,
      upstreamServer,
      upstreamDate,
    });
    req.action = undefined;
    if (upgrade) {
      this.tunnel(first);
      return;
    }
    if (noBody) {
      req.finish();
      this.finishUpstream(up, EMPTY);
      return;
    }

    // Short output waits (postpone_output) until the answer's end: what an error flushes, or not;
    // unbuffered, every read is flushed (ngx_http_upstream_non_buffered_filter()'s b->flush).
    req.postpone(req.loc.proxyBuffering);
    this.answer = { head: up, pipe: new EventPipe(up, headBytes, req.loc) };
    if (first.length) this.bodyData(first);
    else if (this.answer.pipe.empty) this.complete();
    else this.arm(req.loc.proxyReadTimeoutMs, this.bodyTimedOut);
  }

  private bodyData(d: Buffer): boolean {
    this.state!.responseLength += d.length;
    const pipe = this.answer!.pipe;
    const state = pipe.read(d, false);
    // ngx_event_pipe() returned NGX_ABORT: the request is closed without a flush.
    if (state === 'invalid') {
      this.bodyFailed('upstream sent invalid chunked response', undefined, { drop: true });
      return false;
    }
    this.out(pipe.passed());
    if (state === 'end') {
      this.complete();
      return true;
    }
    // proxy_read_timeout: from one read to the next.
    this.arm(this.req.loc.proxyReadTimeoutMs, this.bodyTimedOut);
    return !this.clientFull;
  }

  private bodyEnd(): void {
    const { head, pipe } = this.answer!;
    const state = pipe.read(EMPTY, true);
    if (state === 'invalid') return this.bodyFailed('upstream sent invalid chunked response', undefined, { drop: true });
    this.out(pipe.passed());
    if (state === 'end' || (head.contentLength === undefined && !head.chunked)) return this.complete();
    this.bodyFailed('upstream prematurely closed connection');
  }

  private readonly bodyTimedOut = (): void => this.bodyFailed('upstream timed out', 'ETIMEDOUT');

  /** The body's bytes to the client; a full client stops the reads. */
  private out(b: Buffer): void {
    if (!b.length) return;
    const req = this.req;
    if (req.write(b) || this.clientFull) return;
    // The client cannot take more: the upstream is not read until it can. By the time the client
    // drains, the connection may be cached or serving another request.
    this.clientFull = true;
    const upstream = this.upstream!;
    req.onDrain(() => {
      this.clientFull = false;
      if (this.upstream === upstream) upstream.resume();
    });
  }

  /** The body has come whole: the client's answer ends, then the upstream connection is kept or closed. */
  private complete(): void {
    const req = this.req;
    const { head, pipe } = this.answer!;
    this.answer = undefined;
    this.clearTimer();
    req.postpone(false);
    req.finish();
    this.finishUpstream(head, pipe.rest);
  }

  /**
   * No status line (ngx_http_proxy_process_status_line()'s NGX_ERROR): nginx logs it, takes the
   * answer as HTTP/0.9 (status 200 for the peer, so no failure; 009 in the access log) and passes
   * every byte on as it came, without a status line of its own, until the upstream closes; the
   * client's connection stays as its request had it.
   */
  private passHttp09(first: Buffer): void {
    const req = this.req;
    const upstream = this.upstream!;
    req.logError('error', 'upstream sent no valid HTTP/1.0 header', { action: READING_HEADER });
    this.selection.release(false);
    releaseBody(req.body.buffered);
    this.reading = 'body';
    req.sendHttp09();
    const onData = (d: Buffer) => {
      this.arm(req.loc.proxyReadTimeoutMs, this.bodyTimedOut);
      if (req.write(d)) return true;
      req.onDrain(() => {
        if (this.upstream === upstream) upstream.resume();
      });
      return false;
    };
    const onEnd = () => {
      this.clearTimer();
      this.upstream = undefined;
      upstream.destroy();
      req.finish();
    };
    upstream.readBy({ data: onData, end: onEnd, error: this.onSocketError });
    onData(first);
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
      this.upstream = undefined;
      upstream.destroy();
      req.readClient(undefined);
    };
    const idle = () =>
      this.arm(req.loc.proxyReadTimeoutMs, () => {
        // ngx_connection_error() on the client connection (log_error NGX_ERROR_INFO): [info].
        req.logError('info', 'upstream timed out', { errno: 'ETIMEDOUT', action: 'proxying upgraded connection' });
        end();
        req.abort();
      });
    const onData = (d: Buffer) => {
      idle();
      if (req.write(d)) return true;
      req.onDrain(() => upstream.resume());
      return false;
    };
    // Either side's close ends the tunnel ('close' below); a failure is only its cause.
    upstream.readBy({ data: onData, end: () => undefined, error: () => undefined });
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

  /**
   * ngx_http_proxy_rewrite_redirect(): the first proxy_redirect whose text starts the Location
   * replaces that part (case-sensitively), its replacement's variables evaluated. `default` is
   * made of proxy_pass's URL as written (ngx_http_proxy_merge_loc_conf()): with a URI,
   * `http://localhost:8080/admin/x` → `/api/x`; without one, `http://127.0.0.1:8080/x` → `/x`.
   */
  private rewriteLocation(value: string): string | undefined {
    const req = this.req;
    const pp = requestPass(req)!;
    for (const r of req.loc.proxyRedirects) {
      // ngx_http_proxy_merge_loc_conf(): no default for a URL in variables.
      if (r === 'default' && pp.evaluated) continue;
      const [from, to] = r !== 'default' ? [r.from, evaluate(req, r.to)] : pp.uri === undefined ? [pp.url + '/', '/'] : [pp.url, req.loc.path];
      if (value.startsWith(from)) return to + value.slice(from.length);
    }
    return undefined;
  }

  /** ngx_http_upstream_rewrite_refresh(): proxy_redirect on what follows `url=`, left as it comes out (no host added). */
  private rewriteRefresh(value: string): string {
    const at = value.toLowerCase().indexOf('url=');
    const rewritten = at < 0 ? undefined : this.rewriteLocation(value.slice(at + 4));
    return rewritten === undefined ? value : value.slice(0, at + 4) + rewritten;
  }

  /** Keeps the upstream connection for reuse when the upstream allows it, else closes it. */
  private finishUpstream(up: ResponseHead, rest: Buffer): void {
    const upstream = this.upstream!;
    this.upstream = undefined;
    const framed = up.contentLength !== undefined || up.chunked || up.status === 204 || up.status === 304;
    if (!up.closes && framed && rest.length === 0 && keepIdle(this.req, this.peer!, upstream)) return;
    upstream.destroy();
  }

  /** A failure after the response began: the client connection is cut, as nginx does. */
  /**
   * The body failed after the head was sent: the client connection closes, what was postponed
   * flushed first (a 502 after the head: NGX_HTTP_FLUSH) or dropped (`drop`: NGX_ERROR).
   */
  private bodyFailed(message: string, errno?: ErrnoName, o: { drop?: boolean } = {}): void {
    this.clearTimer();
    this.req.logError('error', message, { errno, action: READING_BODY });
    this.upstream?.destroy();
    this.upstream = undefined;
    this.req.abort(o);
  }

  /** An attempt failed: log it (a timeout is logged by next()), then ngx_http_upstream_next(). */
  private fail(ft: Failure, action: string, errno?: ErrnoName, message?: string): void {
    const req = this.req;
    this.clearTimer();
    this.upstream?.destroy();
    this.upstream = undefined;
    this.reading = 'none';
    if (message) req.logError('error', message, { errno, action });
    this.next(ft, action);
  }

  private next(ft: Failure, action = CONNECTING): void {
    const req = this.req;
    if (ft !== 'nolive') {
      const cached = this.reused;
      if (this.selection.release(true)) req.logError('warn', 'upstream server temporarily disabled', { action });
      // A kept-alive connection that failed does not use up a try (nginx: u->peer.cached).
      if (cached && ft === 'error') this.selection.tries++;
    }
    // nginx frees the peer first: a timeout's line comes after the peer's [warn].
    if (ft === 'timeout') req.logError('error', 'upstream timed out', { errno: 'ETIMEDOUT', action });
    const status = ft === 'timeout' ? 504 : 502;
    this.state!.status = status;
    if (req.connectionClosed) {
      releaseBody(req.body.buffered);
      req.abort();
      return;
    }
    const loc = req.loc;
    const nonIdempotent = this.requestSent && ['POST', 'LOCK', 'PATCH'].includes(req.head.method) && !loc.proxyNextUpstream.has('non_idempotent');
    // A body passed on as it came cannot be sent again.
    const streamed = this.requestSent && this.stream !== undefined;
    if (this.selection.tries === 0 || ft === 'nolive' || !loc.proxyNextUpstream.has(ft) || nonIdempotent || streamed) {
      releaseBody(req.body.buffered);
      req.special(status);
      return;
    }
    this.connect();
  }

  /** The upstream connection's timeout, from now; none once the connection is gone. */
  private arm(ms: number, cb: () => void): void {
    this.upstream?.timeout.arm(ms, cb);
  }

  private clearTimer(): void {
    this.upstream?.timeout.clear();
    if (this.refusedReport) clearTimeout(this.refusedReport);
    this.refusedReport = undefined;
  }
}
