// A map variable's value for one request (ngx_http_map_variable()): the source evaluated, a
// `hostnames` map's trailing dot dropped, the key found (exact, wildcards, then regexes in order),
// and its value evaluated, after a regex's captures became the request's ($1, named ones).
import type { MapConf } from '../nginx-conf/map.js';
import { findName } from '../nginx-conf/names.js';
import type { HttpRequest } from './request.js';
import { evaluate } from './variable-values.js';
import { takeCaptures } from './regex.js';

export function mapValue(req: HttpRequest, map: MapConf): string {
  let key = evaluate(req, map.source);
  if (map.hostnames && key.endsWith('.')) key = key.slice(0, -1);
  const found = findName(map.table, key);
  if (found?.match) takeCaptures(req, found.match);
  const value = found ? found.value : map.defaultValue;
  return value === undefined ? '' : evaluate(req, value);
}
