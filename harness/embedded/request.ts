// One request, from its parsed head to its access-log line: server and location selection, the
// checks nginx makes before a handler runs (URI, body size, the `/api` → `/api/` redirect), the
// handler, nginx's own pages with error_page, and the response head. Mirrors ngx_http_request.c
// and ngx_http_core_module.c's phases, for the subset of nginx.conf the engine supports.
import type { Readable } from 'node:stream';
import type { ContentHandlerName, ListenConf, LocationConf, ServerConf } from '../nginx-conf/model.js';
import type { WorkerContext } from './context.js';
import type { Level, LogContext } from '../logs/error-log.js';
import { writeErrno, type ErrnoName } from '../os-profile.js';
import { hostName, type HeaderField, type RequestHead } from './http/request-head.js';
import type { ParsedUri } from './http/uri.js';
import type { Validators } from './http/conditional.js';
import { statusOnWire } from './http/pages.js';
import { formatResponseHead, type ResponseFields } from './http/response.js';
import { clock, type ErrorLog } from '../logs/writer.js';
import type { UpstreamState } from './upstream/state.js';
import type { BufferedBody } from './http/request-body.js';
import { encodeChunk, lastChunk } from './http/chunked.js';
import type { ClientReader, Connection } from './request-connection.js';
import { RequestBody } from './request-body.js';
import { Pacer } from './pacer.js';
import { browser } from './http/user-agent.js';

export type Handler<R = void> = (req: HttpRequest) => R;

/** A variable's value for a request (its name given whole), undefined when nginx finds none. */
export type Variable = (req: HttpRequest, name: string) => string | undefined;
/** `set $name value` of a variable a module lets `set` change. */
export type VariableSetter = (req: HttpRequest, value: string) => void;

/** An output header filter (modules.ts has their order): may change the fields, and give the request a body filter. */
export type HeaderFilter = (req: HttpRequest, f: ResponseFields) => ResponseFields;

/** Whether a module's header filter will take ranges away from a whole answer (HttpModule.clearsRanges). */
export type RangeJudge = (req: HttpRequest, f: ResponseFields) => boolean;

/** What a header filter installs for the body (gzip's compressor): bytes in, bytes out to `next`. */
export interface BodyFilter {
  write(b: Buffer, next: (b: Buffer) => void): void;
  /** The body is whole: pass the last bytes to `next`, then call `done`. */
  end(next: (b: Buffer) => void, done: () => void): void;
  /** The answer was cut short: drop what is held. */
  discard(): void;
  /**
   * The whole body at once, from a file kept in memory: what the filter makes of it may be kept in
   * `forms` (by the filter's settings) and sent again for the same file. Only a filter alone on the
   * answer has it (a chain's first filter could change the bytes).
   */
  whole?(b: Buffer, forms: FileForms, next: (b: Buffer) => void): void;
}

/** What output filters made of a kept file's contents: got by their settings, kept while the file is. */
export interface FileForms {
  get(key: string): Buffer | undefined;
  keep(key: string, form: Buffer): void;
}

/**
 * One handler of a phase (nginx's phase checkers' answers, made few): true when it answered the
 * request or passed it on (a redirect, a body to read); false: the next handler goes on; 'back':
 * the request goes back to the phase the table names for it (post-rewrite to find config).
 */
export type PhaseHandler = (req: HttpRequest) => boolean | 'back';

/** The phases' handlers in their order, built once for the worker from the module list (cmcf->phase_engine: phases/phases.ts). */
export interface PhaseEngine {
  handlers: readonly { handler: PhaseHandler; back?: number }[];
  /** Where a request starts, and starts again after an internal redirect (server_rewrite_index). */
  serverRewrite: number;
  /** Where a named location goes on from (location_rewrite_index). */
  locationRewrite: number;
  /** The log phase's handlers (cmcf->phases[NGX_HTTP_LOG_PHASE]), all run as the request ends. */
  log: readonly Handler[];
}

