// X-Accel-Redirect (ngx_http_upstream_process_headers()): an upstream's answer with it is not
// passed on; the request is redirected internally to its URI (a GET, unless it was a HEAD) or to
// its named location, keeping only the upstream headers nginx marks for a redirect.
import type { HttpRequest } from '../request.js';

/** ngx_http_upstream_headers_in[]'s entries with `redirect` set. */
const KEPT = new Set(['set-cookie', 'content-disposition', 'cache-control', 'expires', 'accept-ranges']);

/** Follows `value`, the upstream's X-Accel-Redirect, with the upstream's `headers`; `action` is the log's. */
export function acceleratedRedirect(req: HttpRequest, value: string, headers: [string, string][], action: string): void {
  for (const [name, v] of headers) {
    const key = name.toLowerCase();
    // The upstream's type is the answer's; a handler that types by extension keeps it.
    if (key === 'content-type') req.presetContentType = v || undefined;
    else if (KEPT.has(key)) req.headersOut.push([name, v]);
  }
  if (value.startsWith('@')) {
    req.namedLocation(value);
    return;
  }
  const target = safeUri(value);
  if (!target) {
    req.logError('error', `unsafe URI "${value}" was detected`, { action });
    req.special(404);
    return;
  }
  req.internalRedirect(target.uri, { args: target.args, asGet: true });
}

/**
 * ngx_http_parse_unsafe_uri(): the path (escapes decoded) and the arguments after a written `?`, or
 * undefined for what could leave the root: a start with `.` or `?`, a `/..` segment (escaped or
 * not), a NUL.
 */
function safeUri(value: string): { uri: string; args: string } | undefined {
  if (!value || value[0] === '?' || value[0] === '.') return undefined;
  const q = value.indexOf('?');
  const path = q < 0 ? value : value.slice(0, q);
  const args = q < 0 ? '' : value.slice(q + 1);
  const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  for (const p of [path, decoded]) if (p.includes('\0') || /\/\.\.(\/|$)/.test(p)) return undefined;
  return { uri: decoded, args };
}
