// ngx_http_headers_filter_module as a module of the engine: add_header, add_trailer and expires,
// and the header filter that applies them.
import type { HttpModule } from '../../module.js';
import { HEADERS } from './conf.js';

export const HEADERS_MODULE: HttpModule = { name: 'headers', conf: HEADERS, runtime: async () => (await import('./runtime.js')).HEADERS_RUNTIME };