export interface Handlers {
  /** The modules' content handlers, by the name a location's conf gives (its `handler`). */
  content: ReadonlyMap<ContentHandlerName, Handler>;
  /** The server a request's listen address and Host choose (ngx_http_find_virtual_server(): phases/find-server.ts). */
  findServer: (ctx: WorkerContext, listen: ListenConf, host: string | undefined) => { server: ServerConf; match?: RegExpExecArray };
  /** nginx's own answers: error pages, redirects (handlers/special.ts). */
  special: (req: HttpRequest, code: number, location?: string, extra?: [string, string][]) => void;
  /** The output header filters, in nginx's order. */
  headerFilters: readonly HeaderFilter[];
  /** Whether any header filter will take ranges away from this whole answer. */
  clearsRanges: RangeJudge;
  /** The header filters' work the range filter sees (HttpModule.rangeHeaders), in their order. */
  rangeHeaders: HeaderFilter;
  /** Whether a filter replaces the ETag or Last-Modified that If-Range is compared with. */
  replacesValidators: (req: HttpRequest) => boolean;
  /** The not-modified filter's judgement of a 200 with these validators. */
  preconditions: (req: HttpRequest, v: Validators) => 200 | 304 | 412;
  /** The modules' variables, by name (variable-values.ts asks them). */
  variables: ReadonlyMap<string, Variable>;
  /** The modules' variables by the start of their names. */
  variablePrefixes: readonly (readonly [prefix: string, get: Variable])[];
  /** `set` of a module's settable variable (`$limit_rate`), by name. */
  variableSetters: ReadonlyMap<string, VariableSetter>;
  /** Tells the modules of a variable with no value (the rewrite module's warning). */
  uninitialized: (req: HttpRequest, name: string) => void;
  /** The phases, from the server's rewrites to the content handler, and the log phase. */
  phases: PhaseEngine;
}

export class HttpRequest {
  server: ServerConf;
  loc: LocationConf;
  /**
   * r->content_handler: the handler of the last location or true `if` that had one, kept while a
   * later `if` without one gives the settings (nginx then runs it with those: proxy_pass in one
   * `if` and a second `if` after it is a 500 "no upstream configuration"). Found anew with the location.
   */
  contentHandler?: ContentHandlerName;
  uri: ParsedUri;
  keepalive: boolean;
  /** The method the handlers see: GET after an error_page redirect of a POST. */
  method: string;
  status = 0;
  bodyBytesSent = 0;
  headerSent = false;
  done = false;
  /** An error page was used (r->error_page): no second one for this request. */
  errorPage = false;
  /** r->err_status: the status that overrides the page's own, after error_page (0: none). */
  errorStatus = 0;
  /**
   * The last regular expression's captures (a regex location's, a rewrite's, an if's), `[0]` the
   * whole match: `$1`..`$9` in the values that use them (ngx_http_regex_exec()'s r->captures).
   */
  captures: string[] = [];
  /** Variables `set` gives a value (ngx_http_rewrite_module's), by name; a regex's named captures too. */
  readonly variables = new Map<string, string>();
  /**
   * Headers set before the handler that answers (an intercepted 401's WWW-Authenticate): they
   * stay through an error_page's redirect and lead the answer's own, as in r->headers_out.headers.
   */
  readonly headersOut: [string, string][] = [];
  /** r->headers_out.content_type set before the handler (an X-Accel-Redirect's upstream's): ngx_http_set_content_type() keeps it. */
  presetContentType?: string;
  /** The head's Date, taken before the header filters run: an `expires` time counts from the same second (nginx's cached time). */
  date = '';
  /** What the request is doing, for log lines that do not say (nginx's c->log->action): set while an upstream's head is passed on. */
  action?: string;
  /** r->valid_unparsed_uri: the URI is still the client's (no internal redirect or rewrite yet). */
  validUnparsedUri = true;
  /** r->add_uri_to_alias: try_files found a file for a regex location's alias, which the URI now follows. */
  addUriToAlias = false;
  /** r->uri_changed: a rewrite changed the URI, and the location is to be chosen again. */
  uriChanged = false;
  /** An internal redirect's location is yet to be found (find config then spares a body already read). */
  redirected = false;
  /** r->uri_changes: URI changes left (rewrites and internal redirects) before nginx's cycle 500. */
  private uriChanges = 11;
  /** r->valid_location: false after a `break` that kept a rewritten URI (proxy_pass then passes it whole). */
  validLocation = true;
  /**
   * r->headers_out.location of a `return` or a rewrite's redirect: the answer that follows has it,
   * an error page served for the redirect's status too.
   */
  outLocation?: string;
  /** The upstream URL of the last attempt, kept for later lines of the request, as nginx does. */
  upstreamName?: string;
  /** Each attempt at an upstream peer (r->upstream_states): the $upstream_* variables. */
  readonly upstreamStates: UpstreamState[] = [];
  /** The answer's head as the header filters left it: the $sent_http_* variables. */
  sent?: ResponseFields;
  /** The head's bytes on the wire (r->header_size): $bytes_sent is it and $body_bytes_sent. */
  headerSize = 0;
  /** The head's bytes read (with the body's: r->request_length). */
  private readonly headLength: number;
  /** Read with the request before it on the connection (r->pipeline): $pipe. */
  pipelined = false;
  /** Its body: read, passed on or dropped (r->request_body). */
  readonly body: RequestBody;
  /** What hears that the client went away before the request was done (the upstream's). */
  private readonly closeListeners: (() => void)[] = [];
  private readonly endListeners: (() => void)[] = [];
  readonly startedAt = Date.now();
  /** The header filters' body filters for this answer (ssi's, gzip's), chained in their order, fed what the handler writes. */
  bodyFilter?: BodyFilter;
  /** r->parent: the request this one is a subrequest of (subrequest.ts); undefined for the client's own. */
  readonly parent?: HttpRequest;
  /** r->expect_trailers: the answer goes chunked, for the trailer fields its end brings. */
  expectTrailers = false;
  /** r->headers_out.trailers: the fields after the last chunk (add_trailer's). */
  readonly trailers: [string, string][] = [];
  /** nginx's own page answered this subrequest (an error, not its handler's output): an SSI stub stands in for it. */
  specialAnswer = false;
  /** The answer's body goes out in chunks (ngx_http_chunked_filter_module). */
  private chunked = false;
  /** Whether the client's connection took the last bytes written (false: wait for `drain`). */
  private taken = true;
  /** r->limit_rate: from `set $limit_rate`, else limit_rate once the response starts; undefined before. */
  limitRate?: number;
  /** The body's bytes at limit_rate (ngx_http_write_filter()). */
  private pacer?: Pacer;
  private log: ErrorLog;

