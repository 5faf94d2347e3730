// nginx's output filters for the embedded engine, in the order nginx calls them
// (ngx_http_top_header_filter: headers, charset, gzip, ...): each may change an answer's fields and
// give the request a body filter for its bytes. The chunked filter and the head's writing come
// last, in HttpRequest.sendHead.
import type { HeaderFilter } from '../request.js';
import { headersFilter } from './headers.js';
import { charsetFilter } from './charset.js';
import { gzipHeaderFilter } from './gzip.js';

export const HEADER_FILTERS: readonly HeaderFilter[] = [headersFilter, charsetFilter, gzipHeaderFilter];
