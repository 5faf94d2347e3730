// ngx_http_set_content_type(): a file's type from its extension, by the location's `types`, else
// `default_type`, unless the request has one already (an X-Accel-Redirect's upstream's). The
// static handler and `return` with a text both need it.
import { extname } from 'node:path';
import type { LocationConf } from '../../nginx-conf/model.js';

export function contentType(loc: LocationConf, path: string, preset?: string): string {
  if (preset !== undefined) return preset;
  const ext = extname(path).slice(1).toLowerCase();
  return (ext && loc.types.get(ext)) || loc.defaultType;
}
