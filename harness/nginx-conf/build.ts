// nginx.conf's directive tree to the typed configuration (model.ts), the way ngx_conf_parse() and
// the modules' merge functions build it: the table (directives.ts) checks each directive and sets
// the inheritable settings; this file reads the blocks that give the conf its shape (http, server,
// location, upstream, map) and the main and events directives. Anything outside the supported
// subset stops here with nginx's own `[emerg]` wording.
import { join } from 'node:path';
import { cpus, hostname } from 'node:os';
import { ConfError, unsupported } from './error.js';
import type { Directive } from './parse.js';
import { parseFlag, parseNumber, parseTime, seconds } from './values.js';
import { variableNames } from './variables.js';
import { abs, check, DIRECTIVES, logTarget, type Ctx } from './directives.js';
import { RESOLVER } from './http/resolver.js';
import { compileRegex } from './pcre.js';
import { allLocations, UPSTREAM_KEEPALIVE, type LimitExcept, type ListenConf, type LocationConf, type NginxConf, type ProxyPassConf, type ProxyPassVariables, type ServerConf, type UpstreamConf, type UpstreamServerConf } from './model.js';
import type { AddedModule, DirectiveSpec } from './directive.js';
import { CORE_RESPONSE } from './http/core-response.js';
import { COMBINED, logFormat, type LogFormat } from './log-format.js';
import { buildMap } from './map.js';
import { addName, nameTable, serverNameRegex } from './names.js';

export interface BuildOptions {
  prefix: string;
  confFile: string;
  /** Compiled-in default error log (the Windows build's `logs/error.log`). */
  defaultErrorLog?: string;
  /** The engine's modules beyond the core's (its module list): their directives and defaults. */
  modules: readonly AddedModule[];
}

/** The added modules' directives in one table; two modules may not share a directive or a setting. */
function addedDirectives(modules: readonly AddedModule[]): Record<string, DirectiveSpec<never>> {
  const table: Record<string, DirectiveSpec<never>> = {};
  const settings = new Set<string>();
  for (const m of modules) {
    for (const name of Object.keys(m.directives)) {
      if (table[name] || DIRECTIVES[name]) throw new Error(`two modules define the directive "${name}"`);
      table[name] = m.directives[name];
    }
    for (const key of Object.keys(m.defaults)) {
      if (settings.has(key)) throw new Error(`two modules define the setting "${key}"`);
      settings.add(key);
    }
  }
  return table;
}

