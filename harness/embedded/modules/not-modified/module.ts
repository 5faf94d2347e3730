// ngx_http_not_modified_filter_module as a module of the engine: its directive. The static handler
// asks http/conditional.ts's preconditions() with the location's if_modified_since.
import type { HttpModule } from '../../module.js';
import { NOT_MODIFIED } from './conf.js';

export const NOT_MODIFIED_MODULE: HttpModule = { name: 'not_modified', conf: NOT_MODIFIED };
