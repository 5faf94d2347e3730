// What a directive is to the engine, as nginx's ngx_command_t is to nginx: where it may appear, how
// many arguments it takes, and how it sets a level's settings. The tables are in directives.ts
// (ngx_http_core_module's), in each module file of http/ and in each module of the engine
// (embedded/modules/*/conf.ts, handed to the loader), which holds the module's settings, their
// defaults and its directives together (its ngx_http_*_loc_conf_t, create_loc_conf and
// commands[]): adding a directive is one entry in one file.
import type { Directive } from './parse.js';
import type { LogFormat } from './log-format.js';

/** `sif`, `lif`: inside an `if` block of a server, of a location (NGX_HTTP_SIF_CONF, NGX_HTTP_LIF_CONF). */
/** `lmt`: a limit_except block (NGX_HTTP_LMT_CONF). */
export type Ctx = 'main' | 'events' | 'http' | 'server' | 'location' | 'upstream' | 'sif' | 'lif' | 'lmt';

/** What a setter knows of where it is. */
export interface SetContext {
  prefix: string;
  /** The block the directive is in. */
  ctx: Ctx;
  /**
   * The first of its name in this block. A list (index, error_page, access_log, error_log,
   * proxy_set_header) set in a block replaces the inherited one, and each further line in the same
   * block adds to it: nginx's merge takes the outer level's list only when a level sets none.
   */
  firstHere: boolean;
  /** Whether a directive of that name came earlier in this block (`root` before `alias`). */
  here(name: string): boolean;
  /** The first directive of that name earlier in this block (proxy_redirect default reads proxy_pass's). */
  earlier(name: string): Directive | undefined;
  /** Records a `*_temp_path` (nginx creates every one at start, at whatever level it is set). */
  tempPath(directive: string, path: string): void;
  /** Records a proxy_pass, resolved once every upstream block is known. */
  proxyPass(d: Directive, loc: object): void;
  /** Reads the directives of a block nested in this one (an `if`'s) into `loc`, as this one's are read. */
  nested(ds: Directive[], ctx: Ctx, loc: object): void;
  /** The log_format definitions read so far (access_log names one defined before it). */
  logFormats: readonly LogFormat[];
}

export interface DirectiveSpec<T extends object> {
  ctx: readonly Ctx[];
  args: readonly [min: number, max: number];
  block?: boolean;
  /** A second in one block is nginx's `"x" directive is duplicate`. */
  once?: boolean;
  /**
   * Sets an inheritable setting of an http, server or location level (inheritance is by copy:
   * a server starts from http's settings, a location from its server's). Absent for what build.ts
   * reads itself: main, events and upstream directives and the blocks.
   */
  set?: (loc: T, d: Directive, c: SetContext) => void;
}

/** Where a directive was: its file and line. */
export interface At {
  file: string;
  line: number;
}

/** A variable a level's settings name, with what names it (`"return"`) and where. */
export interface VariableUse {
  name: string;
  what: string;
  at: At;
}

/** The variables a level's settings name and make, for the check at start (ngx_http_variables_init_vars()). */
export interface LevelVariables {
  /** Each variable named, in the conf's order, with what names it (`"return"`) and where. */
  used: VariableUse[];
  /**
   * Those named by values compiled when the level is merged (proxy_set_header's, in
   * ngx_http_proxy_merge_loc_conf()): checked after every level's `used`.
   */
  merged?: VariableUse[];
  /** Those of the names of files a request tries (try_files's, index's): checked with the level's paths, after alias's, before error_page's. */
  files?: VariableUse[];
  /**
   * Those of texts evaluated per answer (proxy_redirect's, proxy_cookie_*'s): checked with the
   * level's paths, after the core's (alias, error_page) and the modules' files.
   */
  rewrites?: VariableUse[];
  /**
   * Those of texts the log phase evaluates (access_log's formats, if= and paths): checked for
   * being known after proxy_pass's and before every level's `used`, for being evaluable after all.
   */
  logged?: VariableUse[];
  /** The variables these settings make (`set`'s, a regex's named captures). */
  defined: string[];
  /** Of those, the ones that always have a value or none, which the engine need not evaluate (`set`'s). */
  declared: string[];
}

/** What a module's mergeHttp is given: the prefix, and the http block's place. */
export interface HttpMergeContext {
  prefix: string;
  at: At;
}

/** One module of http/: its location-level settings with their defaults, and its directives. */
export interface ConfModule<T extends object> {
  defaults: T;
  /** Settings each level starts without: nginx's merge never takes the outer level's (the rewrite module's script). */
  own?: readonly (keyof T & string)[];
  /** Settings of the main conf (charset_map's tables): every level has the http block's once the conf is read. */
  main?: readonly (keyof T & string)[];
  /** Once every level is merged: what nginx refuses at its start (no file, no line), or undefined. */
  check?: (loc: T) => string | undefined;
  /**
   * What a level's merge refuses (ngx_http_*_merge_loc_conf()), or undefined: said at the http
   * block's `}`, where ngx_http_merge_servers() reports it.
   */
  merge?: (loc: T) => string | undefined;
  /**
   * ngx_http_*_merge_loc_conf()'s default that needs the conf (a path under the prefix): given the
   * http level once its own directives are read, before its servers inherit it (by copy), so that
   * every level that sets nothing has it (the log module's compiled-in access log).
   */
  mergeHttp?: (http: T, c: HttpMergeContext) => void;
  /** The files a level's settings name that nginx opens at start (ngx_conf_open_file(): access_log's). */
  openFiles?: (loc: T) => string[];
  /** The variables a level's settings name and make. */
  variables?: (loc: T) => LevelVariables;
  /** Its `*_temp_path` directives: nginx creates each one's folder at start (`temp/proxy_temp` unless set), after client_body_temp's. */
  tempPaths?: readonly string[];
  directives: Record<string, DirectiveSpec<T>>;
}

/**
 * A module the loader is handed (the engine's module list): its settings live on each level beside
 * the core's, under names no other module uses (buildConf() checks), and only the module reads them.
 */
export interface AddedModule {
  defaults: object;
  own?: readonly string[];
  main?: readonly string[];
  check?: (loc: never) => string | undefined;
  merge?: (loc: never) => string | undefined;
  mergeHttp?: (http: never, c: HttpMergeContext) => void;
  openFiles?: (loc: never) => string[];
  tempPaths?: readonly string[];
  /**
   * Once the whole conf is read, before its variables are checked: what it refuses at start that
   * needs more than one level (access_log's buffers, certificates), thrown as a ConfError.
   */
  checkConf?: (conf: never) => void;
  variables?: (loc: never) => LevelVariables;
  /** Their setters take the module's settings, which the loader does not know the type of. */
  directives: Record<string, DirectiveSpec<never>>;
}

/** ngx_http_get_module_loc_conf(): a level's settings of one module the loader was handed. */
export function moduleConf<T extends object>(level: object, _module: ConfModule<T>): T {
  return level as T;
}

export const ANY = Infinity;
export const MAIN: Ctx[] = ['main'];
export const HSL: Ctx[] = ['http', 'server', 'location'];
export const HS: Ctx[] = ['http', 'server'];
/** http, server, location, and a location's `if` (NGX_HTTP_LIF_CONF): what an `if` may set. */
export const HSL_IF: Ctx[] = [...HSL, 'lif'];
