// The typed configuration the embedded engine runs on, built from the directive tree with nginx's
// contexts, argument counts and inheritance (http → server → location). Anything outside the
// supported subset stops here with nginx's own `[emerg]` wording.
import { isAbsolute, join } from 'node:path';
import { cpus } from 'node:os';
import { isLevel, type Level } from '../../logs/error-log.js';
import { ConfError, unsupported } from './error.js';
import type { Directive } from './parse.js';
import { parseFlag, parseNumber, parseSize, parseTime, seconds } from './values.js';
import { variableNames } from '../variables.js';

export interface LogTarget {
  /** Absolute path, or 'stderr'. */
  path: string;
  level: Level;
  /** The compiled-in error log of a conf that names none: nginx opens it after every other log. */
  byDefault?: boolean;
}

export interface ListenConf {
  host: string;
  port: number;
  /** As written, for messages: `127.0.0.1:80`, `[::1]:80`, `0.0.0.0:80`. */
  text: string;
  defaultServer: boolean;
}

export interface UpstreamServerConf {
  host: string;
  port: number;
  weight: number;
  maxFails: number;
  failTimeoutMs: number;
  backup: boolean;
  down: boolean;
  /** `server localhost:8080` as written, for messages. */
  text: string;
  file: string;
  line: number;
}

export interface UpstreamConf {
  name: string;
  servers: UpstreamServerConf[];
  /** `keepalive N`: idle upstream connections cached per worker (0 = none). */
  keepalive: number;
  keepaliveTimeoutMs: number;
  keepaliveRequests: number;
  /** True for the implicit upstream of `proxy_pass http://host:port/...`. */
  implicit: boolean;
  file: string;
  line: number;
}

export interface ProxyPassConf {
  /** `localhost:8080`: the upstream's host as `$proxy_host` shows it (port dropped when 80). */
  proxyHost: string;
  upstream: UpstreamConf;
  /** The URI part of the proxy_pass URL, or undefined when there is none (the request URI passes unchanged). */
  uri?: string;
  /** `http://localhost:8080/admin/` as written, minus nothing: for proxy_redirect default. */
  url: string;
}

export interface ProxyHeader {
  name: string;
  /** Value with `$variables` left in, evaluated per request. */
  value: string;
  /** Where proxy_set_header set it (nginx's own headers have no place). */
  at?: { file: string; line: number };
}

/** One `error_page` code's target. */
export interface ErrorPage {
  /** `/50x.html`: an internal redirect (with `args`); anything else is a redirect to it (`http://...`). */
  uri: string;
  args: string;
  /** `=code`: the status of the answer; 0 for a bare `=` (the page's own status); undefined: the error's own. */
  overwrite?: number;
}

export interface LocationConf {
  modifier: '=' | '^~' | '';
  path: string;
  file: string;
  line: number;
  root: string;
  index: string[];
  errorPages: Map<number, ErrorPage>;
  defaultType: string;
  types: Map<string, string>;
  accessLogs: string[];
  errorLog: LogTarget[];
  clientMaxBodySize: number;
  clientBodyBufferSize: number;
  clientBodyTempPath: string;
  /** client_body_temp_path's levels: `1 2` puts file 0000000123 in 3/12/ (ngx_create_hashed_filename()). */
  clientBodyTempLevels: number[];
  keepaliveTimeoutMs: number;
  /** keepalive_timeout's second value: `Keep-Alive: timeout=N` on kept-alive answers. */
  keepaliveHeader?: number;
  keepaliveRequests: number;
  sendTimeoutMs: number;
  clientBodyTimeoutMs: number;
  logNotFound: boolean;
  serverTokens: boolean;
  proxyPass?: ProxyPassConf;
  proxyHttpVersion: '1.0' | '1.1';
  proxySetHeaders: ProxyHeader[];
  proxyConnectTimeoutMs: number;
  proxyReadTimeoutMs: number;
  proxySendTimeoutMs: number;
  proxyNextUpstream: Set<string>;
  proxyNextUpstreamTries: number;
  proxyRedirectDefault: boolean;
  /** Server-level settings, inherited from http like the rest, copied to the ServerConf. */
  server: ServerSettings;
}

/** The srv_conf directives of the subset (allowed in http too, merged into each server). */
export interface ServerSettings {
  mergeSlashes: boolean;
  underscoresInHeaders: boolean;
  ignoreInvalidHeaders: boolean;
  /** client_header_buffer_size */
  headerBufferSize: number;
  /** large_client_header_buffers: number and size */
  largeHeaderBuffers: number;
  largeHeaderBufferSize: number;
  clientHeaderTimeoutMs: number;
}

export interface ServerConf extends ServerSettings {
  listens: ListenConf[];
  serverNames: string[];
  locations: LocationConf[];
  /** Settings of the server block itself, used when no location matches. */
  base: LocationConf;
  file: string;
  line: number;
}

