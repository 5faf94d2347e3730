// The log module's handler of the log phase: the access-log lines, written as the request ends.
import type { ModuleRuntime } from '../../module.js';
import { logHandler } from './phase.js';

export const LOG_RUNTIME: ModuleRuntime = { phaseHandlers: { log: logHandler } };
