// ngx_http_core_module's settings of how nginx writes an answer's head: how the Location of its
// own redirects is made absolute (ngx_http_header_filter()), whether a body of unknown length
// goes in chunks (ngx_http_chunked_filter_module), and whether a static file gets an ETag.
import { parseFlag } from '../values.js';
import { HSL, type ConfModule } from '../directive.js';

export interface CoreResponseConf {
  /** A Location nginx sets (`/dir/`, `/api/`, proxy_redirect's) becomes `http://host[:port]/...`; off: left relative. */
  absoluteRedirect: boolean;
  /** The listen port in that URL (unless 80). */
  portInRedirect: boolean;
  /** The server's first server_name as its host, instead of the request's Host (or the local address). */
  serverNameInRedirect: boolean;
  /** Off: a body of unknown length to an HTTP/1.1 client is not chunked; the connection ends it. */
  chunkedTransferEncoding: boolean;
  /** A static file's ETag (ngx_http_set_etag()); off: none, so If-None-Match and If-Match match only `*`. */
  etag: boolean;
}

export const CORE_RESPONSE: ConfModule<CoreResponseConf> = {
  defaults: { absoluteRedirect: true, portInRedirect: true, serverNameInRedirect: false, chunkedTransferEncoding: true, etag: true },
  directives: {
    absolute_redirect: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.absoluteRedirect = parseFlag(d)) },
    port_in_redirect: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.portInRedirect = parseFlag(d)) },
    server_name_in_redirect: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.serverNameInRedirect = parseFlag(d)) },
    chunked_transfer_encoding: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.chunkedTransferEncoding = parseFlag(d)) },
    etag: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.etag = parseFlag(d)) },
  },
};
