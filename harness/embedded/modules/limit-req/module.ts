// ngx_http_limit_req_module as a module of the engine: its directives, its preaccess handler and
// $limit_req_status.
import type { HttpModule } from '../../module.js';
import { LIMIT_REQ } from './conf.js';

export const LIMIT_REQ_MODULE: HttpModule = {
  name: 'limit_req',
  conf: LIMIT_REQ,
  variables: ['limit_req_status'],
  runtime: async () => (await import('./runtime.js')).LIMIT_REQ_RUNTIME,
};
