// ngx_modules[] (objs/ngx_modules.c): the engine's modules. Adding a module is its folder in
// modules/ and its line here. The handlers of one phase and the header filters run in this order
// (nginx calls the filters from ngx_http_top_header_filter: headers, charset, ssi, gzip); the chunked
// filter and the head's writing come last, in HttpRequest.sendHead.
import type { HttpModule } from './module.js';
import type { AddedModule } from '../nginx-conf/directive.js';
import { headersFilter } from './filters/headers.js';
import { tryFilesPhase } from './phases/try-files.js';
import { charsetFilter } from './filters/charset.js';
import { UPSTREAM_MODULE, PROXY_MODULE } from './upstream/module.js';
import { GZIP_MODULE } from './modules/gzip/module.js';
import { NOT_MODIFIED_MODULE } from './modules/not-modified/module.js';
import { LIMIT_REQ_MODULE } from './modules/limit-req/module.js';
import { LIMIT_CONN_MODULE } from './modules/limit-conn/module.js';
import { SSI_MODULE } from './modules/ssi/module.js';
import { REWRITE_MODULE } from './modules/rewrite/module.js';
import { ACCESS_MODULE } from './modules/access/module.js';
import { SSL_MODULE } from './modules/ssl/module.js';
import { limitRateFilter, setLimitRate } from './filters/limit-rate.js';

export const MODULES: readonly HttpModule[] = [
  SSL_MODULE,
  NOT_MODIFIED_MODULE,
  REWRITE_MODULE,
  // nginx runs a phase's handlers last registered first: limit_req before limit_conn.
  LIMIT_REQ_MODULE,
  LIMIT_CONN_MODULE,
  ACCESS_MODULE,
  { name: 'try_files', phaseHandlers: { precontent: tryFilesPhase } },
  UPSTREAM_MODULE,
  PROXY_MODULE,
  { name: 'headers', headerFilter: headersFilter },
  { name: 'charset', headerFilter: charsetFilter },
  SSI_MODULE,
  GZIP_MODULE,
  // ngx_http_write_filter_module's place, last: limit_rate paces what the other filters leave.
  { name: 'write', headerFilter: limitRateFilter, variables: { limit_rate: (req) => String(req.limitRate ?? 0) }, variableSetters: { limit_rate: setLimitRate } },
];

/** The modules' directives, for the conf's loader. */
export const CONF_MODULES: readonly AddedModule[] = MODULES.flatMap((m) => (m.conf ? [m.conf] : []));
