// ngx_http_try_files_module as a module of the engine: its directive (not inherited) and its
// handler in the precontent phase.
import type { HttpModule } from '../../module.js';
import { TRY_FILES } from './conf.js';

export const TRY_FILES_MODULE: HttpModule = {
  name: 'try_files',
  conf: TRY_FILES,
  runtime: async () => (await import('./runtime.js')).TRY_FILES_RUNTIME,
};
