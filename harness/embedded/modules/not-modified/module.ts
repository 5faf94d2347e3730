// ngx_http_not_modified_filter_module as a module of the engine: its directive and its judgement of
// a file's answer (http/conditional.ts's preconditions() with the location's if_modified_since),
// which the core's file sending asks before it cuts ranges.
import type { HttpModule } from '../../module.js';
import { NOT_MODIFIED } from './conf.js';

export const NOT_MODIFIED_MODULE: HttpModule = { name: 'not_modified', conf: NOT_MODIFIED, runtime: async () => (await import('./runtime.js')).NOT_MODIFIED_RUNTIME };
