// The ssi module's header filter (which installs its body filter) and $date_local, $date_gmt.
import type { ModuleRuntime } from '../../module.js';
import type { HttpRequest } from '../../request.js';
import { ssiContext, ssiHeaderFilter, willParse } from './filter.js';
import { strftime } from './strftime.js';

/** ngx_http_ssi_date_gmt_local_variable(): `%s` is the seconds since the epoch, any other format strftime()'s. */
const date = (gmt: boolean) => (req: HttpRequest) => {
  const format = ssiContext(req)?.timefmt ?? '%A, %d-%b-%Y %H:%M:%S %Z';
  const now = new Date();
  return format === '%s' ? String(Math.floor(now.getTime() / 1000)) : strftime(format, now, gmt);
};

export const SSI_RUNTIME: ModuleRuntime = {
  variables: { date_local: date(false), date_gmt: date(true) },
  headerFilter: ssiHeaderFilter,
  clearsRanges: willParse,
};
