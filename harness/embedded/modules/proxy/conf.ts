// ngx_http_proxy_module's directives (its ngx_http_proxy_loc_conf_t, create_loc_conf, merge and
// commands[]): the request's side (proxy_pass, which installs the location's handler, the version,
// the headers and the body sent, the timeouts and the next peer's rules) and what comes back from
// the upstream (which headers pass, where a Location is rewritten to, error statuses answered by
// error_page, and the buffers the answer is read into). The part the exchange runs with is the
// upstream's (upstream/conf.ts, u->conf).
import { ConfError, unsupported } from '../../../nginx-conf/error.js';
import { compileRegex } from '../../../nginx-conf/pcre.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { ANY, HSL, type ConfModule, type LevelVariables, type SetContext, type VariableUse } from '../../../nginx-conf/directive.js';
import { otherTempPath } from '../../../nginx-conf/directives.js';
import type { LocationConf } from '../../../nginx-conf/model.js';
import { regexVariables } from '../../../nginx-conf/map.js';
import { locationUses, variableNames } from '../../../nginx-conf/variables.js';
import { parseFlag, parseHttpVersion, parseNumber, parseSize, parseTime } from '../../../nginx-conf/values.js';
import type { UpstreamSettings } from '../../upstream/conf.js';
import { PROXY_CACHE } from './cache.js';

/**
 * One `proxy_* from to` rewrite: `to` may hold variables. A `from` that starts with `~` (`~*`
 * without case) is a regular expression: it must match the whole value, which `to` (its captures
 * in it) then replaces.
 */
export interface Rewrite {
  from: string;
  to: string;
  regex?: RegExp;
}

/** One proxy_set_header. */
export interface ProxyHeader {
  name: string;
  /** Value with `$variables` left in, evaluated per request. */
  value: string;
  /** Where proxy_set_header set it (nginx's own headers have no place). */
  at?: { file: string; line: number };
}

/** One `proxy_redirect from to`; 'default' is proxy_pass's URL to the location's name. */
export type ProxyRedirect = 'default' | Rewrite;

export interface ProxyConf extends UpstreamSettings {
  proxyHttpVersion: '1.0' | '1.1';
  proxySetHeaders: ProxyHeader[];
  /** proxy_request_buffering: off, the body goes to the upstream as it comes. */
  proxyRequestBuffering: boolean;
  /** proxy_pass_request_headers: the client's headers go upstream after proxy_set_header's. */
  proxyPassRequestHeaders: boolean;
  /** proxy_pass_request_body: the client's body (still read whole) goes upstream; Content-Length is sent either way. */
  proxyPassRequestBody: boolean;
  /** Lowercased names. */
  proxyHideHeaders: string[];
  proxyPassHeaders: string[];
  /** undefined: twice the larger of proxy_buffer_size and one of proxy_buffers. */
  proxyBusyBuffersSize?: number;
  /**
   * How much of a buffered answer nginx writes to a temporary file while the client is slow, and
   * in what pieces: where the bytes wait, not which bytes the client gets (the engine holds them
   * by not reading the upstream). Kept for nginx's checks; undefined: nginx's defaults.
   */
  proxyTempFileWriteSize?: number;
  proxyMaxTempFileSize?: number;
  /** In order, the first that matches rewrites; [] is `proxy_redirect off`. */
  proxyRedirects: ProxyRedirect[];
  /** Set-Cookie's Path= (a prefix) and Domain= (the whole name) rewrites; [] is none (`off`). */
  proxyCookiePaths: Rewrite[];
  proxyCookieDomains: Rewrite[];
}

/** The headers nginx writes itself, never the upstream's: hiding or passing them is refused. */
export const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const flag = (key: 'proxyInterceptErrors' | 'proxyBuffering') => ({
  ctx: HSL,
  args: [1, 1] as const,
  once: true,
  set: (l: ProxyConf, d: Directive) => (l[key] = parseFlag(d)),
});

/**
 * ngx_http_proxy_redirect(), ngx_http_proxy_cookie_path() and _domain(): `off`, `from to`, and for
 * proxy_redirect `default`; each line adds a rule to the block's list.
 */
