// ngx_http_gzip_filter_module and ngx_http_gzip_static_module, two modules of the engine in one
// room as they share their settings: the gzip directives (all in GZIP), $gzip_ratio and the header
// filter with its compressor; gzip_static's content handler (static.ts), which the list puts before
// the index and static modules' as nginx runs it.
import type { HttpModule } from '../../module.js';
import { GZIP } from './conf.js';

export const GZIP_MODULE: HttpModule = { name: 'gzip', conf: GZIP, variables: ['gzip_ratio'], runtime: async () => (await import('./runtime.js')).GZIP_RUNTIME };

export const GZIP_STATIC_MODULE: HttpModule = { name: 'gzip_static', runtime: async () => (await import('./runtime.js')).GZIP_STATIC_RUNTIME };
