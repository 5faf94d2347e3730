// limit_rate, limit_rate_after and $limit_rate (ngx_http_core_module's): the rate a response goes
// at is fixed when it starts (r->limit_rate_set), from `set $limit_rate` or else limit_rate; the
// request paces its bytes at it (pacer.ts, ngx_http_write_filter()).
import type { ResponseFields } from '../../http/response.js';
import type { HttpRequest } from '../../request.js';
import { evaluate } from '../../variable-values.js';
import { sizeValue } from '../../../nginx-conf/values.js';

/** A size of limit_rate or limit_rate_after: a value that is no size is 0, with nginx's [error]. */
function sizeOf(req: HttpRequest, text: string): number {
  if (!text.includes('$')) return sizeValue(text) ?? 0;
  const value = evaluate(req, text);
  const size = sizeValue(value);
  if (size === undefined) req.logError('error', `invalid size "${value}"`);
  return size ?? 0;
}

/** `set $limit_rate`: ngx_http_variable_set_limit_rate(). */
export function setLimitRate(req: HttpRequest, value: string): void {
  const size = sizeValue(value);
  if (size === undefined) req.logError('error', `invalid $limit_rate "${value}"`);
  else req.limitRate = size;
}

/** A header filter, last of all as the write filter is: the response's rate, and its pacing when it has one. */
export function limitRateFilter(req: HttpRequest, f: ResponseFields): ResponseFields {
  const rate = (req.limitRate ??= sizeOf(req, req.loc.limitRate));
  if (rate) req.pace(rate, sizeOf(req, req.loc.limitRateAfter));
  return f;
}

