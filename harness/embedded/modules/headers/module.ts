// ngx_http_headers_filter_module as a module of the engine: add_header, add_trailer and expires,
// and the header filter that applies them.
import type { HttpModule } from '../../module.js';
import { HEADERS } from './conf.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { headersFilter } from './filter.js';

export const HEADERS_MODULE: HttpModule = {
  name: 'headers',
  conf: HEADERS,
  headerFilter: headersFilter,
  rangeHeaders: headersFilter,
  replacesValidators: (req) => moduleConf(req.loc, HEADERS).addHeaders.some((h) => /^(etag|last-modified)$/i.test(h.name)),
};
