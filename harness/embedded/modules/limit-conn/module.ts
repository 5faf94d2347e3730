// ngx_http_limit_conn_module as a module of the engine: its directives, its preaccess handler and
// $limit_conn_status.
import type { HttpModule } from '../../module.js';
import { LIMIT_CONN } from './conf.js';

export const LIMIT_CONN_MODULE: HttpModule = {
  name: 'limit_conn',
  conf: LIMIT_CONN,
  variables: ['limit_conn_status'],
  runtime: async () => (await import('./runtime.js')).LIMIT_CONN_RUNTIME,
};
