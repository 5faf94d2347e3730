// ngx_http_charset_filter_module as a module of the engine: its directives, charset_map's tables,
// and the header filter that names the charset and recodes the body.
import type { HttpModule } from '../../module.js';
import { CHARSET } from './conf.js';

export const CHARSET_MODULE: HttpModule = { name: 'charset', conf: CHARSET, runtime: async () => (await import('./runtime.js')).CHARSET_RUNTIME };
