// The part of sky-server that sits between the socket and the controller: Tomcat's URI decoding and
// normalisation, Spring MVC's handler lookup (404, 405, OPTIONS, trailing-slash match), the
// JwtTokenAdminInterceptor registered in WebMvcConfiguration, and the error pages of Spring Boot's
// BasicErrorController (and Tomcat's own, for URIs Tomcat rejects).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { percentDecode } from './binding.js';
import { BusinessError, SpringError } from './errors.js';

export { BusinessError, SpringError };
import type { AdminTokens } from './token.js';

/** The one path `excludePathPatterns` leaves outside the token check. */
export const LOGIN_PATH = '/admin/employee/login';
/** The stand-in's own path for uploaded images: an `<img>` sends no token, so it is exempt too. */
export const DOWNLOAD_PATH = '/admin/common/download';
const OPEN_PATHS = new Set([LOGIN_PATH, DOWNLOAD_PATH]);

/** What the controller gets for one request. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** `{name}` path variables, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The raw query string, without `?`. */
  readonly query: string;
  /** The server clock (ms) when the request was dispatched. */
  readonly now: number;
  /** The token's empId (BaseContext.getCurrentId()); null on the paths without a token check. */
  readonly empId: number | null;
}

export interface Route {
  method: string;
  /** An Ant-style pattern with `{name}` segments, e.g. `/admin/employee/{id}`. */
  path: string;
  handle(x: Exchange): void | Promise<void>;
}

/** Past this many unread request-body bytes Tomcat stops swallowing and closes (maxSwallowSize). */
const SWALLOW_LIMIT = 2 * 1024 * 1024;
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
const JSON_HEADERS = { 'Content-Type': 'application/json' };
/** Tomcat's Http11Processor.statusDropsConnection: an answer with one of these ends the connection. */
const DROPS_CONNECTION = new Set([400, 408, 411, 413, 414, 500, 501, 503]);

interface CompiledRoute extends Route {
  segments: readonly string[];
}

/** A route whose pattern matches a path, and the path's variables. */
interface RouteMatch {
  route: CompiledRoute;
  params: Readonly<Record<string, string>>;
}

/** The routes by their first two segments (`admin/employee`): a request is matched against its
 *  resource's handful, not all of them. No route has a variable there. */
type RouteIndex = Map<string, readonly CompiledRoute[]>;

const resourceOf = (segments: readonly string[]) => `${segments[0]}/${segments[1]}`;

function indexRoutes(routes: readonly Route[]): RouteIndex {
  const index = new Map<string, CompiledRoute[]>();
  for (const r of routes) {
    const segments = r.path.split('/').filter(Boolean);
    const key = resourceOf(segments);
    index.set(key, [...(index.get(key) ?? []), { ...r, segments }]);
  }
  return index;
}

export class Dispatcher {
  readonly #load: () => Promise<readonly Route[]>;
  #loading?: Promise<RouteIndex>;
  #routes?: RouteIndex;
  readonly #matched = new Map<string, readonly RouteMatch[]>();
  readonly #tokens: AdminTokens;
  readonly #now: () => number;

  /** `routes` (loaded with the first request: the controllers are most of the server's modules, and a
   *  stack is up sooner without them) in the order Spring would prefer them: literal paths before
   *  `{variable}` ones. */
  constructor(routes: () => Promise<readonly Route[]>, tokens: AdminTokens, now: () => number) {
    this.#load = routes;
    this.#tokens = tokens;
    this.#now = now;
  }

  /** Answers one request; never throws, and never rejects. Synchronous (no promise) when the
   *  controllers are loaded, the token was seen before and the handler answers at once: the common
   *  case, and the admin server is the upstream of the proxy benchmarks. */
  handle(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const now = this.#now();
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const rawPath = stripAbsoluteForm(q < 0 ? target : target.slice(0, q));
    const path = tomcatPath(rawPath);
    if (path === undefined) return sendTomcatError(req, res, 400);
    const query = q < 0 ? '' : target.slice(q + 1);
    const fail = (err: unknown) => failed(req, res, err, target, rawPath, now);
    try {
      const routes = this.#routes;
      const done = routes ? this.#dispatch(routes, req, res, path, query, now) : this.#index().then((index) => this.#dispatch(index, req, res, path, query, now));
      if (done) return done.catch(fail);
    } catch (err) {
      fail(err);
    }
  }

