// ngx_http_log_module as a module of the engine: access_log and open_log_file_cache, and its
// handler of the log phase, which writes the access-log lines as the request ends.
import type { HttpModule } from '../../module.js';
import { checkLogBuffers, LOG } from './conf.js';

export const LOG_MODULE: HttpModule = {
  name: 'log',
  conf: { ...LOG, checkConf: checkLogBuffers },
  runtime: async () => (await import('./runtime.js')).LOG_RUNTIME,
};