function rewrites<R>(list: R[], d: Directive, firstHere: boolean, keyword?: R): R[] {
  const domain = d.name === 'proxy_cookie_domain';
  const [from, to] = d.args;
  const off = from === 'off' && to === undefined;
  // `off` and other lines of the directive in one block.
  if (!firstHere && (off || list.length === 0)) throw new ConfError(`"${d.name}" directive is duplicate`, d.file, d.line);
  if (off) return [];
  const inherited = firstHere ? [] : list;
  if (keyword !== undefined && from === keyword && to === undefined) return [...inherited, keyword];
  if (to === undefined) throw new ConfError(`invalid parameter "${from}"`, d.file, d.line);
  // ngx_http_proxy_cookie_domain(): a domain's leading "." is no part of the text compared or put.
  if (!from.startsWith('~')) return [...inherited, (domain ? { from: from.replace(/^\./, ''), to: to.replace(/^\./, '') } : { from, to }) as R];
  // A domain's regular expression is always without case (`~` only); the others' with `~*`.
  const starred = !domain && from.startsWith('~*');
  return [...inherited, { from, to, regex: compileRegex(from.slice(starred ? 2 : 1), domain || starred, d).re } as R];
}

/** ngx_http_proxy_redirect(): `default` is made of this block's proxy_pass URL, written before it and without variables. */
function checkDefault(d: Directive, c: SetContext): void {
  const pass = c.earlier('proxy_pass');
  if (pass?.args[0].includes('$')) throw new ConfError('"proxy_redirect default" cannot be used with "proxy_pass" directive with variables', d.file, d.line);
  if (!pass) throw new ConfError('"proxy_redirect default" should be placed after the "proxy_pass" directive', d.file, d.line);
}

function headerName(d: Directive): string {
  const key = d.args[0].toLowerCase();
  if (FRAMING_HEADERS.has(key)) throw unsupported(`"${d.name} ${d.args[0]}"`, d);
  return key;
}

const PROXY_NEXT_UPSTREAM = ['error', 'timeout', 'invalid_header', 'http_500', 'http_502', 'http_503', 'http_504', 'http_403', 'http_404', 'http_429', 'non_idempotent', 'off'];

const IGNORABLE = ['x-accel-redirect', 'x-accel-expires', 'x-accel-limit-rate', 'x-accel-buffering', 'x-accel-charset', 'expires', 'cache-control', 'set-cookie', 'vary'];