  /** Spring's handler lookup, the interceptor, then the handler; throws (or rejects) what fails. */
  #dispatch(index: RouteIndex, req: IncomingMessage, res: ServerResponse, path: string, query: string, now: number): void | Promise<void> {
    const matches = this.#matches(index, path);
    // No handler at all: a 404 before any interceptor runs, with or without a token.
    if (matches.length === 0) throw new SpringError(404);
    const chosen = matches.find((m) => m.route.method === req.method || (m.route.method === 'GET' && req.method === 'HEAD'));
    if (!chosen && req.method !== 'OPTIONS') throw new SpringError(405, { Allow: [...new Set(matches.map((m) => m.route.method))].join(', ') });
    const answer = (empId: number | null | undefined): void | Promise<void> => {
      if (empId === undefined) return sendEmpty(req, res, 401);
      // Spring's HttpOptionsHandler also names the PATCH media types it reads: none, an empty header.
      if (!chosen) return sendEmpty(req, res, 200, { Allow: optionsAllow(matches.map((m) => m.route.method)), 'Accept-Patch': '' });
      return chosen.route.handle({ req, res, params: chosen.params, query, now, empId });
    };
    // JwtTokenAdminInterceptor on `/admin/**` minus the login path: the raw JWT in header `token`.
    if (OPEN_PATHS.has(path) || !(path === '/admin' || path.startsWith('/admin/'))) return answer(null);
    const token = firstHeader(req, 'token');
    const known = token ? this.#tokens.verifyKnown(token, now) : undefined;
    return known === null ? this.#tokens.verify(token, now).then(answer) : answer(known);
  }

  /** The routes whose pattern matches `path`, whatever their method, in order of preference, with
   *  their path variables; kept per path (bounded), as the routes never change once loaded. */
  #matches(index: RouteIndex, path: string): readonly RouteMatch[] {
    let matches = this.#matched.get(path);
    if (!matches) {
      const segments = path.split('/').filter(Boolean); // Ant matching ignores a trailing slash
      const found: RouteMatch[] = [];
      for (const route of index.get(resourceOf(segments)) ?? []) {
        const params = matchSegments(route.segments, segments);
        if (params) found.push({ route, params: Object.freeze(params) });
      }
      if (this.#matched.size >= 4096) this.#matched.clear();
      this.#matched.set(path, (matches = found));
    }
    return matches;
  }

  /** The route patterns, e.g. `/admin/employee/{id}` (loading the controllers if no request has yet). */
  async paths(): Promise<string[]> {
    return [...new Set([...(await this.#index()).values()].flat().map((r) => r.path))];
  }

  /** The answer the real server gives with `status` of its own accord: the interceptor's empty 401,
   *  an empty 503 (Tomcat while the application is unavailable), else Spring's error page. */
  answerStatus(req: IncomingMessage, res: ServerResponse, status: number): void {
    answerStatus(req, res, status, this.#now());
  }

  async #index(): Promise<RouteIndex> {
    return this.#routes ?? (this.#routes = await (this.#loading ??= this.#load().then(indexRoutes)));
  }
}

/** What a request that failed is answered: Result.error for a BusinessError, else Spring's error page
 *  (500, logged, for anything unexpected). */
function failed(req: IncomingMessage, res: ServerResponse, err: unknown, target: string, rawPath: string, now: number): void {
  if (err instanceof BusinessError) return send(req, res, 200, JSON_HEADERS, `{"code":0,"msg":${JSON.stringify(err.msg)},"data":null}`);
  if (!(err instanceof SpringError)) process.stderr.write(`admin server: ${req.method} ${target}: ${(err as Error)?.stack ?? err}\n`);
  const status = err instanceof SpringError ? err.status : 500;
  sendSpringError(req, res, status, rawPath, now, err instanceof SpringError ? err.headers : {});
}

function matchSegments(pattern: readonly string[], path: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== path.length) return undefined;
  let vars: Record<string, string> | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith('{')) (vars ??= {})[p.slice(1, -1)] = path[i];
    else if (p !== path[i]) return undefined;
  }
  return vars ?? NO_PARAMS;
}

