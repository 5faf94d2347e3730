// ngx_http_ssi_filter_module: its directives, its header filter (with the body filter it installs:
// filter.ts) and its variables $date_local and $date_gmt, in the page's `config timefmt`.
import type { HttpModule } from '../../module.js';
import { SSI } from './conf.js';

export const SSI_MODULE: HttpModule = { name: 'ssi', conf: SSI, variables: ['date_local', 'date_gmt'], runtime: async () => (await import('./runtime.js')).SSI_RUNTIME };
