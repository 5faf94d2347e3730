// The empty_gif module's content handler: GET and HEAD only, else 405; the 43 bytes of a 1×1
// transparent GIF, with nginx's fixed Last-Modified.
import type { ModuleRuntime } from '../../module.js';
import type { HttpRequest } from '../../request.js';

/** ngx_empty_gif[]. */
const GIF = Buffer.from('47494638396101000100800100000000ffffff21f90401000001002c00000000010001000002024c01003b', 'hex');

/** r->headers_out.last_modified_time = 23349600. */
const LAST_MODIFIED_S = 23349600;
const LAST_MODIFIED = new Date(LAST_MODIFIED_S * 1000).toUTCString();

function emptyGifHandler(req: HttpRequest): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return req.special(405);
  req.discardBody();
  if (req.body.invalid) return req.special(400);
  const pre = req.handlers.preconditions(req, { etag: undefined, mtime: LAST_MODIFIED_S });
  if (pre === 412) return req.special(412);
  if (pre === 304) return req.respond({ status: 304, lastModified: LAST_MODIFIED });
  req.respond({ status: 200, contentType: 'image/gif', contentLength: GIF.length, lastModified: LAST_MODIFIED }, GIF);
}

export const EMPTY_GIF_RUNTIME: ModuleRuntime = { contentHandlers: { empty_gif: emptyGifHandler } };