/** The Allow header of Spring's HTTP OPTIONS handler: each method, HEAD after GET, then OPTIONS. */
function optionsAllow(methods: readonly string[]): string {
  const all = new Set<string>();
  for (const m of methods) {
    all.add(m);
    if (m === 'GET') all.add('HEAD');
  }
  all.add('OPTIONS');
  return [...all].join(',');
}

/** Tomcat's getHeader: the first line of that name, not Node's comma-joined list. */
function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === name.length && raw[i].toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}

/** `GET http://host:8080/path` (absolute form) means `/path`. */
/** The answer Spring Boot gives with `status` of its own accord (admin.status): an empty 401 or 503
 *  (the token interceptor's, a server still starting), else BasicErrorController's error JSON. */
export function answerStatus(req: IncomingMessage, res: ServerResponse, status: number, now: number): void {
  if (status === 401 || status === 503) return sendEmpty(req, res, status);
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  sendSpringError(req, res, status, stripAbsoluteForm(q < 0 ? target : target.slice(0, q)), now, {});
}

function stripAbsoluteForm(path: string): string {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/.exec(path);
  return m ? path.slice(m[0].length) || '/' : path;
}

/** Tomcat's CoyoteAdapter: drop `;params` from each segment, %-decode as UTF-8 (U+FFFD for bad
 *  bytes), then normalise `//`, `.` and `..`. undefined where Tomcat answers 400 itself: not
 *  starting with `/`, a broken %-escape, an encoded `/` or `\`, a backslash, NUL, or `..` above the root. */
export function tomcatPath(rawPath: string): string | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  if (!/[%;\\\0]|\/\/|\/\.|[^\x21-\x7e]/.test(rawPath)) return rawPath; // the common case: nothing to do
  let path = rawPath.replace(/;[^/]*/g, '');
  if (/%2f|%5c/i.test(path)) return undefined; // encodedSolidusHandling=reject
  const bytes = percentDecode(path, false);
  if (!bytes) return undefined;
  path = bytes.toString('utf8');
  if (path.includes('\\') || path.includes('\0')) return undefined;
  const out: string[] = [];
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i];
    const last = i === segments.length - 1;
    if (s === '.' || s === '..') {
      if (s === '..' && out.pop() === undefined) return undefined;
      if (last) out.push('');
    } else if (s !== '' || last) {
      out.push(s);
    }
  }
  return '/' + out.join('/');
}

/** A Result or other JSON the controller returns: Content-Type application/json and no Content-Length,
 *  as Tomcat streams it (chunked to HTTP/1.1 clients, read-until-close to HTTP/1.0 ones). */
export function sendJson(x: Exchange, body: string | Buffer): void {
  send(x.req, x.res, 200, JSON_HEADERS, body);
}

/** Any other answer of a controller (a file, the workbook): the same path out as JSON. */
export function sendBody(x: Exchange, headers: OutgoingHttpHeaders, body: string | Buffer): void {
  send(x.req, x.res, 200, headers, body);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string | Buffer): void {
  if (res.headersSent || res.destroyed) return;
  closeIfBodyLeft(req, res);
  afterSwallow(req, () => {
    if (res.destroyed) return;
    res.writeHead(status, headers); // the head goes out before Node knows the body's length: no Content-Length
    res.end(body);
  });
}

/** A response with no body at all (Content-Length: 0), as the interceptor's 401. */
function sendEmpty(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.destroyed) return;
  closeIfBodyLeft(req, res);
  afterSwallow(req, () => {
    if (res.destroyed) return;
    res.writeHead(status, { ...headers, 'Content-Length': '0' });
    res.end();
  });
}

