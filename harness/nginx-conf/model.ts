// The typed configuration the embedded engine runs on: what build.ts makes of nginx.conf's
// directive tree, with nginx's inheritance (http → server → location) already applied.
import type { Level } from '../logs/error-log.js';
import type { CompiledRegex } from './pcre.js';
import type { CoreResponseConf } from './http/core-response.js';
import type { ResolverSettings } from './http/resolver.js';
import type { MapConf } from './map.js';

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
  /** `listen unix:/path`: the socket file's path (host is `unix:/path`, port 0). */
  unix?: string;
  /** `listen ... ssl`: its connections speak TLS (embedded/modules/ssl). */
  ssl?: boolean;
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
  /** keepalive_time: an upstream connection older than this is not cached again. */
  keepaliveTimeMs: number;
  /** The balancer (the upstream block's ip_hash or least_conn; round robin without one). */
  balancer: Balancer;
  /** `hash <key> [consistent]`: the key, with `$variables` left in, and whether it is ketama's. */
  hash?: { key: string; consistent: boolean };
  /** True for the implicit upstream of `proxy_pass http://host:port/...`. */
  implicit: boolean;
  file: string;
  line: number;
}

export type Balancer = 'round_robin' | 'ip_hash' | 'least_conn' | 'hash';

/** An upstream's defaults: round robin; ngx_http_upstream_keepalive_create_conf()'s: no cache, 60s idle, 1000 requests, 1h. */
export const UPSTREAM_KEEPALIVE = { balancer: 'round_robin' as Balancer, keepalive: 0, keepaliveTimeoutMs: 60_000, keepaliveRequests: 1000, keepaliveTimeMs: 3_600_000 };

export interface ProxyPassConf {
  /** `localhost:8080`: the upstream's host as `$proxy_host` shows it (port dropped when 80). */
  proxyHost: string;
  upstream: UpstreamConf;
  /** The URI part of the proxy_pass URL, or undefined when there is none (the request URI passes unchanged). */
  uri?: string;
  /** `http://localhost:8080/admin/` as written, minus nothing: for proxy_redirect default. */
  url: string;
  /** Evaluated from variables for one request: a URI part is sent as it is, proxy_redirect default does nothing. */
  evaluated?: true;
  /** `https://`: the upstream is spoken to over TLS (embedded/modules/ssl). */
  ssl?: true;
}

/** `proxy_pass $backend;`: a URL with variables, evaluated per request (ngx_http_proxy_eval()). */
export interface ProxyPassVariables {
  variables: string;
  file: string;
  line: number;
}

/** One `error_page` code's target. */
export interface ErrorPage {
  /** `/50x.html`: an internal redirect (with `args`); anything else is a redirect to it (`http://...`). */
  uri: string;
  args: string;
  /** `=code`: the status of the answer; 0 for a bare `=` (the page's own status); undefined: the error's own. */
  overwrite?: number;
  /** The URI holds variables: evaluated per error, then split at its `?` (ngx_http_split_args()). */
  variables?: boolean;
}

/**
 * A location's content handler, by the name its module registers it under (proxy_pass's 'proxy');
 * 'static': none of its own, the content phase's modules answer (gzip_static, index, autoindex, static).
 */
export type ContentHandlerName = string;

/** limit_except: the methods named (HEAD with GET), and the block's location, which the others use. */
export interface LimitExcept {
  allowed: ReadonlySet<string>;
  conf: LocationConf;
}