  constructor(
    readonly conn: Connection,
    readonly head: RequestHead,
    readonly ctx: WorkerContext,
    readonly handlers: Handlers,
    /**
     * `refused`: refused while its head was read (no body is read, and the connection closes after
     * the page); `headLength`: the head's bytes; `preread`: the body's bytes read with the head.
     */
    o: { refused?: boolean; headLength?: number; preread?: number; parent?: HttpRequest } = {},
  ) {
    this.parent = o.parent;
    // The host of an absolute request-target wins over the Host header, as in nginx.
    const found = handlers.findServer(ctx, conn.listen, head.uri.host ?? head.host);
    this.server = found.server;
    if (found.match) this.takeCaptures(found.match);
    this.loc = this.server.base;
    this.uri = head.uri;
    this.log = ctx.errorLogFor(this.loc);
    this.method = head.method;
    this.keepalive = !o.refused && (head.version === 11 ? head.connection !== 'close' : head.version === 10 && head.connection === 'keep-alive');
    this.headLength = o.headLength ?? 0;
    this.body = new RequestBody(this, o.preread ?? 0, !!o.refused);
  }

  /** r->request_length: the head's bytes and the body's read so far. */
  get requestLength(): number {
    return this.headLength + this.body.received;
  }

  /**
   * The request context of error-log lines, in nginx's order. `headers`: the header lines read so
   * far, for a line written while the head is being read (its Host and Referer, if already seen).
   */
  logContext(upstream?: string, headers: HeaderField[] = this.head.headers): LogContext {
    const c: LogContext = {
      client: this.conn.remoteAddress,
      server: this.server.name,
      request: this.head.requestLine,
      subrequest: this.parent ? this.uri.uri : undefined,
      upstream: upstream ?? this.upstreamName,
    };
    const host = headers.find((h) => h.key === 'host')?.value;
    if (host !== undefined) c.host = host;
    const ref = headers.find((h) => h.key === 'referer')?.value;
    if (ref !== undefined) c.referrer = ref;
    return c;
  }

  /** ngx_http_regex_exec(): a match with groups makes its captures the request's ($1..$9), its named groups variables. */
  takeCaptures(match: RegExpExecArray): void {
    if (match.length > 1) this.captures = [...match].map((c) => c ?? '');
    for (const [name, value] of Object.entries(match.groups ?? {})) this.variables.set(name, value ?? '');
  }

  header(key: string): string | undefined {
    return this.head.headers.find((h) => h.key === key)?.value;
  }

