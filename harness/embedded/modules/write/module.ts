// ngx_http_write_filter_module's place, last of the filters: limit_rate paces what the others leave.
// $limit_rate is the core module's in nginx; the write filter is what reads it, so it is here.
import type { HttpModule } from '../../module.js';

export const WRITE_MODULE: HttpModule = { name: 'write', variables: ['limit_rate'], runtime: async () => (await import('./runtime.js')).WRITE_RUNTIME };
