// What limit_req and limit_conn do alike with a request (ngx_http_complex_value() of the zone's
// key, then its checks): the key of a request in a shared memory zone.
import type { HttpRequest } from './request.js';
import { evaluate } from './variable-values.js';
import { zoneKey } from './shared-zones.js';

/**
 * A request's key in a zone: its key's value (a complex value), none when it is empty or longer than
 * the module allows (an [error] line then, and the limit is skipped).
 */
export function requestZoneKey(req: HttpRequest, zone: { name: string; key: string }, max: number): Buffer | undefined {
  const value = evaluate(req, zone.key);
  if (!value.length) return undefined;
  if (value.length > max) {
    req.logError('error', `the value of the "${zone.key}" key is more than ${max} bytes: "${value}"`);
    return undefined;
  }
  return zoneKey(zone.name, value);
}