export const PROXY: ConfModule<ProxyConf> = {
  defaults: {
    proxyHttpVersion: '1.0',
    proxySetHeaders: [],
    proxyConnectTimeoutMs: 60_000,
    proxyReadTimeoutMs: 60_000,
    proxySendTimeoutMs: 60_000,
    proxyNextUpstream: new Set(['error', 'timeout']),
    proxyNextUpstreamTries: 0,
    proxyNextUpstreamTimeoutMs: 0,
    proxyRequestBuffering: true,
    proxyPassRequestHeaders: true,
    proxyPassRequestBody: true,
    proxyHideHeaders: [],
    proxyPassHeaders: [],
    proxyIgnoreHeaders: [],
    proxyInterceptErrors: false,
    proxyBuffering: true,
    proxyBufferSize: 4096,
    proxyBuffers: { num: 8, size: 4096 },
    proxyRedirects: ['default'],
    proxyCookiePaths: [],
    proxyCookieDomains: [],
  },
  merge: proxyBuffersError,
  variables: proxyVariables,
  tempPaths: ['proxy_temp_path'],
  directives: {
    proxy_pass: {
      ctx: ['location', 'lif', 'lmt'],
      args: [1, 1],
      once: true,
      // ngx_http_proxy_pass(): a URI part has no meaning where no prefix is replaced (one in variables is sent whole).
      set: (l, d, c) => {
        // The core's conf of the level (ngx_http_conf_get_module_loc_conf(cf, ngx_http_core_module)).
        const core = l as unknown as Pick<LocationConf, 'handler' | 'regex' | 'modifier'>;
        if ((c.ctx === 'lif' || c.ctx === 'lmt' || core.regex || core.modifier === '@') && /^\w+:\/\/[^/]*\//.test(d.args[0]) && !d.args[0].includes('$')) {
          throw new ConfError('"proxy_pass" cannot have URI part in location given by regular expression, or inside named location, or inside "if" statement, or inside "limit_except" block', d.file, d.line);
        }
        // As ngx_http_proxy_pass() sets clcf->handler; the address is read once the upstreams are known.
        core.handler = 'proxy';
        c.proxyPass(d, l);
      },
    },
    proxy_http_version: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyHttpVersion = parseHttpVersion(d)) },
    proxy_set_header: {
      ctx: HSL,
      args: [2, 2],
      set: (l, d, c) => (l.proxySetHeaders = [...(c.firstHere ? [] : l.proxySetHeaders), { name: d.args[0], value: d.args[1], at: { file: d.file, line: d.line } }]),
    },
    proxy_connect_timeout: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyConnectTimeoutMs = parseTime(d, d.args[0])) },
    proxy_read_timeout: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyReadTimeoutMs = parseTime(d, d.args[0])) },
    proxy_send_timeout: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxySendTimeoutMs = parseTime(d, d.args[0])) },
    proxy_next_upstream: {
      ctx: HSL,
      args: [1, ANY],
      set: (l, d) => {
        for (const v of d.args) if (!PROXY_NEXT_UPSTREAM.includes(v)) throw new ConfError(`invalid value "${v}"`, d.file, d.line);
        l.proxyNextUpstream = new Set(d.args.includes('off') ? [] : d.args);
      },
    },
    proxy_next_upstream_tries: { ctx: HSL, args: [1, 1], set: (l, d) => (l.proxyNextUpstreamTries = parseNumber(d, d.args[0])) },
    proxy_next_upstream_timeout: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyNextUpstreamTimeoutMs = parseTime(d, d.args[0])) },
    proxy_request_buffering: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyRequestBuffering = parseFlag(d)) },
    proxy_pass_request_headers: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyPassRequestHeaders = parseFlag(d)) },
    proxy_pass_request_body: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyPassRequestBody = parseFlag(d)) },
    proxy_temp_path: { ctx: HSL, args: [1, 4], once: true, set: otherTempPath },
    proxy_hide_header: { ctx: HSL, args: [1, 1], set: (l, d, c) => (l.proxyHideHeaders = [...(c.firstHere ? [] : l.proxyHideHeaders), headerName(d)]) },
    proxy_pass_header: { ctx: HSL, args: [1, 1], set: (l, d, c) => (l.proxyPassHeaders = [...(c.firstHere ? [] : l.proxyPassHeaders), headerName(d)]) },
    proxy_ignore_headers: {
      ctx: HSL,
      args: [1, ANY],
      once: true,
      set: (l, d) => {
        // ngx_conf_set_bitmask_slot() over ngx_http_upstream_ignore_headers_masks[].
        const bad = d.args.find((a) => !IGNORABLE.includes(a.toLowerCase()));
        if (bad !== undefined) throw new ConfError(`invalid value "${bad}"`, d.file, d.line);
        l.proxyIgnoreHeaders = d.args.map((a) => a.toLowerCase());
      },
    },
    proxy_intercept_errors: flag('proxyInterceptErrors'),
    // The engine passes the body on as nginx's event pipe does (buffering on) or as it reads it (off).
    proxy_buffering: flag('proxyBuffering'),
    proxy_buffer_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyBufferSize = parseSize(d, d.args[0])) },
    // ngx_conf_set_bufs_slot(): the number and size of the buffers a buffered body is read into.
    proxy_buffers: {
      ctx: HSL,
      args: [2, 2],
      once: true,
      set: (l, d) => {
        const num = parseNumber(d, d.args[0], `invalid value "${d.args[0]}"`);
        const size = parseSize(d, d.args[1]);
        if (num === 0 || size === 0) throw new ConfError(`invalid value "${num === 0 ? d.args[0] : d.args[1]}"`, d.file, d.line);
        l.proxyBuffers = { num, size };
      },
    },
    proxy_busy_buffers_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyBusyBuffersSize = parseSize(d, d.args[0])) },
    proxy_temp_file_write_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyTempFileWriteSize = parseSize(d, d.args[0])) },
    proxy_max_temp_file_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxyMaxTempFileSize = parseSize(d, d.args[0])) },
    // `on` reads the upstream's answer to its end for a client that is gone: not done by the engine.
    proxy_ignore_client_abort: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      set: (_l, d) => {
        if (parseFlag(d)) throw unsupported('"proxy_ignore_client_abort on"', d);
      },
    },
    proxy_redirect: {
      ctx: HSL,
      args: [1, 2],
      set: (l, d, c) => {
        const list = rewrites<ProxyRedirect>(l.proxyRedirects, d, c.firstHere, 'default');
        if (d.args.length === 1 && d.args[0] === 'default') checkDefault(d, c);
        l.proxyRedirects = list;
      },
    },
    proxy_cookie_path: { ctx: HSL, args: [1, 2], set: (l, d, c) => (l.proxyCookiePaths = rewrites(l.proxyCookiePaths, d, c.firstHere)) },
    proxy_cookie_domain: { ctx: HSL, args: [1, 2], set: (l, d, c) => (l.proxyCookieDomains = rewrites(l.proxyCookieDomains, d, c.firstHere)) },
    ...PROXY_CACHE.directives,
  },
};

