// ngx_http_log_module as a module of the engine: its handler of the log phase, which writes the
// access-log lines as the request ends.
import type { HttpModule } from '../../module.js';
import { logHandler } from './phase.js';

export const LOG_MODULE: HttpModule = { name: 'log', phaseHandlers: { log: logHandler } };
