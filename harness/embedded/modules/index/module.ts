// ngx_http_index_module as a module of the engine: its directive and its content handler.
import type { HttpModule } from '../../module.js';
import { INDEX } from './conf.js';
import { indexHandler } from './handler.js';

export const INDEX_MODULE: HttpModule = { name: 'index', conf: INDEX, phaseHandlers: { content: indexHandler } };