  logError(level: Level, message: string, o: { errno?: ErrnoName; action?: string; upstream?: string; headers?: HeaderField[] } = {}): void {
    if (!this.log.enabled(level)) return;
    this.log.write(level, {
      conn: this.conn.number,
      message,
      errno: o.errno ? this.ctx.os.errno(o.errno) : undefined,
      action: o.action ?? this.action,
      ...this.logContext(o.upstream, o.headers),
    });
  }

  /** ngx_log_debug(): a [debug] line, which has no request context (nginx is built --with-debug, and so says `-V`). */
  debug(message: string): void {
    if (this.log.debugs) this.log.write('debug', { conn: this.conn.number, message });
  }

  /** Runs the request (its URI was parsed with the request line): its phases, from the server's rewrites. */
  run(): void {
    this.runPhases(this.handlers.phases.serverRewrite);
  }

  /** The phase handler running, or the one that holds the request (its NGX_AGAIN: limit_req's delay). */
  private phaseAt = 0;

  /** A handler that held the request lets it go on: the phases run again from it (r->write_event_handler = ngx_http_core_run_phases). */
  resumePhases(): void {
    if (!this.done) this.runPhases(this.phaseAt);
  }

  /** ngx_http_core_run_phases(): from handler `at` on, until one answers or passes the request on. */
  private runPhases(at: number): void {
    const phases = this.handlers.phases.handlers;
    while (at < phases.length) {
      this.phaseAt = at;
      const next = phases[at].handler(this);
      if (next === true) return;
      at = next === 'back' ? phases[at].back! : at + 1;
    }
  }

  /**
   * ngx_http_internal_redirect(): the location is chosen again for `uri` (an index file; an error
   * page, whose `args` replace the request's, asked as a GET unless it was a HEAD).
   */
  internalRedirect(uri: string, o: { args?: string; asGet?: boolean } = {}): void {
    if (this.uriCycle(`rewrite or internal redirection cycle while internally redirecting to "${uri}"`)) return;
    if (o.asGet) this.method = this.method === 'HEAD' ? 'HEAD' : 'GET';
    this.uri = { ...this.uri, uri, args: o.args ?? this.uri.args };
    this.validUnparsedUri = false;
    this.addUriToAlias = false;
    this.redirected = true;
    // The server's settings again (a request starts with them).
    this.useLocation(this.server.base);
    this.runPhases(this.handlers.phases.serverRewrite);
  }

  /** ngx_http_named_location(): `@name` serves the request as it is, its URI unchanged. */
  namedLocation(name: string): void {
    if (this.uriCycle(`rewrite or internal redirection cycle while redirect to named location "${name}"`)) return;
    const loc = this.server.named.find((l) => l.path === name);
    if (!loc) {
      this.logError('error', `could not find named location "${name}"`);
      this.special(500);
      return;
    }
    this.contentHandler = undefined;
    this.useLocation(loc);
    // On from its rewrite phase, as nginx's r->phase_handler = location_rewrite_index.
    this.runPhases(this.handlers.phases.locationRewrite);
  }

  /**
   * ngx_http_read_client_request_body(r, post_handler): the body, whole (in memory, or in a temp
   * file past client_body_buffer_size), then `post`, the content handler that needs it. A body
   * refused on the way (too large, badly chunked) is answered 413 or 400 instead. With `onData`,
   * each piece goes there as it comes instead of being kept. True while the body is still being read.
   */
  readBody(post: (body: BufferedBody | undefined) => void, onData?: (b: Buffer) => void): boolean {
    return this.body.read((e) => {
      if (e.kind === 'done') {
        post(e.body);
        return;
      }
      this.keepalive = false;
      if (e.kind === 'temp-file') {
        // ngx_create_temp_file(), ngx_create_path(), ngx_write_chain_to_temp_file(): [crit], and a 500 whose body is left unread.
        const os = this.ctx.os;
        const fn = { open: os.openFileFn, mkdir: os.createDirFn, write: os.writeFileFn, writev: os.writeChainFn }[e.op];
        const errno = e.op === 'write' || e.op === 'writev' ? writeErrno(e.code) : e.code === 'EACCES' ? 'EACCES' : 'ENOENT_PATH';
        this.logError('crit', `${fn} "${this.ctx.displayPath(e.path)}" failed`, { errno });
        this.special(500);
        return;
      }
      this.logError('error', e.message);
      this.special(e.kind === 'too-large' ? 413 : 400);
    }, onData);
  }