/**
 * Tomcat reads (swallows) a request body it answered without using, up to maxSwallowSize, before it
 * closes the connection. Node would close at once with the rest unread, and the kernel would reset
 * it under a client still sending (nginx: "WSASend() failed (10054) while sending request to
 * upstream", where the real server gets the answer through). So the answer goes once the body is in.
 */
function afterSwallow(req: IncomingMessage, answer: () => void): void {
  const length = Number(req.headers['content-length'] ?? 0);
  if (req.complete || req.readableEnded || !(length > 0) || length > SWALLOW_LIMIT) return answer();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    answer();
  };
  req.once('end', once);
  req.once('close', once);
  req.resume();
}

/** Node drains an unread request body before the next request on the connection; past Tomcat's
 *  maxSwallowSize, or of unknown length, the connection is closed instead. */
function closeIfBodyLeft(req: IncomingMessage, res: ServerResponse): void {
  if (!req.complete && (Number(req.headers['content-length'] ?? 0) > SWALLOW_LIMIT || req.headers['transfer-encoding'])) {
    res.setHeader('Connection', 'close');
  }
}

/** BasicErrorController: JSON for API clients, the Whitelabel page for browsers. The app's
 *  JacksonObjectMapper writes the java.util.Date timestamp as epoch milliseconds; no message field
 *  (server.error.include-message defaults to never). */
function sendSpringError(req: IncomingMessage, res: ServerResponse, status: number, path: string, now: number, headers: OutgoingHttpHeaders): void {
  if (res.headersSent) return void res.destroy();
  const error = STATUS_CODES[status] ?? 'Unknown';
  const closing = DROPS_CONNECTION.has(status) ? { Connection: 'close' } : {};
  if (prefersHtml(req.headers.accept)) {
    const body = '<html><body><h1>Whitelabel Error Page</h1><p>This application has no explicit mapping for /error, so you are seeing this as a fallback.</p>'
      + `<div id='created'>${javaDate(now)}</div><div>There was an unexpected error (type=${error}, status=${status}).</div></body></html>`;
    return send(req, res, status, { ...headers, 'Content-Type': 'text/html;charset=UTF-8', ...closing }, body);
  }
  const body = `{"timestamp":${now},"status":${status},"error":${JSON.stringify(error)},"path":${JSON.stringify(path)}}`;
  send(req, res, status, { ...headers, ...JSON_HEADERS, ...closing }, body);
}

/** Tomcat's ErrorReportValve page (showReport and showServerInfo off, as Spring Boot sets them). */
function sendTomcatError(req: IncomingMessage, res: ServerResponse, status: number): void {
  const title = `HTTP Status ${status} – ${STATUS_CODES[status]}`;
  const style = 'body {font-family:Tahoma,Arial,sans-serif;} h1, h2, h3, b {color:white;background-color:#525D76;} h1 {font-size:22px;} h2 {font-size:16px;} h3 {font-size:14px;} p {font-size:12px;} a {color:black;} .line {height:1px;background-color:#525D76;border:none;}';
  const body = `<!doctype html><html lang="en"><head><title>${title}</title><style type="text/css">${style}</style></head><body><h1>${title}</h1></body></html>`;
  send(req, res, status, { 'Content-Type': 'text/html;charset=utf-8', 'Content-Language': 'en', Connection: 'close' }, body);
}

/** BasicErrorController's errorHtml wins when text/html comes before application/json in Accept
 *  (a browser's navigation); axios's `application/json, text/plain, *\/*` and curl's `*\/*` get JSON. */
function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || html < json;
}

/** java.util.Date#toString, in UTC: `Sat Jul 08 03:07:59 UTC 2023`. */
function javaDate(ms: number): string {
  const d = new Date(ms);
  const [weekday, , month] = d.toUTCString().split(' ');
  const two = (n: number) => String(n).padStart(2, '0');
  return `${weekday.slice(0, 3)} ${month} ${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}