export interface MapConf {
  source: string;
  variable: string;
  values: Map<string, string>;
  defaultValue: string;
}

export interface NginxConf {
  prefix: string;
  confFile: string;
  workerProcesses: number;
  errorLogs: LogTarget[];
  pid: string;
  workerConnections: number;
  maps: MapConf[];
  /**
   * The variables the conf names as nginx reads it (map sources and values, log_format), in that
   * order: nginx indexes them then, and names the first it does not know.
   */
  variables: string[];
  upstreams: Map<string, UpstreamConf>;
  servers: ServerConf[];
  /** Every `*_temp_path`, in the order nginx creates them (client_body_temp first). */
  tempPaths: string[];
  /** `user`: the workers' user and group (nginx's default is nobody when the master runs as root). */
  user?: { name: string; group?: string };
}

type Ctx = 'main' | 'events' | 'http' | 'server' | 'location' | 'upstream';
type Args = [min: number, max: number];
const ANY = Infinity;

// The supported subset: name → contexts it may appear in, and its argument count.
const DIRECTIVES: Record<string, { ctx: Ctx[]; args: Args; block?: boolean }> = {
  user: { ctx: ['main'], args: [1, 2] },
  worker_processes: { ctx: ['main'], args: [1, 1] },
  error_log: { ctx: ['main', 'http', 'server', 'location'], args: [1, ANY] },
  pid: { ctx: ['main'], args: [1, 1] },
  daemon: { ctx: ['main'], args: [1, 1] },
  master_process: { ctx: ['main'], args: [1, 1] },
  events: { ctx: ['main'], args: [0, 0], block: true },
  worker_connections: { ctx: ['events'], args: [1, 1] },
  multi_accept: { ctx: ['events'], args: [1, 1] },
  accept_mutex: { ctx: ['events'], args: [1, 1] },
  http: { ctx: ['main'], args: [0, 0], block: true },
  types: { ctx: ['http', 'server', 'location'], args: [0, 0], block: true },
  default_type: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  log_format: { ctx: ['http'], args: [2, ANY] },
  access_log: { ctx: ['http', 'server', 'location'], args: [1, ANY] },
  sendfile: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  tcp_nopush: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  tcp_nodelay: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  gzip: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  charset: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  server_tokens: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  keepalive_timeout: { ctx: ['http', 'server', 'location', 'upstream'], args: [1, 2] },
  keepalive_requests: { ctx: ['http', 'server', 'location', 'upstream'], args: [1, 1] },
  send_timeout: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  client_header_timeout: { ctx: ['http', 'server'], args: [1, 1] },
  client_body_timeout: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  client_header_buffer_size: { ctx: ['http', 'server'], args: [1, 1] },
  large_client_header_buffers: { ctx: ['http', 'server'], args: [2, 2] },
  client_max_body_size: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  client_body_buffer_size: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  client_body_temp_path: { ctx: ['http', 'server', 'location'], args: [1, 4] },
  proxy_temp_path: { ctx: ['http', 'server', 'location'], args: [1, 4] },
  fastcgi_temp_path: { ctx: ['http', 'server', 'location'], args: [1, 4] },
  uwsgi_temp_path: { ctx: ['http', 'server', 'location'], args: [1, 4] },
  scgi_temp_path: { ctx: ['http', 'server', 'location'], args: [1, 4] },
  merge_slashes: { ctx: ['http', 'server'], args: [1, 1] },
  underscores_in_headers: { ctx: ['http', 'server'], args: [1, 1] },
  ignore_invalid_headers: { ctx: ['http', 'server'], args: [1, 1] },
  types_hash_max_size: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  server_names_hash_bucket_size: { ctx: ['http'], args: [1, 1] },
  log_not_found: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  map: { ctx: ['http'], args: [2, 2], block: true },
  upstream: { ctx: ['http'], args: [1, 1], block: true },
  server: { ctx: ['http', 'upstream'], args: [1, ANY] },
  keepalive: { ctx: ['upstream'], args: [1, 1] },
  listen: { ctx: ['server'], args: [1, ANY] },
  server_name: { ctx: ['server'], args: [1, ANY] },
  location: { ctx: ['server', 'location'], args: [1, 2], block: true },
  root: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  index: { ctx: ['http', 'server', 'location'], args: [1, ANY] },
  error_page: { ctx: ['http', 'server', 'location'], args: [2, ANY] },
  proxy_pass: { ctx: ['location'], args: [1, 1] },
  proxy_http_version: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  proxy_set_header: { ctx: ['http', 'server', 'location'], args: [2, 2] },
  proxy_connect_timeout: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  proxy_read_timeout: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  proxy_send_timeout: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  proxy_next_upstream: { ctx: ['http', 'server', 'location'], args: [1, ANY] },
  proxy_next_upstream_tries: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  proxy_redirect: { ctx: ['http', 'server', 'location'], args: [1, 2] },
  proxy_buffering: { ctx: ['http', 'server', 'location'], args: [1, 1] },
  proxy_request_buffering: { ctx: ['http', 'server', 'location'], args: [1, 1] },
};