  /**
   * ngx_http_discard_request_body(): the answer does not wait for a body nobody needs; what has
   * come is dropped now, the rest as it comes, before the next request on the connection. A body
   * found not to parse meanwhile makes `body.invalid` true (a static answer becomes a 400).
   */
  discardBody(): void {
    this.body.discard((message) => {
      this.keepalive = false;
      this.logError('error', message);
    });
  }

  /** ngx_http_update_location_config(): the settings the request runs with, a location's or an `if`'s. */
  useLocation(loc: LocationConf): void {
    // A method limit_except does not name gets its block's settings.
    if (loc.limitExcept && !loc.limitExcept.allowed.has(this.method)) loc = loc.limitExcept.conf;
    this.loc = loc;
    if (loc.handler !== 'static') this.contentHandler = loc.handler;
    this.log = this.ctx.errorLogFor(loc);
    if (this.keepalive && !this.keepsAliveIn(loc)) this.keepalive = false;
  }

  /** The location's own keep-alive limits, and the browsers it keeps no connection alive for. */
  private keepsAliveIn(loc: LocationConf): boolean {
    if (loc.keepaliveTimeoutMs === 0 || this.conn.requests >= loc.keepaliveRequests) return false;
    if (Date.now() - this.conn.startedAt > loc.keepaliveTimeMs) return false;
    const { msie6, safari } = browser(this.header('user-agent'));
    // MSIE may wait a while after a POST's answer on a kept-alive connection; Safari may send a POST on one that has closed.
    return !(msie6 && this.head.method === 'POST' && loc.keepaliveDisable.msie6) && !(safari && loc.keepaliveDisable.safari);
  }

  /** No URI change left: after a cycle's 500, nginx's own page answers, not an error_page. */
  get cycled(): boolean {
    return this.uriChanges <= 0;
  }

  /**
   * r->uri_changes: one URI change more (a rewrite that chooses the location again, an internal
   * redirect); the eleventh is nginx's [error] `message` and a 500 (true).
   */
  uriCycle(message: string): boolean {
    if (--this.uriChanges > 0) return false;
    this.logError('error', message);
    this.special(500);
    return true;
  }

  /**
   * ngx_http_header_filter()'s Location for a path nginx set (a redirect's, proxy_redirect's):
   * `http://` and the host (the server's first name under server_name_in_redirect, else the
   * request's valid Host, else the local address, printed as ngx_sock_ntop() prints it without a port:
   * an IPv6 address without brackets, `http://::1:8080/api/`, as nginx 1.22.1 really does) and
   * the listen port (unless 80, or port_in_redirect off). With absolute_redirect off, the path as
   * it is (formatResponseHead() then writes it among the other headers, not in its own place).
   */
  absoluteUrl(path: string): string {
    const loc = this.loc;
    if (!loc.absoluteRedirect) return path;
    const given = this.uri.host ?? this.head.host;
    // An invalid Host (its 400 sent through error_page) leaves no host name: the local address it is.
    const host = loc.serverNameInRedirect ? this.server.name : (given !== undefined && hostName(given)) || this.conn.localAddress;
    const port = this.conn.listen.port;
    return `http://${host}${port === 80 || !loc.portInRedirect ? '' : ':' + port}${path}`;
  }

  redirect(code: 301 | 302, path: string): void {
    this.special(code, this.absoluteUrl(path));
  }

  /**
   * Answers with one of nginx's own statuses (handlers/special.ts): through `error_page` when the
   * location has one for it, else with nginx's built-in page.
   */
  special(code: number, location?: string, extra?: [string, string][]): void {
    if (this.parent) this.specialAnswer = true;
    this.handlers.special(this, code, location, extra);
  }

  /**
   * Sends a whole response: head and, unless HEAD, the body. `forms`: the body is a kept file's
   * whole contents, and what a lone body filter makes of it may be kept with it.
   */
  respond(f: ResponseFields, body?: Buffer | Readable, forms?: FileForms): void {
    this.sendHead(f);
    if (!body || this.method === 'HEAD' || this.head.method === 'HEAD') {
      if (body && !Buffer.isBuffer(body)) body.destroy();
      this.finish();
      return;
    }
    if (Buffer.isBuffer(body)) {
      const filter = this.bodyFilter;
      if (forms && filter?.whole) {
        this.bodyFilter = undefined;
        filter.whole(body, forms, this.send);
        this.endBody();
        return;
      }
      this.write(body);
      this.finish();
      return;
    }
    body.on('data', (c: Buffer) => {
      if (!this.write(c)) {
        body.pause();
        this.onDrain(() => body.resume());
      }
    });
    body.on('end', () => this.finish());
    body.on('error', () => this.abort());
  }

