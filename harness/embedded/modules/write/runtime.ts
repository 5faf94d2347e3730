// The write filter's limit_rate, and $limit_rate, which `set` may change.
import type { ModuleRuntime } from '../../module.js';
import { limitRateFilter, setLimitRate } from './limit-rate.js';

export const WRITE_RUNTIME: ModuleRuntime = {
  headerFilter: limitRateFilter,
  variables: { limit_rate: (req) => String(req.limitRate ?? 0) },
  variableSetters: { limit_rate: setLimitRate },
};