export interface BuildOptions {
  prefix: string;
  confFile: string;
  /** Compiled-in default error log (the Windows build's `logs/error.log`). */
  defaultErrorLog?: string;
}

const abs = (prefix: string, p: string) => (isAbsolute(p) || p === 'stderr' ? p : join(prefix, p));

function check(d: Directive, ctx: Ctx): void {
  const spec = DIRECTIVES[d.name];
  if (!spec) throw new ConfError(`unknown directive "${d.name}"`, d.file, d.line);
  if (!spec.ctx.includes(ctx)) throw new ConfError(`"${d.name}" directive is not allowed here`, d.file, d.line);
  if (!!spec.block !== !!d.block) {
    if (spec.block) throw new ConfError(`directive "${d.name}" has no opening "{"`, d.file, d.line);
    throw new ConfError(`directive "${d.name}" is not terminated by ";"`, d.file, d.line);
  }
  const [min, max] = spec.args;
  if (d.args.length < min || d.args.length > max) {
    throw new ConfError(`invalid number of arguments in "${d.name}" directive`, d.file, d.line);
  }
}

function defaultLocation(prefix: string): LocationConf {
  return {
    modifier: '',
    path: '',
    file: '',
    line: 0,
    root: join(prefix, 'html'),
    index: ['index.html'],
    errorPages: new Map(),
    defaultType: 'text/plain',
    types: new Map([
      ['html', 'text/html'],
      ['gif', 'image/gif'],
      ['jpg', 'image/jpeg'],
    ]),
    accessLogs: [join(prefix, 'logs/access.log')],
    errorLog: [],
    clientMaxBodySize: 1024 * 1024,
    clientBodyBufferSize: 16 * 1024,
    clientBodyTempPath: join(prefix, 'temp/client_body_temp'),
    clientBodyTempLevels: [],
    keepaliveTimeoutMs: 75_000,
    keepaliveRequests: 1000,
    sendTimeoutMs: 60_000,
    clientBodyTimeoutMs: 60_000,
    logNotFound: true,
    serverTokens: true,
    proxyHttpVersion: '1.0',
    proxySetHeaders: [],
    proxyConnectTimeoutMs: 60_000,
    proxyReadTimeoutMs: 60_000,
    proxySendTimeoutMs: 60_000,
    proxyNextUpstream: new Set(['error', 'timeout']),
    proxyNextUpstreamTries: 0,
    proxyRedirectDefault: true,
    server: {
      mergeSlashes: true,
      underscoresInHeaders: false,
      ignoreInvalidHeaders: true,
      headerBufferSize: 1024,
      largeHeaderBuffers: 4,
      largeHeaderBufferSize: 8192,
      clientHeaderTimeoutMs: 60_000,
    },
  };
}

/** Copies inheritable settings: lists and maps are shared until a level sets its own. */
function inherit(parent: LocationConf): LocationConf {
  return { ...parent, proxyPass: undefined, server: { ...parent.server } };
}

interface Builder {
  opts: BuildOptions;
  conf: NginxConf;
  /** The paths each `*_temp_path` directive names, at any level, in the order given. */
  tempPaths: Map<string, string[]>;
  proxyPasses: { d: Directive; loc: LocationConf }[];
  /** Listen addresses seen so far, and whether one of their servers is the default (ngx_http_add_addresses). */
  defaultListens: Set<string>;
}

/** Every location of the conf, each server's base (its own settings) included. */
export function allLocations(conf: Pick<NginxConf, 'servers'>): LocationConf[] {
  return conf.servers.flatMap((s) => [s.base, ...s.locations]);
}