  /**
   * ngx_http_send_header(): the header filters (the modules', in modules.ts's order), then the chunked filter: a
   * body of unknown length goes in chunks to an HTTP/1.1 client (unless chunked_transfer_encoding
   * is off), and else ends the connection; then the head as ngx_http_header_filter() writes it. Returns the fields as the
   * filters left them (autoindex reads the charset the charset filter gave its listing).
   */
  sendHead(f: ResponseFields): ResponseFields {
    // After error_page, its status is the answer's, whoever answers; `=200` leaves the filters
    // that come after it (ranges, conditions) their own statuses.
    if (this.errorStatus && !(this.errorStatus === 200 && [206, 304, 412, 416].includes(f.status))) f = { ...f, status: this.errorStatus, statusLine: undefined };
    if (this.headersOut.length) f = { ...f, extra: [...this.headersOut, ...(f.extra ?? [])] };
    this.date = clock.http();
    if (this.outLocation !== undefined && f.location === undefined && !f.extra?.some(([n]) => n === 'Location')) f = this.withLocation(f, this.outLocation);
    for (const filter of this.handlers.headerFilters) f = filter(this, f);
    // A subrequest's head is never sent (ngx_http_header_filter(): r != r->main); its body goes to its parent.
    if (this.parent) {
      this.status = f.status;
      this.headerSent = true;
      this.sent = f;
      return f;
    }
    // ngx_http_header_filter(): a worker shutting down keeps no connection alive.
    if (this.ctx.exiting) this.keepalive = false;
    if ((f.contentLength === undefined || this.expectTrailers) && !f.upgrade && this.hasBody(f.status)) {
      if (this.head.version === 11 && this.loc.chunkedTransferEncoding) f = { ...f, contentLength: undefined, chunked: (this.chunked = true) };
      else if (f.contentLength === undefined) this.keepalive = false;
    }
    // $status is what went on the wire: a 494 is logged as the 400 it was sent as.
    this.status = statusOnWire(f.status);
    this.headerSent = true;
    this.sent = f;
    if (this.head.version !== 9) {
      const head = formatResponseHead(f, this.keepalive, { version: this.ctx.version, tokens: this.loc.serverTokens, date: this.date, keepaliveHeader: this.loc.keepaliveHeader });
      this.headerSize = head.length;
      this.conn.write(head);
      this.pacer?.count(head.length);
    }
    return f;
  }

  /**
   * ngx_http_header_filter(): a Location that starts with `/` made absolute in its place after
   * Content-Length; any other as it is, the first of the headers after Connection.
   */
  private withLocation(f: ResponseFields, url: string): ResponseFields {
    if (url.startsWith('/')) return { ...f, location: this.absoluteUrl(url) };
    return { ...f, extra: [['Location', url], ...(f.extra ?? [])] };
  }

  /** r->header_only's opposite: an answer with this status to this request has a body. */
  hasBody(status: number): boolean {
    return this.method !== 'HEAD' && this.head.method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304;
  }

  /** An upstream's HTTP/0.9 answer goes on without a status line or headers: `009` in the access log. */
  sendHttp09(): void {
    this.status = 9;
    this.headerSent = true;
  }

  /** A header filter's body filter, after those installed before it (the filters' order is the body's). */
  addBodyFilter(next: BodyFilter): void {
    const first = this.bodyFilter;
    this.bodyFilter = !first
      ? next
      : {
          write: (b, out) => first.write(b, (x) => next.write(x, out)),
          end: (out, done) => first.end((x) => next.write(x, out), () => next.end(out, done)),
          discard: () => {
            first.discard();
            next.discard();
          },
        };
  }

  /** The body's bytes, through the answer's body filter if it has one; false when the client cannot take more now. */
  write(b: Buffer): boolean {
    if (this.bodyFilter) this.bodyFilter.write(b, this.send);
    else this.send(b);
    return this.taken && !this.pacer?.busy;
  }

  /** The response goes at `rate` bytes a second after its first `after` (limit_rate's header filter). */
  pace(rate: number, after: number): void {
    this.pacer = new Pacer(rate, after, this.startedAt, (p) => (this.taken = this.conn.write(p)));
  }