export interface LocationConf extends CoreResponseConf, ResolverSettings {
  /** `~`, `~*`: a regular expression; `@`: a named location (`path` is then `@name`). */
  modifier: '=' | '^~' | '' | '~' | '~*' | '@';
  /** The name as nginx keeps it: the prefix, the exact URI, the regex's text, `@name`. */
  path: string;
  /** A regex location's pattern (nginx-conf/pcre.ts). */
  regex?: CompiledRegex;
  /** The locations nested in this one, in the conf's order. */
  locations: LocationConf[];
  file: string;
  line: number;
  /** `root`, or `alias`'s path (with `$variables` left in when it has them). */
  root: string;
  /**
   * clcf->alias: 0 for `root`; for `alias`, the length of the location's name that the path
   * replaces (inherited as it is by nested locations); Infinity in a regex location, whose alias
   * is the whole path (ngx_http_map_uri_to_path()).
   */
  alias: number;
  errorPages: Map<number, ErrorPage>;
  defaultType: string;
  types: Map<string, string>;
  errorLog: LogTarget[];
  clientMaxBodySize: number;
  /** limit_rate and limit_rate_after: sizes, or texts with variables evaluated per response. */
  limitRate: string;
  limitRateAfter: string;
  /** limit_except: the methods it names, and the settings every other method gets. */
  limitExcept?: LimitExcept;
  clientBodyBufferSize: number;
  clientBodyTempPath: string;
  /** client_body_in_file_only: every body to a temp file, kept (`on`) or removed when the request ends (`clean`). */
  clientBodyInFileOnly: 'off' | 'on' | 'clean';
  /** client_body_in_single_buffer: accepted; the engine keeps a body in memory whole whenever it fits anyway. */
  clientBodyInSingleBuffer: boolean;
  /** client_body_temp_path's levels: `1 2` puts file 0000000123 in 3/12/ (ngx_create_hashed_filename()). */
  clientBodyTempLevels: number[];
  keepaliveTimeoutMs: number;
  /** keepalive_timeout's second value: `Keep-Alive: timeout=N` on kept-alive answers. */
  keepaliveHeader?: number;
  keepaliveRequests: number;
  /** max_ranges: the most byte ranges served (more: the whole file); 0: none, and no Accept-Ranges; undefined: any number. */
  maxRanges?: number;
  /** keepalive_time: no keep-alive for a request that comes this long after its connection opened. */
  keepaliveTimeMs: number;
  /** keepalive_disable: the browsers that get no keep-alive (msie6: only after a POST). */
  keepaliveDisable: { msie6: boolean; safari: boolean };
  sendTimeoutMs: number;
  clientBodyTimeoutMs: number;
  logNotFound: boolean;
  serverTokens: boolean;
  /**
   * The location's content handler (clcf->handler): a directive that has one installs it in its
   * setter (proxy_pass: 'proxy'); without one, nginx's static, index and autoindex modules answer.
   */
  handler: ContentHandlerName;
  /**
   * proxy_pass's address (the proxy module's), read once every upstream block is known
   * (ngx_http_upstream_add()): the core finds the location's upstream by it.
   */
  proxyPass?: ProxyPassConf | ProxyPassVariables;
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
  /** As nginx keeps them: lowercased but for regexes, `$hostname` replaced. */
  serverNames: string[];
  /** cscf->server_name, `$server_name` and the error log's `server:`: the first name, without a leading dot. */
  name: string;
  /** The server block's locations, in the conf's order, without the named ones. */
  locations: LocationConf[];
  /** `location @name`, in the conf's order (the first of a name is the one found). */
  named: LocationConf[];
  /** Settings of the server block itself, used when no location matches. */
  base: LocationConf;
  file: string;
  line: number;
}

export type { MapConf } from './map.js';

export interface NginxConf {
  prefix: string;
  confFile: string;
  workerProcesses: number;
  /** `daemon` (on by default): `harness proxy` leaves the foreground as nginx does on Linux (master/daemon.ts). */
  daemon: boolean;
  /** `master_process off`: one process reads the conf, listens and serves (ngx_single_process_cycle()). */
  masterProcess: boolean;
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

/** Every location of the conf, each server's base (its own settings), nested and named ones included. */
export function allLocations(conf: Pick<NginxConf, 'servers'>): LocationConf[] {
  const withNested = (l: LocationConf): LocationConf[] => [l, ...l.locations.flatMap(withNested)];
  return conf.servers.flatMap((s) => [s.base, ...s.locations.flatMap(withNested), ...s.named]);
}
