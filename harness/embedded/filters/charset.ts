// ngx_http_charset_header_filter() without recoding (the engine refuses charset_map, the only
// source of a recoding table): `charset` is named in Content-Type for charset_types; an answer that
// names its own (an upstream's `text/html; charset=...`) keeps it unless override_charset, which
// only names the same charset again; any other pair is nginx's `no "charset_map"` line.
import type { HttpRequest } from '../request.js';
import type { ResponseFields } from '../http/response.js';

/** Content-Type as ngx_http_upstream_copy_content_type() reads it: the type's length, and its charset= if any. */
function parseContentType(value: string): { typeLen: number; charset?: string } {
  for (let p = value.indexOf(';'); p >= 0; p = value.indexOf(';', p + 1)) {
    const last = p;
    do p++;
    while (value[p] === ' ');
    if (p >= value.length) break;
    if (value.slice(p, p + 8).toLowerCase() !== 'charset=') continue;
    let charset = value.slice(p + 8);
    if (charset.startsWith('"')) charset = charset.slice(1);
    if (charset.endsWith('"')) charset = charset.slice(0, -1);
    return { typeLen: last, charset };
  }
  return { typeLen: value.length };
}

export function charsetFilter(req: HttpRequest, f: ResponseFields): ResponseFields {
  const loc = req.loc;
  const type = f.contentType;
  // ngx_http_destination_charset()
  if (!type || loc.charset === undefined) return f;
  const ct = parseContentType(type);
  if (ct.charset !== undefined) {
    if (!loc.overrideCharset) return f;
  } else if (loc.charsetTypes !== '*' && !loc.charsetTypes.has(type.slice(0, ct.typeLen).toLowerCase())) {
    return f;
  }
  const dst = loc.charset;
  // ngx_http_source_charset()
  const src = ct.charset ?? loc.sourceCharset;
  if (src === undefined) return withCharset(f, type, dst);
  if (src.toLowerCase() === dst.toLowerCase()) return withCharset(f, type.slice(0, ct.typeLen), dst);
  req.logError('error', `no "charset_map" between the charsets "${src}" and "${dst}"`);
  return f;
}

/**
 * ngx_http_set_charset() and the header filter: `; charset=` after the type (cut before an old
 * charset= where it named one); a 301 or 302 gets none (for the old browsers that kept it for the
 * next page).
 */
function withCharset(f: ResponseFields, type: string, charset: string): ResponseFields {
  if (f.status === 301 || f.status === 302) return { ...f, contentType: type };
  return { ...f, contentType: `${type}; charset=${charset}` };
}
