// ngx_http_index_module as a module of the engine: its content handler. The index directive is
// still the core's table (nginx-conf/directives.ts), where the conf's variable check reads it.
import type { HttpModule } from '../../module.js';
import { indexHandler } from './handler.js';

export const INDEX_MODULE: HttpModule = { name: 'index', phaseHandlers: { content: indexHandler } };
