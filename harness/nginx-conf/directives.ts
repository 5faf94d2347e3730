// The directives of the supported subset, one entry each, as nginx's ngx_command_t arrays have
// them (ngx_http_core_commands[], ...): the name, the contexts it may
// appear in, its argument count, whether a block may hold it once, and, for the settings that
// http, server and location blocks inherit, how it sets a level. Adding a directive is one entry
// here (and its test); the block directives that give the conf its shape (http, server, location,
// upstream, map, listen, ...) are read by build.ts, which this table names without a setter.
import { isAbsolute, join } from 'node:path';
import { isLevel } from '../logs/error-log.js';
import { ConfError, unsupported } from './error.js';
import { NGINX_DIRECTIVES } from './nginx-directives.js';
import type { Directive } from './parse.js';
import type { ErrorPage, LocationConf, LogTarget } from './model.js';
import { ANY, HS, HSL, HSL_IF, MAIN, type Ctx, type DirectiveSpec, type SetContext } from './directive.js';
/** A size directive that takes variables: checked now when it has none. */
function complexSize(d: Directive): string {
  if (!d.args[0].includes('$')) parseSize(d, d.args[0]);
  return d.args[0];
}

export type { Ctx } from './directive.js';
import { parseEnum, parseFlag, parseNumber, parseSize, parseTime, seconds } from './values.js';
import { RESOLVER } from './http/resolver.js';
import { CORE_RESPONSE } from './http/core-response.js';
import { OPEN_FILE_CACHE } from './http/open-file-cache.js';


/**
 * ngx_conf_set_bitmask_slot() for keepalive_disable: `none`, `msie6`, `safari`; a value given
 * twice is only warned about in nginx, and changes nothing.
 */
function keepaliveDisable(d: Directive): LocationConf['keepaliveDisable'] {
  const bad = d.args.find((v) => v !== 'none' && v !== 'msie6' && v !== 'safari');
  if (bad !== undefined) throw new ConfError(`invalid value "${bad}"`, d.file, d.line);
  return { msie6: d.args.includes('msie6'), safari: d.args.includes('safari') };
}

/** A path as nginx resolves a relative one: against the prefix. */
export const abs = (prefix: string, p: string) => (isAbsolute(p) || p === 'stderr' ? p : join(prefix, p));

/** `error_log file [level]`. */
export function logTarget(d: Directive, prefix: string): LogTarget {
  const level = d.args[1] ?? 'error';
  if (!isLevel(level)) throw new ConfError(`invalid log level "${level}"`, d.file, d.line);
  return { path: abs(prefix, d.args[0]), level };
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
  const q = uri.startsWith('/') ? uri.indexOf('?') : -1;
  const target = uri.includes('$') ? { uri, args: '', variables: true } : q < 0 ? { uri, args: '' } : { uri: uri.slice(0, q), args: uri.slice(q + 1) };
  return a.slice(0, eq === undefined ? -1 : -2).map((code) => {
    const n = Number(code);
    if (!/^\d+$/.test(code) || n === 499) throw new ConfError(`invalid value "${code}"`, d.file, d.line);
    if (n < 300 || n > 599) throw new ConfError(`value "${code}" must be between 300 and 599`, d.file, d.line);
    return [n, { ...target, overwrite }];
  });
}