/**
 * ngx_http_proxy_merge_loc_conf()'s checks of the buffers, once a level is merged: the message,
 * or undefined when they agree.
 */
function proxyBuffersError(l: ProxyConf): string | undefined {
  const { num, size: one } = l.proxyBuffers;
  if (num < 2) return 'there must be at least 2 "proxy_buffers"';
  const size = Math.max(l.proxyBufferSize, one);
  const busy = l.proxyBusyBuffersSize ?? 2 * size;
  if (busy < size) return '"proxy_busy_buffers_size" must be equal to or greater than the maximum of the value of "proxy_buffer_size" and one of the "proxy_buffers"';
  if (busy > (num - 1) * one) return '"proxy_busy_buffers_size" must be less than the size of all "proxy_buffers" minus one buffer';
  if ((l.proxyTempFileWriteSize ?? 2 * size) < size) return '"proxy_temp_file_write_size" must be equal to or greater than the maximum of the value of "proxy_buffer_size" and one of the "proxy_buffers"';
  const maxTemp = l.proxyMaxTempFileSize ?? 1024 ** 3;
  if (maxTemp !== 0 && maxTemp < size) {
    return '"proxy_max_temp_file_size" must be equal to zero to disable temporary files usage or must be equal to or greater than the maximum of the value of "proxy_buffer_size" and one of the "proxy_buffers"';
  }
  return undefined;
}

/**
 * The variables a level's settings name: proxy_set_header's values (compiled by the merge), the
 * proxy_redirect and proxy_cookie_* texts (evaluated per answer), and the named groups of their
 * regular expressions, which they make.
 */
function proxyVariables(l: ProxyConf): LevelVariables {
  const merged = l.proxySetHeaders.flatMap((h): VariableUse[] => variableNames(h.value).map((name) => ({ name, what: `"proxy_set_header ${h.name}"`, at: h.at! })));
  const rules = [...l.proxyRedirects.flatMap((r) => (r === 'default' ? [] : [['proxy_redirect', r] as const])), ...l.proxyCookiePaths.map((r) => ['proxy_cookie_path', r] as const), ...l.proxyCookieDomains.map((r) => ['proxy_cookie_domain', r] as const)];
  // A regular expression is no text with variables: its named groups are variables it makes.
  const rewrites = rules.flatMap(([what, r]) => locationUses(l, what, r.regex ? [r.to] : [r.from, r.to]));
  const defined = [...l.proxyRedirects, ...l.proxyCookiePaths, ...l.proxyCookieDomains].flatMap((r) => (r !== 'default' && r.regex ? regexVariables(r.from) : []));
  return { used: [], merged, rewrites, defined, declared: [] };
}