export function buildConf(tree: Directive[], opts: BuildOptions): NginxConf {
  const { prefix } = opts;
  const conf: NginxConf = {
    prefix,
    confFile: opts.confFile,
    workerProcesses: 1,
    errorLogs: [],
    pid: join(prefix, 'logs/nginx.pid'),
    workerConnections: 512,
    maps: [],
    variables: [],
    upstreams: new Map(),
    servers: [],
    tempPaths: [],
  };
  const b: Builder = { opts, conf, tempPaths: new Map(), proxyPasses: [], defaultListens: new Set() };
  let http: Directive | undefined;
  const seen = new Set<string>();
  for (const d of tree) {
    check(d, 'main');
    if (seen.has(d.name) && ['worker_processes', 'pid', 'events', 'http', 'daemon', 'master_process', 'user'].includes(d.name)) {
      throw new ConfError(`"${d.name}" directive is duplicate`, d.file, d.line);
    }
    seen.add(d.name);
    switch (d.name) {
      case 'worker_processes':
        // auto: ngx_ncpu, sysconf(_SC_NPROCESSORS_ONLN), the CPUs online.
        conf.workerProcesses = d.args[0] === 'auto' ? cpus().length : Number(d.args[0]);
        if (d.args[0] !== 'auto' && !/^\d+$/.test(d.args[0])) throw new ConfError(`"worker_processes" directive invalid value`, d.file, d.line);
        // nginx takes 0 and runs a master that never forks a worker.
        if (conf.workerProcesses === 0) throw unsupported('"worker_processes 0" (a master with no worker)', d);
        break;
      case 'error_log':
        conf.errorLogs.push(logTarget(d, prefix));
        break;
      case 'pid':
        conf.pid = abs(prefix, d.args[0]);
        break;
      case 'user':
        conf.user = { name: d.args[0], group: d.args[1] };
        break;
      case 'daemon':
        parseFlag(d);
        break;
      case 'master_process':
        if (!parseFlag(d)) throw unsupported('"master_process off"', d);
        break;
      case 'events':
        for (const e of d.block!) {
          check(e, 'events');
          if (e.name === 'worker_connections') conf.workerConnections = parseNumber(e, e.args[0], `invalid number "${e.args[0]}"`);
          // multi_accept, accept_mutex: which worker accepts a connection, not what it answers.
          else parseFlag(e);
        }
        break;
      case 'http':
        http = d;
        break;
    }
  }
  if (!conf.errorLogs.length) conf.errorLogs.push({ path: abs(prefix, opts.defaultErrorLog ?? 'logs/error.log'), level: 'error', byDefault: true });
  if (http) buildHttp(b, http);
  for (const name of ['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path']) {
    for (const p of b.tempPaths.get(name) ?? [join(prefix, 'temp', name.replace('_path', ''))]) if (!conf.tempPaths.includes(p)) conf.tempPaths.push(p);
  }
  return conf;
}

function logTarget(d: Directive, prefix: string): LogTarget {
  const level = d.args[1] ?? 'error';
  if (!isLevel(level)) throw new ConfError(`invalid log level "${level}"`, d.file, d.line);
  return { path: abs(prefix, d.args[0]), level };
}

function buildHttp(b: Builder, http: Directive): void {
  const base = defaultLocation(b.opts.prefix);
  const servers: Directive[] = [];
  const logFormats = new Set<string>();
  applySettings(b, http.block!, 'http', base, (d) => {
    switch (d.name) {
      case 'map':
        b.conf.maps.push(buildMap(d, b.conf.variables));
        return true;
      case 'upstream':
        if (b.conf.upstreams.has(d.args[0])) throw new ConfError(`duplicate upstream "${d.args[0]}"`, d.file, d.line);
        b.conf.upstreams.set(d.args[0], buildUpstream(d));
        return true;
      case 'server':
        if (!d.block) throw new ConfError(`directive "server" has no opening "{"`, d.file, d.line);
        servers.push(d);
        return true;
      case 'log_format':
        // ngx_http_log_set_format(): `combined` is predefined; the formats are never written
        // (access_log refuses any but combined), but their variables must exist.
        if (d.args[0] === 'combined' || logFormats.has(d.args[0])) throw new ConfError(`duplicate "log_format" name "${d.args[0]}"`, d.file, d.line);
        logFormats.add(d.args[0]);
        for (const s of d.args.slice(d.args[1]?.startsWith('escape=') ? 2 : 1)) b.conf.variables.push(...variableNames(s, false));
        return true;
    }
    return false;
  });
  for (const s of servers) b.conf.servers.push(buildServer(b, s, base));
  for (const { d, loc } of b.proxyPasses) loc.proxyPass = buildProxyPass(b, d);
  // ngx_http_upstream_init_round_robin(), once the http block is read: backup peers alone are no upstream.
  for (const u of b.conf.upstreams.values()) {
    if (u.servers.every((s) => s.backup)) throw new ConfError(`no servers in upstream "${u.name}"`, u.file, u.line);
  }
  if (b.conf.servers.length === 0) {
    // nginx listens on *:80 (or 8000 unprivileged) with no server block; nothing to serve here.
  }
}

/**
 * Applies the inheritable directives of one level to `loc`; anything else goes to `other`,
 * which returns false for a directive it does not handle either.
 */
/** Directives a block may hold once: a second is nginx's `"x" directive is duplicate`. */
const ONCE_PER_BLOCK = new Set(['root', 'default_type', 'client_max_body_size', 'client_body_buffer_size', 'proxy_http_version', 'proxy_connect_timeout', 'proxy_read_timeout', 'proxy_send_timeout', 'sendfile', 'keepalive_timeout', 'proxy_pass', 'server_tokens', 'client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path']);