/** ngx_http_core_root(): `root path` or `alias path`, one of them once in a block. */
function rootOrAlias(l: LocationConf, d: Directive, c: SetContext): void {
  const other = d.name === 'root' ? 'alias' : 'root';
  if (c.here(d.name)) throw new ConfError(`"${d.name}" directive is duplicate`, d.file, d.line);
  if (c.here(other)) throw new ConfError(`"${d.name}" directive is duplicate, "${other}" directive was specified earlier`, d.file, d.line);
  if (d.name === 'alias' && l.modifier === '@') throw new ConfError('the "alias" directive cannot be used inside the named location', d.file, d.line);
  let path = d.args[0];
  for (const v of ['document_root', 'realpath_root']) {
    if (path.includes('$' + v) || path.includes('${' + v + '}')) throw new ConfError(`the $${v} variable cannot be used in the "${d.name}" directive`, d.file, d.line);
  }
  if (d.name === 'root' && path.includes('$')) throw unsupported('variables in "root"', d, true);
  // root loses a last slash, alias keeps it; a path that starts with a variable is made whole per request.
  if (d.name === 'root' && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  l.root = path.startsWith('$') ? path : abs(c.prefix, path);
  l.alias = d.name === 'root' ? 0 : l.modifier === '~' || l.modifier === '~*' ? Infinity : l.path.length;
}

/** A `*_temp_path` the engine never writes to, but which nginx creates at start. */
export const otherTempPath = (_l: object, d: Directive, c: SetContext) => {
  tempLevels(d);
  c.tempPath(d.name, abs(c.prefix, d.args[0]));
};

/** Accepted, checked, and without effect on what a client gets: see each entry's comment. */
const accepted = (_l: LocationConf, d: Directive) => void parseFlag(d);

const CORE: Record<string, DirectiveSpec<LocationConf>> = {
  // ---- main and events: read by build.ts ----
  user: { ctx: MAIN, args: [1, 2], once: true },
  worker_processes: { ctx: MAIN, args: [1, 1], once: true },
  error_log: {
    ctx: ['main', ...HSL],
    args: [1, ANY],
    set: (l, d, c) => (l.errorLog = c.firstHere ? [logTarget(d, c.prefix)] : [...l.errorLog, logTarget(d, c.prefix)]),
  },
  pid: { ctx: MAIN, args: [1, 1], once: true },
  daemon: { ctx: MAIN, args: [1, 1], once: true },
  master_process: { ctx: MAIN, args: [1, 1], once: true },
  events: { ctx: MAIN, args: [0, 0], block: true, once: true },
  worker_connections: { ctx: ['events'], args: [1, 1] },
  // Which worker accepts a connection, not what it answers.
  multi_accept: { ctx: ['events'], args: [1, 1] },
  accept_mutex: { ctx: ['events'], args: [1, 1] },
  http: { ctx: MAIN, args: [0, 0], block: true, once: true },

  // ---- the blocks and what shapes them: read by build.ts ----
  map: { ctx: ['http'], args: [2, 2], block: true },
  upstream: { ctx: ['http'], args: [1, 1], block: true },
  server: { ctx: ['http', 'upstream'], args: [1, ANY] },
  keepalive: { ctx: ['upstream'], args: [1, 1] },
  ip_hash: { ctx: ['upstream'], args: [0, 0] },
  least_conn: { ctx: ['upstream'], args: [0, 0] },
  hash: { ctx: ['upstream'], args: [1, 2] },
  listen: { ctx: ['server'], args: [1, ANY] },
  server_name: { ctx: ['server'], args: [1, ANY] },
  // Its block is read by build.ts once the location is (buildLimitExcept()).
  limit_except: { ctx: ['location'], args: [1, ANY], block: true, once: true },
  location: { ctx: ['server', 'location'], args: [1, 2], block: true },
  // ngx_http_log_module's, read by build.ts: an access_log names only the formats defined before it.
  log_format: { ctx: ['http'], args: [2, ANY] },

  // ---- ngx_http_core_module ----
  root: { ctx: HSL_IF, args: [1, 1], set: rootOrAlias },
  alias: { ctx: ['location'], args: [1, 1], set: rootOrAlias },
  error_page: {
    ctx: HSL_IF,
    args: [2, ANY],
    set: (l, d, c) => {
      if (c.firstHere) l.errorPages = new Map();
      for (const [code, page] of errorPages(d)) l.errorPages.set(code, page);
    },
  },
  default_type: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.defaultType = d.args[0]) },
  types: {
    ctx: HSL,
    args: [0, 0],
    block: true,
    set: (l, d) => {
      const types = new Map<string, string>();
      for (const t of d.block!) for (const ext of t.args) types.set(ext.toLowerCase(), t.name);
      l.types = types;
    },
  },
  // sendfile(2) against read(2) and write(2), TCP_CORK, TCP_NODELAY: how nginx hands the bytes to
  // the kernel and how they are packed into segments, never which bytes go or in what order; a
  // client over loopback gets the same answers, byte for byte, either way.
  sendfile: { ctx: HSL_IF, args: [1, 1], once: true, set: accepted },
  tcp_nopush: { ctx: HSL, args: [1, 1], set: accepted },
  tcp_nodelay: { ctx: HSL, args: [1, 1], set: accepted },
  server_tokens: {
    ctx: HSL,
    args: [1, 1],
    once: true,
    // An enum: `build` adds the build name given to ./configure --build, which neither the Windows
    // nor Debian's build has: the same as `on`.
    set: (l, d) => {
      if (!['on', 'off', 'build'].includes(d.args[0])) throw new ConfError(`invalid value "${d.args[0]}"`, d.file, d.line);
      l.serverTokens = d.args[0] !== 'off';
    },
  },
  log_not_found: { ctx: HSL, args: [1, 1], set: (l, d) => (l.logNotFound = parseFlag(d)) },
  // Sizes of nginx's lookup tables: how it finds a type or a server name, not which it finds.
  types_hash_max_size: { ctx: HSL, args: [1, 1], set: () => undefined },
  server_names_hash_bucket_size: { ctx: ['http'], args: [1, 1], set: () => undefined },
  server_names_hash_max_size: { ctx: ['http'], args: [1, 1], set: () => undefined },
  map_hash_bucket_size: { ctx: ['http'], args: [1, 1], set: () => undefined },
  map_hash_max_size: { ctx: ['http'], args: [1, 1], set: () => undefined },
  variables_hash_bucket_size: { ctx: ['http'], args: [1, 1], set: () => undefined },
  variables_hash_max_size: { ctx: ['http'], args: [1, 1], set: () => undefined },
  keepalive_timeout: {
    ctx: [...HSL, 'upstream'],
    args: [1, 2],
    once: true,
    set: (l, d) => {
      l.keepaliveTimeoutMs = parseTime(d, d.args[0]);
      // The header's value is inherited on its own: a level that gives one value keeps the outer one's.
      if (d.args[1] === undefined) return;
      const header = seconds(d.args[1]);
      if (header === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
      l.keepaliveHeader = header;
    },
  },
  keepalive_requests: { ctx: [...HSL, 'upstream'], args: [1, 1], set: (l, d) => (l.keepaliveRequests = parseNumber(d, d.args[0])) },
  max_ranges: { ctx: HSL, args: [1, 1], set: (l, d) => (l.maxRanges = parseNumber(d, d.args[0])) },
  keepalive_time: { ctx: [...HSL, 'upstream'], args: [1, 1], once: true, set: (l, d) => (l.keepaliveTimeMs = parseTime(d, d.args[0])) },
  keepalive_disable: { ctx: HSL, args: [1, 2], once: true, set: (l, d) => (l.keepaliveDisable = keepaliveDisable(d)) },
  send_timeout: { ctx: HSL, args: [1, 1], set: (l, d) => (l.sendTimeoutMs = parseTime(d, d.args[0])) },
  client_header_timeout: { ctx: HS, args: [1, 1], set: (l, d) => (l.server.clientHeaderTimeoutMs = parseTime(d, d.args[0])) },
  client_body_timeout: { ctx: HSL, args: [1, 1], set: (l, d) => (l.clientBodyTimeoutMs = parseTime(d, d.args[0])) },
  // Each connection's first memory pool: checked as ngx_http_core_pool_size() checks it, nothing a client sees.
  connection_pool_size: {
    ctx: HS,
    args: [1, 1],
    once: true,
    set: (_l, d) => {
      const size = parseSize(d, d.args[0]);
      // NGX_MIN_POOL_SIZE on 64-bit systems, and NGX_POOL_ALIGNMENT.
      if (size < 112) throw new ConfError('the pool size must be no less than 112', d.file, d.line);
      if (size % 16) throw new ConfError('the pool size must be a multiple of 16', d.file, d.line);
    },
  },
  client_header_buffer_size: { ctx: HS, args: [1, 1], set: (l, d) => (l.server.headerBufferSize = parseSize(d, d.args[0])) },
  large_client_header_buffers: {
    ctx: HS,
    args: [2, 2],
    set: (l, d) => {
      l.server.largeHeaderBuffers = parseNumber(d, d.args[0], `"${d.name}" directive invalid value`);
      l.server.largeHeaderBufferSize = parseSize(d, d.args[1]);
    },
  },
  // ngx_http_set_complex_value_size_slot(): a size checked now, or one with variables checked per response.
  limit_rate: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.limitRate = complexSize(d)) },
  limit_rate_after: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.limitRateAfter = complexSize(d)) },
  client_max_body_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.clientMaxBodySize = parseSize(d, d.args[0])) },
  client_body_buffer_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.clientBodyBufferSize = parseSize(d, d.args[0])) },
  client_body_in_file_only: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.clientBodyInFileOnly = parseEnum(d, ['off', 'on', 'clean'])) },
  client_body_in_single_buffer: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.clientBodyInSingleBuffer = parseFlag(d)) },
  client_body_temp_path: {
    ctx: HSL,
    args: [1, 4],
    once: true,
    set: (l, d, c) => {
      l.clientBodyTempPath = abs(c.prefix, d.args[0]);
      l.clientBodyTempLevels = tempLevels(d);
      c.tempPath(d.name, l.clientBodyTempPath);
    },
  },
  fastcgi_temp_path: { ctx: HSL, args: [1, 4], once: true, set: otherTempPath },
  uwsgi_temp_path: { ctx: HSL, args: [1, 4], once: true, set: otherTempPath },
  scgi_temp_path: { ctx: HSL, args: [1, 4], once: true, set: otherTempPath },
  merge_slashes: { ctx: HS, args: [1, 1], set: (l, d) => (l.server.mergeSlashes = parseFlag(d)) },
  underscores_in_headers: { ctx: HS, args: [1, 1], set: (l, d) => (l.server.underscoresInHeaders = parseFlag(d)) },
  ignore_invalid_headers: { ctx: HS, args: [1, 1], set: (l, d) => (l.server.ignoreInvalidHeaders = parseFlag(d)) },
};

