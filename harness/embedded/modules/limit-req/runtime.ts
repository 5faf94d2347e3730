// The limit_req module's preaccess handler and $limit_req_status.
import type { ModuleRuntime } from '../../module.js';
import { limitReqPhase, STATUS } from './phase.js';

export const LIMIT_REQ_RUNTIME: ModuleRuntime = {
  variables: { limit_req_status: (req) => STATUS.get(req) },
  phaseHandlers: { preaccess: limitReqPhase },
};
