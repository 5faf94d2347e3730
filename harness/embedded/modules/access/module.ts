// ngx_http_access_module as a module of the engine: allow and deny, and its access handler.
import type { HttpModule } from '../../module.js';
import { ACCESS } from './conf.js';

export const ACCESS_MODULE: HttpModule = { name: 'access', conf: ACCESS, runtime: async () => (await import('./runtime.js')).ACCESS_RUNTIME };