/**
 * The directives of the core's table: ngx_http_core_module's above, and each module of http/ with
 * its own table (its settings, their defaults and its directives in one file). The engine's
 * modules (embedded/modules/) hand the loader theirs.
 */
export const DIRECTIVES: Record<string, DirectiveSpec<LocationConf>> = {
  ...CORE,
  ...CORE_RESPONSE.directives,
  ...RESOLVER.directives,
  ...OPEN_FILE_CACHE.directives,
};

/** ngx_conf_handler()'s checks, in its order: known, allowed here, block or not, argument count. */
export function check(d: Directive, ctx: Ctx, added: Readonly<Record<string, DirectiveSpec<never>>> = {}): DirectiveSpec<LocationConf> {
  const spec = (DIRECTIVES[d.name] ?? added[d.name]) as DirectiveSpec<LocationConf> | undefined;
  if (!spec) {
    // Valid nginx the engine does not run is said so; a name nginx has not either, as nginx says it.
    if (NGINX_DIRECTIVES.has(d.name)) throw unsupported(`"${d.name}"`, d);
    throw new ConfError(`unknown directive "${d.name}"`, d.file, d.line);
  }
  if (!spec.ctx.includes(ctx)) throw new ConfError(`"${d.name}" directive is not allowed here`, d.file, d.line);
  if (!!spec.block !== !!d.block) {
    if (spec.block) throw new ConfError(`directive "${d.name}" has no opening "{"`, d.file, d.line);
    throw new ConfError(`directive "${d.name}" is not terminated by ";"`, d.file, d.line);
  }
  const [min, max] = spec.args;
  if (d.args.length < min || d.args.length > max) {
    throw new ConfError(`invalid number of arguments in "${d.name}" directive`, d.file, d.line);
  }
  return spec;
}