function applySettings(b: Builder, ds: Directive[], ctx: Ctx, loc: LocationConf, other: (d: Directive) => boolean): void {
  const setHere = new Set<string>();
  for (const d of ds) {
    if (d.name === 'server' && ctx === 'http' && d.block) {
      other(d);
      continue;
    }
    check(d, ctx);
    if (ONCE_PER_BLOCK.has(d.name) && setHere.has(d.name)) throw new ConfError(`"${d.name}" directive is duplicate`, d.file, d.line);
    const firstHere = !setHere.has(d.name);
    setHere.add(d.name);
    const a = d.args;
    switch (d.name) {
      case 'root':
        loc.root = abs(b.opts.prefix, a[0]);
        break;
      case 'index':
        loc.index = firstHere ? [...a] : [...loc.index, ...a];
        break;
      case 'error_page':
        if (firstHere) loc.errorPages = new Map();
        for (const [code, page] of errorPages(d)) loc.errorPages.set(code, page);
        break;
      case 'default_type':
        loc.defaultType = a[0];
        break;
      case 'types': {
        const types = new Map<string, string>();
        for (const t of d.block!) for (const ext of t.args) types.set(ext.toLowerCase(), t.name);
        loc.types = types;
        break;
      }
      case 'access_log':
        if (firstHere) loc.accessLogs = [];
        if (a[0] !== 'off') {
          if (a[1] !== undefined && a[1] !== 'combined') throw unsupported(`custom log_format "${a[1]}"`, d);
          loc.accessLogs = [...loc.accessLogs, abs(b.opts.prefix, a[0])];
        }
        break;
      case 'error_log':
        loc.errorLog = firstHere ? [logTarget(d, b.opts.prefix)] : [...loc.errorLog, logTarget(d, b.opts.prefix)];
        break;
      // sendfile(2) against read(2) and write(2), TCP_CORK, TCP_NODELAY: how nginx hands the bytes
      // to the kernel and how they are packed into segments, never which bytes go or in what
      // order; a client over loopback gets the same answers, byte for byte, either way.
      case 'sendfile':
      case 'tcp_nopush':
      case 'tcp_nodelay':
        parseFlag(d);
        break;
      // Only the value that changes nothing: `gzip off`, `proxy_buffering on` (the engine passes a
      // response on as it reads it, as nginx does while proxy_buffers hold it) and
      // `proxy_request_buffering on` (the engine reads the whole body first, as nginx does).
      case 'gzip':
      case 'proxy_buffering':
      case 'proxy_request_buffering':
        if (parseFlag(d) !== (d.name !== 'gzip')) throw unsupported(`"${d.name} ${a[0]}"`, d);
        break;
      case 'charset':
        if (a[0] !== 'off') throw unsupported(`"charset ${a[0]}"`, d);
        break;
      case 'merge_slashes':
        loc.server.mergeSlashes = parseFlag(d);
        break;
      case 'underscores_in_headers':
        loc.server.underscoresInHeaders = parseFlag(d);
        break;
      case 'ignore_invalid_headers':
        loc.server.ignoreInvalidHeaders = parseFlag(d);
        break;
      case 'client_header_buffer_size':
        loc.server.headerBufferSize = parseSize(d, a[0]);
        break;
      case 'large_client_header_buffers':
        loc.server.largeHeaderBuffers = parseNumber(d, a[0], `"${d.name}" directive invalid value`);
        loc.server.largeHeaderBufferSize = parseSize(d, a[1]);
        break;
      case 'server_tokens':
        // An enum: `build` adds the build name given to ./configure --build, which neither the
        // Windows nor Debian's build has: the same as `on`.
        if (!['on', 'off', 'build'].includes(a[0])) throw new ConfError(`invalid value "${a[0]}"`, d.file, d.line);
        loc.serverTokens = a[0] !== 'off';
        break;
      case 'log_not_found':
        loc.logNotFound = parseFlag(d);
        break;
      // Sizes of nginx's lookup tables: how it finds a type or a server name, not which it finds.
      case 'types_hash_max_size':
      case 'server_names_hash_bucket_size':
        break;
      case 'keepalive_timeout':
        loc.keepaliveTimeoutMs = parseTime(d, a[0]);
        // The header's value is inherited on its own: a level that gives one value keeps the outer one's.
        if (a[1] !== undefined) {
          const header = seconds(a[1]);
          if (header === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
          loc.keepaliveHeader = header;
        }
        break;
      case 'keepalive_requests':
        loc.keepaliveRequests = parseNumber(d, a[0]);
        break;
      case 'send_timeout':
        loc.sendTimeoutMs = parseTime(d, a[0]);
        break;
      case 'client_header_timeout':
        loc.server.clientHeaderTimeoutMs = parseTime(d, a[0]);
        break;
      case 'client_body_timeout':
        loc.clientBodyTimeoutMs = parseTime(d, a[0]);
        break;
      case 'client_max_body_size':
        loc.clientMaxBodySize = parseSize(d, a[0]);
        break;
      case 'client_body_buffer_size':
        loc.clientBodyBufferSize = parseSize(d, a[0]);
        break;
      case 'client_body_temp_path':
        loc.clientBodyTempPath = abs(b.opts.prefix, a[0]);
        loc.clientBodyTempLevels = tempLevels(d);
        b.tempPaths.set(d.name, [...(b.tempPaths.get(d.name) ?? []), loc.clientBodyTempPath]);
        break;
      case 'proxy_temp_path':
      case 'fastcgi_temp_path':
      case 'uwsgi_temp_path':
      case 'scgi_temp_path':
        tempLevels(d);
        b.tempPaths.set(d.name, [...(b.tempPaths.get(d.name) ?? []), abs(b.opts.prefix, a[0])]);
        break;
      case 'proxy_pass':
        b.proxyPasses.push({ d, loc });
        break;
      case 'proxy_http_version':
        // ngx_conf_set_enum_slot()
        if (a[0] !== '1.0' && a[0] !== '1.1') throw new ConfError(`invalid value "${a[0]}"`, d.file, d.line);
        loc.proxyHttpVersion = a[0];
        break;
      case 'proxy_set_header':
        loc.proxySetHeaders = [...(firstHere ? [] : loc.proxySetHeaders), { name: a[0], value: a[1], at: { file: d.file, line: d.line } }];
        break;
      case 'proxy_connect_timeout':
        loc.proxyConnectTimeoutMs = parseTime(d, a[0]);
        break;
      case 'proxy_read_timeout':
        loc.proxyReadTimeoutMs = parseTime(d, a[0]);
        break;
      case 'proxy_send_timeout':
        loc.proxySendTimeoutMs = parseTime(d, a[0]);
        break;
      case 'proxy_next_upstream': {
        const known = ['error', 'timeout', 'invalid_header', 'http_500', 'http_502', 'http_503', 'http_504', 'http_403', 'http_404', 'http_429', 'non_idempotent', 'off'];
        for (const v of a) if (!known.includes(v)) throw new ConfError(`invalid value "${v}"`, d.file, d.line);
        // A response's status never sends the engine to the next peer.
        const status = a.find((v) => v.startsWith('http_'));
        if (status) throw unsupported(`"proxy_next_upstream ${status}"`, d);
        loc.proxyNextUpstream = new Set(a.includes('off') ? [] : a);
        break;
      }
      case 'proxy_next_upstream_tries':
        loc.proxyNextUpstreamTries = parseNumber(d, a[0]);
        break;
      case 'proxy_redirect':
        if (a[0] === 'default') loc.proxyRedirectDefault = true;
        else if (a[0] === 'off') loc.proxyRedirectDefault = false;
        else throw unsupported('"proxy_redirect" other than "default" and "off"', d);
        break;
      default:
        if (!other(d)) throw new ConfError(`"${d.name}" directive is not allowed here`, d.file, d.line);
    }
  }
}

/** ngx_conf_set_path_slot(): `path [level1 [level2 [level3]]]`, at most 10 digits of the name in all. */
function tempLevels(d: Directive): number[] {
  const levels = d.args.slice(1).map((v) => (/^\d+$/.test(v) ? Number(v) : 0));
  if (levels.includes(0) || levels.reduce((n, l) => n + l, 0) > 10) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  return levels;
}

/** ngx_http_core_error_page(): `error_page code ... [=[code]] uri`. */
function errorPages(d: Directive): [number, ErrorPage][] {
  const a = d.args;
  const uri = a[a.length - 1];
  const eq = a[a.length - 2].startsWith('=') ? a[a.length - 2] : undefined;
  let overwrite: number | undefined;
  if (eq !== undefined) {
    if (a.length === 2 || (eq.length > 1 && !/^\d+$/.test(eq.slice(1)))) throw new ConfError(`invalid value "${eq}"`, d.file, d.line);
    overwrite = eq.length > 1 ? Number(eq.slice(1)) : 0;
  }
  if (uri.includes('$')) throw unsupported('variables in "error_page"', d, true);
  if (uri.startsWith('@')) throw unsupported(`named locations ("${uri}")`, d, true);
  const q = uri.startsWith('/') ? uri.indexOf('?') : -1;
  const target = q < 0 ? { uri, args: '' } : { uri: uri.slice(0, q), args: uri.slice(q + 1) };
  return a.slice(0, eq === undefined ? -1 : -2).map((code) => {
    const n = Number(code);
    if (!/^\d+$/.test(code) || n === 499) throw new ConfError(`invalid value "${code}"`, d.file, d.line);
    if (n < 300 || n > 599) throw new ConfError(`value "${code}" must be between 300 and 599`, d.file, d.line);
    return [n, { ...target, overwrite }];
  });
}

function buildMap(d: Directive, variables: string[]): MapConf {
  const m: MapConf = { source: d.args[0], variable: d.args[1].replace(/^\$/, ''), values: new Map(), defaultValue: '' };
  if (!d.args[1].startsWith('$')) throw new ConfError(`invalid variable name "${d.args[1]}"`, d.file, d.line);
  variables.push(...variableNames(m.source));
  for (const e of d.block!) {
    if (e.args.length !== 1) throw new ConfError(`invalid number of the map parameters`, e.file, e.line);
    variables.push(...variableNames(e.args[0]));
    if (e.name === 'default') m.defaultValue = e.args[0];
    else if (e.name.startsWith('~')) throw unsupported('regular expressions in "map"', e, true);
    else m.values.set(e.name.toLowerCase(), e.args[0]);
  }
  return m;
}

function parseHostPort(text: string, d: Directive, what: string): { host: string; port?: number } {
  let host: string;
  let port: string | undefined;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) throw new ConfError(`invalid host in ${what} "${text}"`, d.file, d.line);
    host = text.slice(1, end);
    const rest = text.slice(end + 1);
    if (rest) {
      if (!rest.startsWith(':')) throw new ConfError(`invalid host in ${what} "${text}"`, d.file, d.line);
      port = rest.slice(1);
    }
  } else {
    const i = text.lastIndexOf(':');
    host = i >= 0 ? text.slice(0, i) : text;
    port = i >= 0 ? text.slice(i + 1) : undefined;
  }
  if (port !== undefined && (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535)) {
    throw new ConfError(`invalid port in ${what} "${text}"`, d.file, d.line);
  }
  if (!host) throw new ConfError(`no host in ${what} "${text}"`, d.file, d.line);
  return { host, port: port === undefined ? undefined : Number(port) };
}

