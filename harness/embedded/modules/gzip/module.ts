// ngx_http_gzip_filter_module and ngx_http_gzip_static_module as one module of the engine: the gzip
// directives, $gzip_ratio and the header filter with its compressor. gzip_static is the static
// handler's (static.ts here), as nginx runs it in the content phase before the static module.
import type { HttpModule } from '../../module.js';
import { GZIP } from './conf.js';
import { gzipHeaderFilter, gzipRatio, willCompress } from './filter.js';

export const GZIP_MODULE: HttpModule = {
  name: 'gzip',
  conf: GZIP,
  variables: { gzip_ratio: gzipRatio },
  headerFilter: gzipHeaderFilter,
  clearsRanges: willCompress,
};
