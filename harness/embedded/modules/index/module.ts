// ngx_http_index_module as a module of the engine: its directive and its content handler.
import type { HttpModule } from '../../module.js';
import { INDEX } from './conf.js';

export const INDEX_MODULE: HttpModule = { name: 'index', conf: INDEX, runtime: async () => (await import('./runtime.js')).INDEX_RUNTIME };