function defaultLocation(prefix: string, modules: readonly AddedModule[]): LocationConf {
  return {
    ...Object.assign({}, ...modules.map((m) => m.defaults)),
    ...CORE_RESPONSE.defaults,
    modifier: '',
    path: '',
    handler: 'static',
    locations: [],
    file: '',
    line: 0,
    root: join(prefix, 'html'),
    alias: 0,
    errorPages: new Map(),
    defaultType: 'text/plain',
    types: new Map([
      ['html', 'text/html'],
      ['gif', 'image/gif'],
      ['jpg', 'image/jpeg'],
    ]),
    errorLog: [],
    clientMaxBodySize: 1024 * 1024,
    limitRate: '0',
    limitRateAfter: '0',
    // Two memory pages: 8k on x86-64 (16k only where pages are 8k).
    clientBodyBufferSize: 8 * 1024,
    clientBodyTempPath: join(prefix, 'temp/client_body_temp'),
    clientBodyTempLevels: [],
    clientBodyInFileOnly: 'off',
    clientBodyInSingleBuffer: false,
    keepaliveTimeoutMs: 75_000,
    keepaliveRequests: 1000,
    keepaliveTimeMs: 3_600_000,
    keepaliveDisable: { msie6: true, safari: false },
    sendTimeoutMs: 60_000,
    clientBodyTimeoutMs: 60_000,
    logNotFound: true,
    serverTokens: true,
    ...RESOLVER.defaults,
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

/** Copies inheritable settings: lists and maps are shared until a level sets its own; a module's `own` settings are not inherited. */
function inherit(parent: LocationConf, modules: readonly AddedModule[]): LocationConf {
  const loc: LocationConf = { ...parent, handler: 'static', proxyPass: undefined, regex: undefined, locations: [], server: { ...parent.server } };
  for (const key of modules.flatMap((m) => m.own ?? [])) delete (loc as unknown as Record<string, unknown>)[key];
  return loc;
}

interface Builder {
  opts: BuildOptions;
  conf: NginxConf;
  /** The paths each `*_temp_path` directive names, at any level, in the order given. */
  tempPaths: Map<string, string[]>;
  proxyPasses: { d: Directive; loc: LocationConf }[];
  /** Listen addresses seen so far, and whether one of their servers is the default (ngx_http_add_addresses). */
  defaultListens: Set<string>;
  /** The log formats an access_log may name: those defined before it in the http block. */
  logFormats: LogFormat[];
  /** The added modules' directives (addedDirectives()). */
  added: Record<string, DirectiveSpec<never>>;
}

export function buildConf(tree: Directive[], opts: BuildOptions): NginxConf {
  const { prefix } = opts;
  const conf: NginxConf = {
    prefix,
    confFile: opts.confFile,
    workerProcesses: 1,
    masterProcess: true,
    daemon: true,
    errorLogs: [],
    pid: join(prefix, 'logs/nginx.pid'),
    workerConnections: 512,
    maps: [],
    variables: [],
    upstreams: new Map(),
    servers: [],
    tempPaths: [],
  };
  const b: Builder = { opts, conf, tempPaths: new Map(), proxyPasses: [], defaultListens: new Set(), logFormats: [], added: addedDirectives(opts.modules) };
  let http: Directive | undefined;
  const seen = new Set<string>();
  for (const d of tree) {
    const spec = check(d, 'main', b.added);
    if (seen.has(d.name) && spec.once) {
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
        conf.daemon = parseFlag(d);
        break;
      case 'master_process':
        conf.masterProcess = parseFlag(d);
        break;
      case 'events':
        for (const e of d.block!) {
          check(e, 'events', b.added);
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
  // nginx adds each path as a module's merge meets it: the core's, the modules' in their order, then those of modules the engine does not run.
  for (const name of ['client_body_temp_path', ...opts.modules.flatMap((m) => m.tempPaths ?? []), 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path']) {
    for (const p of b.tempPaths.get(name) ?? [join(prefix, 'temp', name.replace('_path', ''))]) if (!conf.tempPaths.includes(p)) conf.tempPaths.push(p);
  }
  return conf;
}

function buildHttp(b: Builder, http: Directive): void {
  const base = defaultLocation(b.opts.prefix, b.opts.modules);
  const servers: { d: Directive; logFormats: LogFormat[] }[] = [];
  applySettings(b, http.block!, 'http', base, (d) => {
    switch (d.name) {
      case 'map':
        b.conf.maps.push(buildMap(d));
        b.conf.variables.push(...variableNames(d.args[0]), ...d.block!.flatMap((e) => (e.args.length === 1 ? variableNames(e.args[0]) : [])));
        return true;
      case 'upstream':
        if (b.conf.upstreams.has(d.args[0])) throw new ConfError(`duplicate upstream "${d.args[0]}"`, d.file, d.line);
        b.conf.upstreams.set(d.args[0], buildUpstream(d, b.added));
        return true;
      case 'server':
        if (!d.block) throw new ConfError(`directive "server" has no opening "{"`, d.file, d.line);
        servers.push({ d, logFormats: [...b.logFormats] });
        return true;
      case 'log_format': {
        const f = logFormat(d, [COMBINED, ...b.logFormats]);
        b.logFormats.push(f);
        for (const op of f.ops) if ('variable' in op) b.conf.variables.push(op.variable);
        return true;
      }
    }
    return false;
  });
  for (const m of b.opts.modules) m.mergeHttp?.(base as never, { prefix: b.opts.prefix, at: { file: http.file, line: http.line } });
  for (const s of servers) {
    b.logFormats = s.logFormats;
    b.conf.servers.push(buildServer(b, s.d, base));
  }
  // ngx_http_merge_servers(): what a merge finds is reported at the http block's "}".
  for (const l of allLocations(b.conf)) {
    const e = b.opts.modules.map((m) => m.merge?.(l as never)).find((x) => x !== undefined);
    if (e) throw new ConfError(e, http.file, http.closeLine ?? http.line);
  }
  // The modules' postconfiguration, after every merge: nginx names no place.
  for (const l of allLocations(b.conf)) {
    // A main conf's settings (charset_map's tables): every level has the http block's, wherever they stand.
    for (const key of b.opts.modules.flatMap((m) => m.main ?? [])) (l as unknown as Record<string, unknown>)[key] = (base as unknown as Record<string, unknown>)[key];
    const e = b.opts.modules.map((m) => m.check?.(l as never)).find((x) => x !== undefined);
    if (e) throw new ConfError(e);
  }
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
 * Applies the inheritable directives of one level to `loc` through the table's setters; the rest
 * (the block directives that shape the conf) go to `other`, which returns false for a directive it
 * does not handle either.
 */
function applySettings(b: Builder, ds: Directive[], ctx: Ctx, loc: LocationConf, other: (d: Directive) => boolean): void {
  /** The first directive of each name in this block. */
  const setHere = new Map<string, Directive>();
  for (const d of ds) {
    if (d.name === 'server' && ctx === 'http' && d.block) {
      other(d);
      continue;
    }
    const spec = check(d, ctx, b.added);
    if (spec.once && setHere.has(d.name)) throw new ConfError(`"${d.name}" directive is duplicate`, d.file, d.line);
    const firstHere = !setHere.has(d.name);
    if (firstHere) setHere.set(d.name, d);
    if (spec.set) {
      spec.set(loc, d, {
        prefix: b.opts.prefix,
        ctx,
        firstHere,
        here: (name) => (name === d.name ? !firstHere : setHere.has(name)),
        earlier: (name) => setHere.get(name),
        tempPath: (name, path) => b.tempPaths.set(name, [...(b.tempPaths.get(name) ?? []), path]),
        proxyPass: (pd, l) => b.proxyPasses.push({ d: pd, loc: l as LocationConf }),
        nested: (block, blockCtx, l) => applySettings(b, block, blockCtx, l as LocationConf, () => false),
        logFormats: b.logFormats,
      });
    }
    else if (!other(d)) throw new ConfError(`"${d.name}" directive is not allowed here`, d.file, d.line);
  }
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

function buildUpstream(d: Directive, added: Builder['added']): UpstreamConf {
  const u: UpstreamConf = { name: d.args[0], servers: [], ...UPSTREAM_KEEPALIVE, implicit: false, file: d.file, line: d.line };
  for (const s of d.block!) {
    check(s, 'upstream', added);
    if (s.name === 'keepalive') u.keepalive = parseNumber(s, s.args[0], `invalid value "${s.args[0]}" in "keepalive" directive`);
    else if (s.name === 'keepalive_timeout') u.keepaliveTimeoutMs = parseTime(s, s.args[0]);
    else if (s.name === 'keepalive_requests') u.keepaliveRequests = parseNumber(s, s.args[0]);
    else if (s.name === 'keepalive_time') u.keepaliveTimeMs = parseTime(s, s.args[0]);
    else if (s.name === 'ip_hash' || s.name === 'least_conn') u.balancer = s.name;
    else if (s.name === 'hash') {
      if (s.args[1] !== undefined && s.args[1] !== 'consistent') throw new ConfError(`invalid parameter "${s.args[1]}"`, s.file, s.line);
      u.balancer = 'hash';
      u.hash = { key: s.args[0], consistent: s.args[1] === 'consistent' };
    }
    else if (s.name === 'server') u.servers.push(buildUpstreamServer(s, u));
    else throw new ConfError(`"${s.name}" directive is not allowed here`, s.file, s.line);
  }
  if (!u.servers.length) throw new ConfError(`no servers are inside upstream`, d.file, d.line);
  return u;
}

/** ngx_http_upstream_server(): `server address [weight=N] [max_fails=N] [fail_timeout=T] [backup] [down]`. */
function buildUpstreamServer(s: Directive, u: UpstreamConf): UpstreamServerConf {
  const { host, port } = s.args[0].startsWith('unix:') ? unixAddress(s.args[0], s, `upstream "${s.args[0]}"`) : parseHostPort(s.args[0], s, 'upstream');
  const srv: UpstreamServerConf = { host, port: port ?? 80, weight: 1, maxFails: 1, failTimeoutMs: 10_000, backup: false, down: false, text: s.args[0], file: s.file, line: s.line };
  for (const p of s.args.slice(1)) {
    const [, name, value] = /^(weight|max_fails|fail_timeout|max_conns)=(.*)$/.exec(p) ?? [];
    const n = /^\d+$/.test(value ?? '') ? Number(value) : undefined;
    if (name === 'weight' && n) srv.weight = n;
    else if (name === 'max_fails' && n !== undefined) srv.maxFails = n;
    else if (name === 'fail_timeout' && seconds(value) !== undefined) srv.failTimeoutMs = seconds(value)! * 1000;
    else if (name === 'max_conns' && n !== undefined) throw unsupported('the "max_conns" parameter of "server"', s);
    else if (p === 'backup') {
      // ip_hash's and hash's flags lack NGX_HTTP_UPSTREAM_BACKUP: a backup server after them is refused.
      if (u.balancer === 'ip_hash' || u.balancer === 'hash') throw new ConfError(`balancing method does not support parameter "${p}"`, s.file, s.line);
      srv.backup = true;
    }
    else if (p === 'down') srv.down = true;
    else throw new ConfError(`invalid parameter "${p}"`, s.file, s.line);
  }
  return srv;
}

/**
 * `proxy_pass http://unix:/path:/uri`: the path ends at the first ':' after `unix:`, the URI part
 * follows it; an implicit upstream of one peer, whose Host is `localhost` (ngx_http_proxy_set_vars()).
 */
function unixProxyPass(d: Directive, url: string): ProxyPassConf {
  const rest = url.slice('http://'.length);
  const colon = rest.indexOf(':', 'unix:'.length);
  const address = colon < 0 ? rest : rest.slice(0, colon);
  const uri = colon < 0 ? '' : rest.slice(colon + 1);
  const { host } = unixAddress(address, d, `upstream "${rest}"`);
  const upstream: UpstreamConf = {
    name: address,
    servers: [{ host, port: 0, weight: 1, maxFails: 1, failTimeoutMs: 10_000, backup: false, down: false, text: address, file: d.file, line: d.line }],
    ...UPSTREAM_KEEPALIVE,
    implicit: true,
    file: d.file,
    line: d.line,
  };
  return { proxyHost: 'localhost', upstream, uri: uri || undefined, url };
}

function buildProxyPass(b: Builder, d: Directive): ProxyPassConf | ProxyPassVariables {
  const url = d.args[0];
  // ngx_http_proxy_pass(): a URL with variables is only compiled; it is read per request.
  if (url.includes('$')) return { variables: url, file: d.file, line: d.line };
  if (/^http:\/\/unix:/.test(url)) return unixProxyPass(d, url);
  const m = /^https?:\/\/([^/]*)(\/.*)?$/.exec(url);
  if (!m) throw new ConfError('invalid URL prefix', d.file, d.line);
  const ssl = url.startsWith('https');
  const defaultPort = ssl ? 443 : 80;
  const { host, port } = parseHostPort(m[1], d, 'upstream');
  if (port !== undefined && b.conf.upstreams.has(host)) throw new ConfError(`upstream "${host}" may not have port ${port}`, d.file, d.line);
  const explicit = port === undefined ? b.conf.upstreams.get(host) : undefined;
  const upstream: UpstreamConf = explicit ?? {
    name: m[1],
    servers: [{ host, port: port ?? defaultPort, weight: 1, maxFails: 1, failTimeoutMs: 10_000, backup: false, down: false, text: m[1], file: d.file, line: d.line }],
    ...UPSTREAM_KEEPALIVE,
    implicit: true,
    file: d.file,
    line: d.line,
  };
  return { proxyHost: port === undefined || port === defaultPort ? host.includes(':') ? `[${host}]` : host : m[1], upstream, uri: m[2], url, ...(ssl ? { ssl: true as const } : {}) };
}

function buildServer(b: Builder, d: Directive, http: LocationConf): ServerConf {
  const base = inherit(http, b.opts.modules);
  const server: ServerConf = {
    ...base.server,
    listens: [],
    serverNames: [],
    name: '',
    locations: [],
    named: [],
    base,
    file: d.file,
    line: d.line,
  };
  const locations: { d: Directive; head: LocationHead }[] = [];
  applySettings(b, d.block!, 'server', base, (s) => {
    switch (s.name) {
      case 'listen': {
        for (const l of parseListen(s)) {
          if (server.listens.some((x) => x.text === l.text)) throw new ConfError(`a duplicate listen ${l.text}`, s.file, s.line);
          if (l.defaultServer) {
            if (b.defaultListens.has(l.text)) throw new ConfError(`a duplicate default server for ${l.text}`, s.file, s.line);
            b.defaultListens.add(l.text);
          }
          server.listens.push(l);
        }
        return true;
      }
      case 'server_name':
        server.serverNames.push(...s.args.map((n) => serverName(n, s)));
        return true;
      case 'location':
        locations.push({ d: s, head: locationHead(s) });
        return true;
    }
    return false;
  });
  Object.assign(server, base.server);
  if (!server.listens.length) server.listens.push({ host: '0.0.0.0', port: 80, text: '0.0.0.0:80', defaultServer: false });
  if (!server.serverNames.length) server.serverNames.push('');
  const first = server.serverNames[0];
  server.name = first.startsWith('.') ? first.slice(1) : first;
  // ngx_http_server_names(): a `*` elsewhere than a whole first or last label.
  const bad = server.serverNames.find((n) => !n.startsWith('~') && addName(nameTable(), n, server, true) === 'invalid');
  if (bad !== undefined) throw new ConfError(`invalid server name or wildcard "${bad}" on ${server.listens[0].text}`);
  for (const l of locations) {
    const loc = buildLocation(b, l.d, l.head, base);
    if (loc.modifier === '@') server.named.push(loc);
    else server.locations.push(loc);
  }
  duplicates(server.locations);
  return server;
}

/** ngx_http_join_exact_locations(): the same prefix twice, or the same exact match twice, in one block. */
function duplicates(locations: LocationConf[]): void {
  const seen = new Set<string>();
  for (const loc of locations) {
    if (loc.regex) continue;
    const key = (loc.modifier === '=' ? '=' : '') + loc.path;
    if (seen.has(key)) throw new ConfError(`duplicate location "${loc.path}"`, loc.file, loc.line);
    seen.add(key);
  }
}

/** ngx_http_core_server_name(): one name, checked, lowercased (a regex compiled instead), `$hostname` this machine's. */
function serverName(n: string, d: Directive): string {
  if ((n.startsWith('*') && (n.length < 3 || n[1] !== '.')) || (n.startsWith('.') && n.length < 2)) throw new ConfError(`server name "${n}" is invalid`, d.file, d.line);
  if (n.toLowerCase() === '$hostname') return hostname().toLowerCase();
  if (!n.startsWith('~')) return n.toLowerCase();
  if (n === '~') throw new ConfError(`empty regex in server name "${n}"`, d.file, d.line);
  serverNameRegex(n.slice(1), d);
  return n;
}

/** A `listen`: one address, or one per port of a range (`127.0.0.1:8182-8183`, ngx_parse_url() as Debian's 1.22.1 has it). */
function parseListen(d: Directive): ListenConf[] {
  const [addr, ...params] = d.args;
  for (const p of params) {
    // ngx_http_core_listen()'s socket buffer sizes, checked as nginx checks them; Node's server
    // sockets keep the system's sizes (it has no SO_SNDBUF / SO_RCVBUF for them).
    const buffer = /^(sndbuf|rcvbuf)=/.exec(p)?.[1];
    if (buffer) {
      if (!/^\d+[kKmMgG]?$/.test(p.slice(buffer.length + 1))) throw new ConfError(`invalid ${buffer} "${p}"`, d.file, d.line);
    } else if (p !== 'default_server' && p !== 'default' && p !== 'ssl') throw unsupported(`the "${p}" parameter of "listen"`, d);
  }
  const defaultServer = params.includes('default_server') || params.includes('default');
  const ssl = params.includes('ssl') || undefined;
  if (addr.startsWith('unix:')) return [{ ...unixAddress(addr, d, `"${addr}" of the "listen" directive`), defaultServer, ssl }];
  const range = /^((?:.*:)?)(\d+)-(\d+)$/.exec(addr);
  if (!range) return [{ ...listenAddress(addr, d), defaultServer, ssl }];
  const [from, to] = [Number(range[2]), Number(range[3])];
  if (from < 1 || to > 65535) throw new ConfError(`invalid port in "${addr}" of the "listen" directive`, d.file, d.line);
  if (from > to) throw new ConfError(`invalid port range in "${addr}" of the "listen" directive`, d.file, d.line);
  return Array.from({ length: to - from + 1 }, (_, i) => ({ ...listenAddress(range[1] + (from + i), d), defaultServer, ssl }));
}

/** ngx_parse_unix_domain_url(): `unix:/path`, the path as written (a relative one is the process's working folder's). */
function unixAddress(addr: string, d: Pick<Directive, 'file' | 'line'>, where: string): { host: string; port: number; text: string; unix: string } {
  const path = addr.slice(5);
  if (!path) throw new ConfError(`no path in the unix domain socket in ${where}`, d.file, d.line);
  // sizeof(sun_path) on Linux, its terminating NUL included.
  if (Buffer.byteLength(path) + 1 > 108) throw new ConfError(`too long path in the unix domain socket in ${where}`, d.file, d.line);
  return { host: addr, port: 0, text: addr, unix: path };
}

/** The address a `listen` names: `8080` (every IPv4 address), `127.0.0.1:8080`, `[::1]:8080`, `localhost`. */
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

type LocationHead = Pick<LocationConf, 'modifier' | 'path' | 'regex'>;

/**
 * ngx_http_core_location(), as it meets the directive: the name and its modifier, the regex
 * compiled, and where a nested one may be (before the block is read, and the parent's later lines).
 */
function locationHead(d: Directive, parent?: LocationConf): LocationHead {
  let modifier: LocationConf['modifier'] = '';
  let path: string;
  if (d.args.length === 2) {
    const mod = d.args[0];
    if (mod !== '=' && mod !== '^~' && mod !== '~' && mod !== '~*') throw new ConfError(`invalid location modifier "${mod}"`, d.file, d.line);
    modifier = mod;
    path = d.args[1];
  } else {
    path = d.args[0];
    // ngx_http_core_location() reads a modifier glued to the name (`^~/api/`) as a separate one.
    const mod = /^(=|~\*|~|\^~|@)/.exec(path)?.[1] as LocationConf['modifier'] | undefined;
    if (mod) {
      modifier = mod;
      // A named location keeps its `@` in its name.
      if (mod !== '@') path = path.slice(mod.length);
    }
  }
  // NGX_HAVE_CASELESS_FILESYSTEM (the Windows build) makes every regex caseless: the request
  // compiles that variant (embedded/phases/find-config.ts) from this one.
  const regex = modifier === '~' || modifier === '~*' ? compileRegex(path, modifier === '~*', d) : undefined;
  if (parent) {
    const what = parent.modifier === '=' ? 'the exact location' : 'the named location';
    if (parent.modifier === '=' || parent.modifier === '@') throw new ConfError(`location "${path}" cannot be inside ${what} "${parent.path}"`, d.file, d.line);
    if (modifier === '@') throw new ConfError(`named location "${path}" can be on the server level only`, d.file, d.line);
    if (!regex && !path.startsWith(parent.path)) throw new ConfError(`location "${path}" is outside location "${parent.path}"`, d.file, d.line);
  }
  return { modifier, path, regex };
}

/** A location's block, inheriting `outer`'s settings; its nested locations last, as nginx merges them. */
/** The methods limit_except may name (ngx_methods_names). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'MKCOL', 'COPY', 'MOVE', 'OPTIONS', 'PROPFIND', 'PROPPATCH', 'LOCK', 'UNLOCK', 'PATCH'];

/**
 * ngx_http_core_limit_except(): the methods named (GET names HEAD too), and the settings the other
 * methods get: the location's, merged once the location is read, with the block's access rules.
 */
function buildLimitExcept(b: Builder, d: Directive, loc: LocationConf): LimitExcept {
  const allowed = new Set<string>();
  for (const m of d.args) {
    const method = METHODS.find((x) => x === m.toUpperCase());
    if (!method) throw new ConfError(`invalid method "${m}"`, d.file, d.line);
    allowed.add(method);
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  // The block is a location of its own, without a name, whose content handler is the location's
  // (the proxy module's merge gives it proxy_pass's).
  const conf: LocationConf = { ...loc, locations: [], limitExcept: undefined };
  applySettings(b, d.block!, 'lmt', conf, () => false);
  // Its own proxy_pass, if it has one, else the location's.
  const pass = b.proxyPasses.find((p) => p.loc === loc);
  if (pass && !b.proxyPasses.some((p) => p.loc === conf)) b.proxyPasses.push({ d: pass.d, loc: conf });
  return { allowed, conf };
}

function buildLocation(b: Builder, d: Directive, head: LocationHead, outer: LocationConf): LocationConf {
  const loc = inherit(outer, b.opts.modules);
  Object.assign(loc, head);
  loc.file = d.file;
  loc.line = d.line;
  const nested: { d: Directive; head: LocationHead }[] = [];
  let limitExcept: Directive | undefined;
  applySettings(b, d.block!, 'location', loc, (s) => {
    if (s.name === 'limit_except') {
      limitExcept = s;
      return true;
    }
    if (s.name !== 'location') return false;
    nested.push({ d: s, head: locationHead(s, loc) });
    return true;
  });
  if (limitExcept) loc.limitExcept = buildLimitExcept(b, limitExcept, loc);
  for (const n of nested) loc.locations.push(buildLocation(b, n.d, n.head, loc));
  duplicates(loc.locations);
  return loc;
}
