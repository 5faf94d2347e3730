// ngx_http_rewrite_module as a module of the engine: its directives, its handlers of the server
// rewrite and rewrite phases, and the warning of a `set` variable read before it is set.
import type { HttpModule } from '../../module.js';
import { REWRITE } from './conf.js';

export const REWRITE_MODULE: HttpModule = { name: 'rewrite', conf: REWRITE, runtime: async () => (await import('./runtime.js')).REWRITE_RUNTIME };