function buildUpstream(d: Directive): UpstreamConf {
  const u: UpstreamConf = { name: d.args[0], servers: [], keepalive: 0, keepaliveTimeoutMs: 60_000, keepaliveRequests: 1000, implicit: false, file: d.file, line: d.line };
  for (const s of d.block!) {
    check(s, 'upstream');
    if (s.name === 'keepalive') u.keepalive = parseNumber(s, s.args[0], `invalid value "${s.args[0]}" in "keepalive" directive`);
    else if (s.name === 'keepalive_timeout') u.keepaliveTimeoutMs = parseTime(s, s.args[0]);
    else if (s.name === 'keepalive_requests') u.keepaliveRequests = parseNumber(s, s.args[0]);
    else if (s.name === 'server') u.servers.push(buildUpstreamServer(s));
    else throw new ConfError(`"${s.name}" directive is not allowed here`, s.file, s.line);
  }
  if (!u.servers.length) throw new ConfError(`no servers are inside upstream`, d.file, d.line);
  return u;
}

/** ngx_http_upstream_server(): `server address [weight=N] [max_fails=N] [fail_timeout=T] [backup] [down]`. */
function buildUpstreamServer(s: Directive): UpstreamServerConf {
  const { host, port } = parseHostPort(s.args[0], s, 'upstream');
  const srv: UpstreamServerConf = { host, port: port ?? 80, weight: 1, maxFails: 1, failTimeoutMs: 10_000, backup: false, down: false, text: s.args[0], file: s.file, line: s.line };
  for (const p of s.args.slice(1)) {
    const [, name, value] = /^(weight|max_fails|fail_timeout|max_conns)=(.*)$/.exec(p) ?? [];
    const n = /^\d+$/.test(value ?? '') ? Number(value) : undefined;
    if (name === 'weight' && n) srv.weight = n;
    else if (name === 'max_fails' && n !== undefined) srv.maxFails = n;
    else if (name === 'fail_timeout' && seconds(value) !== undefined) srv.failTimeoutMs = seconds(value)! * 1000;
    else if (name === 'max_conns' && n !== undefined) throw unsupported('the "max_conns" parameter of "server"', s);
    else if (p === 'backup') srv.backup = true;
    else if (p === 'down') srv.down = true;
    else throw new ConfError(`invalid parameter "${p}"`, s.file, s.line);
  }
  return srv;
}

