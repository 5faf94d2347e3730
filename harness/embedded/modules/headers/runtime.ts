// The headers module's header filter, which the range filter's 416 sees too; an add_header of ETag
// or Last-Modified replaces what If-Range is compared with.
import type { ModuleRuntime } from '../../module.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { HEADERS } from './conf.js';
import { headersFilter } from './filter.js';

export const HEADERS_RUNTIME: ModuleRuntime = {
  headerFilter: headersFilter,
  rangeHeaders: headersFilter,
  replacesValidators: (req) => moduleConf(req.loc, HEADERS).addHeaders.some((h) => /^(etag|last-modified)$/i.test(h.name)),
};
