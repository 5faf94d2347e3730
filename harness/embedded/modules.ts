// ngx_modules[] (objs/ngx_modules.c): the engine's modules. Adding a module is its folder in
// modules/ and its line here. The handlers of one phase and the header filters run in this order
// (nginx calls the filters from ngx_http_top_header_filter: headers, charset, ssi, gzip); the chunked
// filter and the head's writing come last, in HttpRequest.sendHead.
import type { HttpModule, ModuleRuntime } from './module.js';
import type { AddedModule } from '../nginx-conf/directive.js';
import type { LoadOptions } from '../nginx-conf/load.js';
import { CORE_PREFIXES, CORE_VARIABLES } from './variable-values.js';
import { UPSTREAM_MODULE } from './upstream/module.js';
import { PROXY_MODULE } from './modules/proxy/module.js';
import { GZIP_MODULE, GZIP_STATIC_MODULE } from './modules/gzip/module.js';
import { NOT_MODIFIED_MODULE } from './modules/not-modified/module.js';
import { LIMIT_REQ_MODULE } from './modules/limit-req/module.js';
import { LIMIT_CONN_MODULE } from './modules/limit-conn/module.js';
import { SSI_MODULE } from './modules/ssi/module.js';
import { REWRITE_MODULE } from './modules/rewrite/module.js';
import { ACCESS_MODULE } from './modules/access/module.js';
import { TRY_FILES_MODULE } from './modules/try-files/module.js';
import { INDEX_MODULE } from './modules/index/module.js';
import { AUTOINDEX_MODULE } from './modules/autoindex/module.js';
import { EMPTY_GIF_MODULE } from './modules/empty-gif/module.js';
import { STATIC_MODULE } from './modules/static/module.js';
import { HEADERS_MODULE } from './modules/headers/module.js';
import { CHARSET_MODULE } from './modules/charset/module.js';
import { WRITE_MODULE } from './modules/write/module.js';
import { SSL_MODULE } from './modules/ssl/module.js';
import { LOG_MODULE } from './modules/log/module.js';

export const MODULES: readonly HttpModule[] = [
  // ngx_http_log_module's place in nginx's list, next to the core's.
  LOG_MODULE,
  SSL_MODULE,
  NOT_MODIFIED_MODULE,
  REWRITE_MODULE,
  // nginx runs a phase's handlers last registered first: limit_req before limit_conn.
  LIMIT_REQ_MODULE,
  LIMIT_CONN_MODULE,
  ACCESS_MODULE,
  TRY_FILES_MODULE,
  // The content phase's handlers, for a location without one of its own (proxy_pass's): each
  // declines to the next, as nginx runs them (gzip_static, index, autoindex, static).
  GZIP_STATIC_MODULE,
  INDEX_MODULE,
  AUTOINDEX_MODULE,
  STATIC_MODULE,
  UPSTREAM_MODULE,
  PROXY_MODULE,
  EMPTY_GIF_MODULE,
  HEADERS_MODULE,
  CHARSET_MODULE,
  SSI_MODULE,
  GZIP_MODULE,
  // ngx_http_write_filter_module's place, last: limit_rate paces what the other filters leave.
  WRITE_MODULE,
];

/** The modules' directives, for the conf's loader. */
export const CONF_MODULES: readonly AddedModule[] = MODULES.flatMap((m) => (m.conf ? [m.conf] : []));

/** What the conf's loader takes from the engine: its modules' directives, and the variables it gives (the core's and the modules'). */
export const ENGINE_CONF: Pick<LoadOptions, 'modules' | 'evaluated'> = {
  modules: CONF_MODULES,
  evaluated: {
    names: new Set([...CORE_VARIABLES.keys(), ...MODULES.flatMap((m) => m.variables ?? [])]),
    prefixes: [...CORE_PREFIXES.keys(), ...MODULES.flatMap((m) => m.variablePrefixes ?? [])],
  },
};

let runtimes: Promise<readonly ModuleRuntime[]> | undefined;

/** The modules' code that serves, in the list's order: loaded once, by a process that serves. */
export function moduleRuntimes(): Promise<readonly ModuleRuntime[]> {
  return (runtimes ??= Promise.all(MODULES.map((m) => m.runtime())));
}