function buildProxyPass(b: Builder, d: Directive): ProxyPassConf {
  const url = d.args[0];
  const m = /^http:\/\/([^/]*)(\/.*)?$/.exec(url);
  if (!m) {
    if (/^https:\/\//.test(url)) throw unsupported('"proxy_pass" to https', d);
    throw new ConfError('invalid URL prefix', d.file, d.line);
  }
  if (url.includes('$')) throw unsupported('variables in "proxy_pass"', d, true);
  const { host, port } = parseHostPort(m[1], d, 'upstream');
  if (port !== undefined && b.conf.upstreams.has(host)) throw new ConfError(`upstream "${host}" may not have port ${port}`, d.file, d.line);
  const explicit = port === undefined ? b.conf.upstreams.get(host) : undefined;
  const upstream: UpstreamConf = explicit ?? {
    name: m[1],
    servers: [{ host, port: port ?? 80, weight: 1, maxFails: 1, failTimeoutMs: 10_000, backup: false, down: false, text: m[1], file: d.file, line: d.line }],
    keepalive: 0,
    keepaliveTimeoutMs: 60_000,
    keepaliveRequests: 1000,
    implicit: true,
    file: d.file,
    line: d.line,
  };
  return { proxyHost: port === undefined || port === 80 ? host.includes(':') ? `[${host}]` : host : m[1], upstream, uri: m[2], url };
}

function buildServer(b: Builder, d: Directive, http: LocationConf): ServerConf {
  const base = inherit(http);
  const server: ServerConf = {
    ...base.server,
    listens: [],
    serverNames: [],
    locations: [],
    base,
    file: d.file,
    line: d.line,
  };
  const locations: Directive[] = [];
  applySettings(b, d.block!, 'server', base, (s) => {
    switch (s.name) {
      case 'listen': {
        const l = parseListen(s);
        if (server.listens.some((x) => x.text === l.text)) throw new ConfError(`a duplicate listen ${l.text}`, s.file, s.line);
        if (l.defaultServer) {
          if (b.defaultListens.has(l.text)) throw new ConfError(`a duplicate default server for ${l.text}`, s.file, s.line);
          b.defaultListens.add(l.text);
        }
        server.listens.push(l);
        return true;
      }
      case 'server_name':
        server.serverNames.push(...s.args);
        return true;
      case 'location':
        locations.push(s);
        return true;
    }
    return false;
  });
  Object.assign(server, base.server);
  if (!server.listens.length) server.listens.push({ host: '0.0.0.0', port: 80, text: '0.0.0.0:80', defaultServer: false });
  if (!server.serverNames.length) server.serverNames.push('');
  for (const l of locations) {
    const loc = buildLocation(b, l, base);
    // ngx_http_join_exact_locations(): the same prefix twice, or the same exact match twice.
    if (server.locations.some((x) => x.path === loc.path && (x.modifier === '=') === (loc.modifier === '='))) {
      throw new ConfError(`duplicate location "${loc.path}"`, loc.file, loc.line);
    }
    server.locations.push(loc);
  }
  return server;
}

function parseListen(d: Directive): ListenConf {
  const [addr, ...params] = d.args;
  for (const p of params) {
    if (p !== 'default_server' && p !== 'default') throw unsupported(`the "${p}" parameter of "listen"`, d);
  }
  return { ...listenAddress(addr, d), defaultServer: params.length > 0 };
}

/** The address a `listen` names: `8080` (all IPv4 addresses), `127.0.0.1:8080`, `[::1]:8080`, `localhost`. */
export function listenAddress(addr: string, d: Pick<Directive, 'file' | 'line'>): { host: string; port: number; text: string } {
  if (/^\d+$/.test(addr)) {
    const port = Number(addr);
    if (port < 1 || port > 65535) throw new ConfError(`invalid port in "${addr}" of the "listen" directive`, d.file, d.line);
    return { host: '0.0.0.0', port, text: `0.0.0.0:${port}` };
  }
  let host: string;
  let portText: string;
  if (addr.startsWith('[')) {
    const end = addr.indexOf(']:');
    host = addr.slice(1, end);
    portText = end >= 0 ? addr.slice(end + 2) : '80';
    if (end < 0) host = addr.slice(1, -1);
  } else {
    const i = addr.lastIndexOf(':');
    host = i >= 0 ? addr.slice(0, i) : addr;
    portText = i >= 0 ? addr.slice(i + 1) : '80';
  }
  if (!/^\d+$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
    throw new ConfError(`invalid port in "${addr}" of the "listen" directive`, d.file, d.line);
  }
  if (host === 'localhost') host = '127.0.0.1';
  if (host === '*') host = '0.0.0.0';
  const text = host.includes(':') ? `[${host}]:${portText}` : `${host}:${portText}`;
  return { host, port: Number(portText), text };
}

function buildLocation(b: Builder, d: Directive, server: LocationConf): LocationConf {
  let modifier: LocationConf['modifier'] = '';
  let path: string;
  if (d.args.length === 2) {
    const mod = d.args[0];
    if (mod === '~' || mod === '~*') throw unsupported(`regular expression locations ("${mod} ${d.args[1]}")`, d, true);
    if (mod !== '=' && mod !== '^~') throw new ConfError(`invalid location modifier "${mod}"`, d.file, d.line);
    modifier = mod;
    path = d.args[1];
  } else {
    path = d.args[0];
    if (path.startsWith('=')) {
      modifier = '=';
      path = path.slice(1);
    } else if (path.startsWith('~')) {
      throw unsupported(`regular expression locations ("${path}")`, d, true);
    } else if (path.startsWith('@')) {
      throw unsupported(`named locations ("${path}")`, d, true);
    }
  }
  const loc = inherit(server);
  loc.modifier = modifier;
  loc.path = path;
  loc.file = d.file;
  loc.line = d.line;
  applySettings(b, d.block!, 'location', loc, (s) => {
    if (s.name === 'location') throw unsupported('nested locations', s, true);
    return false;
  });
  return loc;
}
