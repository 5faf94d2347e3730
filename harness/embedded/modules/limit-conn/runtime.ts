// The limit_conn module's preaccess handler and $limit_conn_status.
import type { ModuleRuntime } from '../../module.js';
import { limitConnPhase, STATUS } from './phase.js';

export const LIMIT_CONN_RUNTIME: ModuleRuntime = {
  variables: { limit_conn_status: (req) => STATUS.get(req) },
  phaseHandlers: { preaccess: limitConnPhase },
};
