// ngx_http_autoindex_module as a module of the engine: its directives and its content handler, after
// the index module's and before the static module's.
import type { HttpModule } from '../../module.js';
import { AUTOINDEX } from './conf.js';

export const AUTOINDEX_MODULE: HttpModule = {
  name: 'autoindex',
  conf: AUTOINDEX,
  runtime: async () => (await import('./runtime.js')).AUTOINDEX_RUNTIME,
};