  /** To the client, framed as a chunk when the answer is chunked; counted in $body_bytes_sent. */
  private readonly send = (b: Buffer): void => {
    if (!b.length) return;
    const parts = this.chunked ? encodeChunk(b) : [b];
    for (const p of parts) {
      this.bodyBytesSent += p.length;
      if (this.pacer) this.pacer.push(p);
      else this.taken = this.conn.write(p);
    }
  };

  /** The response has gone out whole: the body filter's last bytes, the last chunk, then the log. */
  finish(): void {
    const filter = this.bodyFilter;
    this.bodyFilter = undefined;
    if (!filter) return this.endBody();
    filter.end(this.send, () => this.endBody());
  }

  private endBody(): void {
    if (this.chunked) {
      this.chunked = false;
      this.send(lastChunk(this.trailers));
    }
    if (this.pacer) this.pacer.onIdle(() => this.finalize());
    else this.finalize();
  }

  /**
   * The client gets no (more) response: the connection closes; the access log still gets its line.
   * `drop`: what was written and postponed never goes out (nginx closing without a flush).
   */
  abort(o: { drop?: boolean } = {}): void {
    if (this.done) return;
    this.keepalive = false;
    this.bodyFilter?.discard();
    this.bodyFilter = undefined;
    this.pacer?.discard();
    this.conn.abort(o);
    this.finalize();
  }

  /**
   * The client went away before the request was done: while its body was read
   * (ngx_http_do_read_client_request_body(): an [info] line, and a 400), or before its answer
   * (nginx's 499, client closed request).
   */
  clientClosed(): void {
    for (const cb of this.closeListeners.splice(0)) cb();
    const readingBody = this.body.beingRead;
    this.body.stop();
    if (readingBody) {
      // ngx_http_do_read_client_request_body(): 0 bytes read, or recv()'s own failure line.
      if (this.conn.resetByPeer) this.logError('info', `${this.ctx.os.recvFn} failed`, { errno: 'ECONNRESET' });
      else this.logError('info', 'client prematurely closed connection');
      this.finalize(400);
    } else this.finalize(this.headerSent ? undefined : 499);
  }

  /**
   * The one end of every request (ngx_http_finalize_request() and its log phase): `status`, when
   * given, is what the access log shows (nothing was sent, or not the whole answer); the line is
   * written, then the connection hears that the request is done.
   */
  finalize(status?: number): void {
    if (this.done) return;
    this.done = true;
    if (status !== undefined) this.status = status;
    // log_subrequest off: a subrequest has no access-log line of its own.
    if (!this.parent) {
      // ngx_http_upstream_finalize_request(), before the log phase: an attempt still under way ends with the request.
      for (const s of this.upstreamStates) if (s.responseTime < 0) s.responseTime = Date.now() - s.start;
      // ngx_http_free_request(), then ngx_http_log_request().
      this.debug('http close request');
      for (const log of this.handlers.phases.log) log(this);
    }
    this.closeListeners.length = 0;
    for (const cb of this.endListeners.splice(0)) cb();
    this.body.finalize();
    this.conn.requestDone(this);
  }

  /** Calls `cb` when the request has ended and is logged (a cleanup of r->pool). */
  onEnd(cb: () => void): void {
    this.endListeners.push(cb);
  }

  /** Calls `cb` if the client goes away before the request is done. */
  onClose(cb: () => void): void {
    this.closeListeners.push(cb);
  }

  /** The client's connection is closed (gone, or closed by the request). */
  get connectionClosed(): boolean {
    return this.conn.closed;
  }

  /** The client reset its connection (ECONNRESET) rather than closing it. */
  get resetByPeer(): boolean {
    return this.conn.resetByPeer;
  }

  /** Calls `cb` once the client can take more (after write() said it could not). */
  onDrain(cb: () => void): void {
    if (this.pacer?.busy) this.pacer.onIdle(cb);
    else this.conn.onDrain(cb);
  }

  /** postpone_output for this answer: short output waits for more, or for its end. */
  postpone(on: boolean): void {
    this.conn.postpone(on);
  }

  /** r->read_event_handler: the client's bytes go to `reader` from now on (a tunnel after a 101); undefined: to nobody. */
  readClient(reader: ClientReader | undefined): void {
    if (reader) this.conn.readBy(reader);
    else this.conn.readDone();
  }

}
