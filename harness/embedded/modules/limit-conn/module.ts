// ngx_http_limit_conn_module as a module of the engine: its directives, its preaccess handler and
// $limit_conn_status.
import type { HttpModule } from '../../module.js';
import { LIMIT_CONN } from './conf.js';
import { limitConnPhase, STATUS } from './phase.js';

export const LIMIT_CONN_MODULE: HttpModule = {
  name: 'limit_conn',
  conf: LIMIT_CONN,
  variables: { limit_conn_status: (req) => STATUS.get(req) },
  phaseHandlers: { preaccess: limitConnPhase },
};
