// ngx_http_write_filter_module's place, last of the filters: limit_rate paces what the others leave.
// $limit_rate is the core module's in nginx; the write filter is what reads it, so it is here.
import type { HttpModule } from '../../module.js';
import { limitRateFilter, setLimitRate } from './limit-rate.js';

export const WRITE_MODULE: HttpModule = {
  name: 'write',
  headerFilter: limitRateFilter,
  variables: { limit_rate: (req) => String(req.limitRate ?? 0) },
  variableSetters: { limit_rate: setLimitRate },
};
