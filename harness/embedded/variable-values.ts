// The values of nginx variables for one request (ngx_http_variables.c, the log module's, and those
// the modules register: module.ts), for proxy_set_header, map, log_format and access_log if=;
// which ones a conf may name is nginx-conf/variables.ts's check, given these and the modules'. A
// variable nginx finds no value for (a header not sent, no upstream) is undefined here: `-` in a
// log line, empty elsewhere.
import { hostname } from 'node:os';
import type { HttpRequest, Variable } from './request.js';
import { hostName } from './http/request-head.js';
import { bodyText } from './http/request-body.js';
import { NO_URI } from './http/uri.js';
import { VAR } from '../nginx-conf/variables.js';
import { clock } from '../logs/writer.js';
import { findName } from '../nginx-conf/names.js';
import type { MapConf } from '../nginx-conf/map.js';

/** gethostname(), lowercased: ngx_cycle->hostname. */
const HOSTNAME = hostname().toLowerCase();

/** `%T.%03M`: seconds and milliseconds. */
const seconds = (ms: number) => `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;

/** ngx_http_variable_headers_internal(): the request's headers of one name, joined (Cookie with `; `, X-Forwarded-For with `, `). */
export function requestHeader(req: HttpRequest, key: string): string | undefined {
  const sep = key === 'cookie' ? '; ' : key === 'x-forwarded-for' ? ', ' : undefined;
  if (!sep) return req.header(key);
  const values = req.head.headers.filter((h) => h.key === key).map((h) => h.value);
  return values.length ? values.join(sep) : undefined;
}

/** ngx_http_auth_basic_user(): the user of an `Authorization: Basic` header, whatever the location asks. */
function remoteUser(req: HttpRequest): string | undefined {
  const m = /^Basic +(.+)$/i.exec(req.header('authorization') ?? '');
  if (!m || !/^[A-Za-z0-9+/]*={0,2}$/.test(m[1])) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('latin1');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(0, colon);
}

/** $sent_http_*: the answer's head as it went (or is going) out. */
function sentHeader(req: HttpRequest, key: string): string | undefined {
  const f = req.sent;
  if (!f) return undefined;
  switch (key) {
    case 'content-type':
      return f.contentType;
    case 'content-length':
      return f.contentLength === undefined ? undefined : String(f.contentLength);
    case 'last-modified':
      return f.lastModified;
    case 'location':
      return f.location;
    case 'transfer-encoding':
      return f.chunked ? 'chunked' : undefined;
    case 'connection':
      return f.upgrade ? 'upgrade' : req.keepalive ? 'keep-alive' : 'close';
    case 'keep-alive':
      return req.keepalive && !f.upgrade && req.loc.keepaliveHeader ? `timeout=${req.loc.keepaliveHeader}` : undefined;
    // ngx_http_variable_headers(): the answer's Cache-Control and Link lines, joined.
    case 'cache-control':
    case 'link': {
      const values = (f.extra ?? []).filter(([n]) => n.toLowerCase() === key).map(([, v]) => v);
      return values.length ? values.join(', ') : undefined;
    }
  }
  return f.extra?.find(([n]) => n.toLowerCase() === key)?.[1];
}

/** $binary_remote_addr: the client's address in network order, 4 bytes (an IPv4 client on an IPv6 socket too) or 16. */
function binaryAddress(addr: string): string {
  // A UNIX-domain client's is its text, `unix:` (ngx_http_variable_binary_remote_addr()'s default).
  if (addr === 'unix:') return addr;
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(addr);
  if (v4) return String.fromCharCode(...v4.slice(1).map(Number));
  const [head, tail = ''] = addr.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = addr.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return all.map((g) => { const n = parseInt(g, 16); return String.fromCharCode(n >> 8, n & 255); }).join('');
}

/** ngx_http_arg(): the first argument of that name, its name compared without case. */
function arg(req: HttpRequest, want: string): string | undefined {
  for (const pair of req.uri.args.split('&')) {
    const eq = pair.indexOf('=');
    if ((eq >= 0 ? pair.slice(0, eq) : pair).toLowerCase() === want) return eq >= 0 ? pair.slice(eq + 1) : '';
  }
  return undefined;
}

function cookie(req: HttpRequest, want: string): string | undefined {
  for (const c of (requestHeader(req, 'cookie') ?? '').split(/;\s*/)) {
    const eq = c.indexOf('=');
    if (eq >= 0 && c.slice(0, eq).toLowerCase() === want) return c.slice(eq + 1);
  }
  return undefined;
}

/**
 * A map's value: a map that is not `volatile` keeps its first value for the whole request, internal
 * redirects included (nginx's r->variables[index], cacheable and never flushed).
 */
function mapValue(req: HttpRequest, map: MapConf): string {
  if (map.volatile) return mapLookup(req, map);
  const name = map.variable.toLowerCase();
  let value = req.variables.get(name);
  if (value === undefined) req.variables.set(name, (value = mapLookup(req, map)));
  return value;
}

/**
 * ngx_http_map_variable(): the source evaluated, a `hostnames` map's trailing dot dropped, the key
 * found (exact, wildcards, then regexes in order), and its value evaluated after a regex's captures
 * became the request's.
 */
function mapLookup(req: HttpRequest, map: MapConf): string {
  let key = evaluate(req, map.source);
  if (map.hostnames && key.endsWith('.')) key = key.slice(0, -1);
  const found = findName(map.table, key);
  if (found?.match) req.takeCaptures(found.match);
  const value = found ? found.value : map.defaultValue;
  return value === undefined ? '' : evaluate(req, value);
}

const uri: Variable = (req) => (req.uri === NO_URI ? undefined : req.uri.uri);
const args: Variable = (req) => req.uri.args || undefined;

/** ngx_http_variable_request_id(): 16 random bytes in hex, drawn once per request. */
function requestId(req: HttpRequest): string {
  let id = req.variables.get('request_id');
  // node:crypto at the first $request_id, not with the worker (about 6 ms of its start).
  if (id === undefined) req.variables.set('request_id', (id = process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex')));
  return id;
}

/**
 * The core's variables (ngx_http_core_variables[]), by name. nginx-conf refuses a conf that needs a
 * variable neither these nor a module's give (embedded/modules.ts: ENGINE_CONF.evaluated).
 */
export const CORE_VARIABLES: ReadonlyMap<string, Variable> = new Map<string, Variable>([
  ['host', (req) => (req.uri.host !== undefined ? hostName(req.uri.host) : req.head.host !== undefined ? hostName(req.head.host) : req.server.name)],
  ['hostname', () => HOSTNAME],
  ['remote_addr', (req) => req.conn.remoteAddress],
  ['binary_remote_addr', (req) => binaryAddress(req.conn.remoteAddress)],
  // A UNIX-domain socket has no port: nginx's value is empty.
  ['remote_port', (req) => (req.conn.remotePort ? String(req.conn.remotePort) : '')],
  ['request_id', requestId],
  ['remote_user', remoteUser],
  ['scheme', (req) => (req.conn.tls ? 'https' : 'http')],
  ['https', (req) => (req.conn.tls ? 'on' : '')],
  // Empty only when a refused request's URI was never taken (r->unparsed_uri not set).
  ['request_uri', (req) => req.uri.unparsed || undefined],
  ['uri', uri],
  ['document_uri', uri],
  // An empty query (`/x?`) is none.
  ['args', args],
  ['query_string', args],
  ['is_args', (req) => (req.uri.args ? '?' : '')],
  ['server_port', (req) => (req.conn.listen.port ? String(req.conn.listen.port) : '')],
  ['server_name', (req) => req.server.name],
  ['server_addr', (req) => req.conn.localAddress],
  ['server_protocol', (req) => (req.head.version === 9 ? 'HTTP/0.9' : req.head.version === 10 ? 'HTTP/1.0' : 'HTTP/1.1')],
  // r->method_name: an error_page's or X-Accel-Redirect's redirect makes it a GET.
  ['request_method', (req) => req.method],
  ['request', (req) => req.head.requestLine],
  ['content_length', (req) => req.header('content-length')],
  ['content_type', (req) => req.header('content-type')],
  ['time_local', () => clock.access()],
  ['time_iso8601', () => clock.iso8601()],
  ['msec', () => seconds(Date.now())],
  ['request_time', (req) => seconds(Math.max(0, Date.now() - req.startedAt))],
  // %03ui: an HTTP/0.9 answer's 9 is 009.
  ['status', (req) => String(req.status || 0).padStart(3, '0')],
  ['body_bytes_sent', (req) => String(req.bodyBytesSent)],
  ['bytes_sent', (req) => String(req.headerSize + req.bodyBytesSent)],
  ['request_length', (req) => String(req.requestLength)],
  ['request_body', (req) => bodyText(req.body.buffered)],
  ['request_body_file', (req) => req.body.buffered?.file],
  ['connection', (req) => String(req.conn.number)],
  ['connection_requests', (req) => String(req.conn.requests)],
  ['connection_time', (req) => seconds(Date.now() - req.conn.startedAt)],
  ['pipe', (req) => (req.pipelined ? 'p' : '.')],
  ['nginx_version', (req) => req.ctx.version],
  ['pid', (req) => String(req.ctx.pid)],
  ['document_root', (req) => req.loc.root],
  // ngx_http_map_uri_to_path() for a root.
  ['request_filename', (req) => req.loc.root + req.uri.uri],
]);

/** The core's families of variables, named by what follows the prefix (`$http_x_token`). */
export const CORE_PREFIXES: ReadonlyMap<string, Variable> = new Map<string, Variable>([
  ['http_', (req, name) => requestHeader(req, name.slice(5).replace(/_/g, '-'))],
  ['sent_http_', (req, name) => sentHeader(req, name.slice(10).replace(/_/g, '-'))],
  // The first trailer of that name taken so far (ngx_http_variable_unknown_header()).
  ['sent_trailer_', (req, name) => req.trailers.find(([n]) => n.toLowerCase().replace(/-/g, '_') === name.slice(13))?.[1]],
  ['arg_', (req, name) => arg(req, name.slice(4))],
  ['cookie_', (req, name) => cookie(req, name.slice(7))],
]);

/** A variable's value, undefined when nginx finds none (its not_found). */
export function variableValue(req: HttpRequest, given: string): string | undefined {
  // $1..$9: a capture of the last regex that matched (empty when it has no such group).
  if (given.length === 1 && given >= '1' && given <= '9') return req.captures[Number(given)] ?? '';
  // Names are case-insensitive: $HOST is $host, and `set $Foo` sets $foo.
  const name = given.toLowerCase();
  const set = req.variables.get(name);
  if (set !== undefined) return set;
  for (const [prefix, get] of CORE_PREFIXES) if (name.startsWith(prefix)) return get(req, name);
  // A module's own (ngx_http_add_variable()).
  const own = req.handlers.variables.get(name);
  if (own) return own(req, name);
  for (const [prefix, get] of req.handlers.variablePrefixes) if (name.startsWith(prefix)) return get(req, name);
  const map = req.ctx.conf.maps.find((m) => m.variable.toLowerCase() === name);
  if (map) return mapValue(req, map);
  const core = CORE_VARIABLES.get(name);
  if (core) return core(req, name);
  req.handlers.uninitialized(req, name);
  return undefined;
}

export function evaluate(req: HttpRequest, text: string): string {
  if (!text.includes('$')) return text;
  return text.replace(VAR, (_m, a: string | undefined, b: string | undefined) => variableValue(req, (a ?? b)!) ?? '');
}
