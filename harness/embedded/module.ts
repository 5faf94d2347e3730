// What a module of the embedded engine is: nginx's ngx_module_t with its ngx_http_module_t. It
// brings its directives (read with the conf), registers its variables (its preconfiguration's
// ngx_http_add_variable()), its phase handlers and its output filter (its postconfiguration's
// cmcf->phases[] and ngx_http_top_header_filter). modules.ts lists them. A module is two files: its
// module.ts, what the master reads a conf with (its directives, its variables' names), and its
// runtime.ts, the code that serves, which only a process that serves loads (a worker, or the master
// with master_process off); the worker builds its tables from the list once.
import type { AddedModule } from '../nginx-conf/directive.js';
import type { Handler, HeaderFilter, Handlers, HttpRequest, PhaseHandler, RangeJudge, Variable, VariableSetter } from './request.js';
import type { Validators } from './http/conditional.js';

/**
 * nginx's phases (ngx_http_phases) that the engine runs, in their order. A module's content handler
 * runs when the location has no handler of its own (proxy_pass's), in the list's order, until one
 * answers (index, autoindex, static: nginx's NGX_DECLINED passes on).
 */
export const PHASE_NAMES = ['server-rewrite', 'find-config', 'rewrite', 'post-rewrite', 'preaccess', 'access', 'precontent', 'content'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

export interface HttpModule {
  name: string;
  /** Its directives, their settings and their defaults. */
  conf?: AddedModule;
  /** The names of its variables: the conf's check knows them without the code that gives their values. */
  variables?: readonly string[];
  /** The starts of its families of variables (NGX_HTTP_VAR_PREFIX: `upstream_http_`). */
  variablePrefixes?: readonly string[];
  /** Its code that serves (runtime.ts), loaded once by a process that serves. */
  runtime: () => Promise<ModuleRuntime>;
}

/** What a module does as a request is served: its variables' values, its handlers and filters. */
export interface ModuleRuntime {
  /** Its variables, by name: those its HttpModule names. */
  variables?: Record<string, Variable>;
  /** Its variables by the start of their names (NGX_HTTP_VAR_PREFIX: `upstream_`), given the whole name. */
  variablePrefixes?: Record<string, Variable>;
  /** What `set` does to its variables that are settable (a variable's set_handler: `$limit_rate`). */
  variableSetters?: Record<string, VariableSetter>;
  /**
   * The content handlers its directives install in a location (clcf->handler: proxy_pass's), by the
   * name the directive's setter gives the location's `handler`.
   */
  contentHandlers?: Record<string, Handler>;
  /**
   * Its handlers, by the phase each joins (in the list's order, after the core's own); `log`'s
   * joins NGX_HTTP_LOG_PHASE, which is no step of the phase engine: ngx_http_log_request() runs
   * every one of its handlers as the request ends.
   */
  phaseHandlers?: Partial<Record<PhaseName, PhaseHandler>> & { log?: Handler };
  /** Told of a variable that has no value in this request (ngx_http_rewrite_var(): `set`'s may warn). */
  uninitialized?: (req: HttpRequest, name: string) => void;
  /** Its output header filter. */
  headerFilter?: HeaderFilter;
  /**
   * Whether its header filter will take ranges away from this whole answer (clear
   * r->allow_ranges: gzip's compressing, ssi's parsing). The range filter comes after them, but the
   * static handler cuts ranges before the filters run, so it asks first.
   */
  clearsRanges?: RangeJudge;
  /**
   * Its header filter's work that the range filter sees, as it comes after: a 416 keeps the headers
   * added (the headers filter's `add_header`).
   */
  rangeHeaders?: HeaderFilter;
  /** Whether its filter replaces the ETag or Last-Modified that If-Range is compared with. */
  replacesValidators?: (req: HttpRequest) => boolean;
  /**
   * The not-modified filter's judgement of a 200 with these validators (If-Match, If-None-Match,
   * If-Modified-Since, If-Unmodified-Since): 304, 412, or 200 to send it. The static handler asks
   * before it cuts ranges, as nginx's filter runs before the range filter.
   */
  preconditions?: (req: HttpRequest, v: Validators) => 200 | 304 | 412;
}

/** What the request takes from the modules, built once from the list (ngx_http_block()'s postconfiguration). */
export function moduleTables(modules: readonly ModuleRuntime[]): Pick<Handlers, 'content' | 'headerFilters' | 'variables' | 'variablePrefixes' | 'variableSetters' | 'clearsRanges' | 'uninitialized' | 'rangeHeaders' | 'replacesValidators' | 'preconditions'> {
  const rangeHeaders = modules.flatMap((m) => (m.rangeHeaders ? [m.rangeHeaders] : []));
  const judges = modules.flatMap((m) => (m.preconditions ? [m.preconditions] : []));
  const variables = new Map<string, Variable>();
  for (const m of modules) for (const [name, get] of Object.entries(m.variables ?? {})) variables.set(name, get);
  return {
    content: new Map(modules.flatMap((m) => Object.entries(m.contentHandlers ?? {}))),
    headerFilters: modules.flatMap((m) => (m.headerFilter ? [m.headerFilter] : [])),
    // Each module is asked, in the list's order (gzip marks the answer varied when it judges it).
    clearsRanges: (req, f) => modules.reduce((cleared, m) => (m.clearsRanges?.(req, f) ?? false) || cleared, false),
    variables,
    variablePrefixes: modules.flatMap((m) => Object.entries(m.variablePrefixes ?? {})),
    variableSetters: new Map(modules.flatMap((m) => Object.entries(m.variableSetters ?? {}))),
    rangeHeaders: (req, f) => rangeHeaders.reduce((out, filter) => filter(req, out), f),
    replacesValidators: (req) => modules.some((m) => m.replacesValidators?.(req)),
    // Without the not-modified module every answer is sent whole.
    preconditions: (req, v) => judges.reduce<200 | 304 | 412>((r, judge) => (r === 200 ? judge(req, v) : r), 200),
    uninitialized: (req, name) => {
      for (const m of modules) m.uninitialized?.(req, name);
    },
  };
}
