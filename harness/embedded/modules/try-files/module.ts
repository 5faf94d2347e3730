// ngx_http_try_files_module as a module of the engine: its handler in the precontent phase. The
// try_files directive is still the core's table (nginx-conf/directives.ts): it is not inherited.
import type { HttpModule } from '../../module.js';
import { tryFilesPhase } from './phase.js';

export const TRY_FILES_MODULE: HttpModule = { name: 'try_files', phaseHandlers: { precontent: tryFilesPhase } };
