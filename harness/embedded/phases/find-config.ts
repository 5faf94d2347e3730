// nginx's find-config phase (ngx_http_core_find_config_phase(), ngx_http_core_find_location() and
// ngx_http_core_find_static_location()): which location a URI is served by, and that location's
// own answers before any other phase.
import type { LocationConf, ServerConf } from '../../nginx-conf/model.js';
import type { HttpRequest } from '../request.js';
import { escapeUri } from '../http/uri.js';

export interface FoundLocation {
  /** Undefined: no location matched (the server's own settings serve). */
  loc?: LocationConf;
  /** nginx's auto_redirect: `/api` asked of `location /api/ { proxy_pass ... }`, a 301 to the name. */
  redirect?: boolean;
  /** The matching regex's captures ([0] the whole match), when it has groups. */
  captures?: string[];
  /** Its named captures, nginx's `$name` variables. */
  named?: Record<string, string>;
}

/**
 * An exact match wins; else the longest prefix is remembered and its nested locations are looked
 * up the same way; unless it is `^~`, the regexes of that level are tried in the conf's order
 * (after the nested ones: a nested `^~` stops only its own level's); else the longest prefix.
 * `caseless`: the Windows build (NGX_HAVE_CASELESS_FILESYSTEM), where ngx_filename_cmp() ignores
 * the case of ASCII letters and every regex is compiled caseless, `~` as `~*`.
 */
export function findLocation(server: ServerConf, uri: string, caseless: boolean): FoundLocation {
  const found: FoundLocation = {};
  find(server.locations, caseless ? asciiLower(uri) : uri, uri, caseless, found);
  return found;
}

type Rc = 'ok' | 'done' | 'again' | 'declined';

function find(level: LocationConf[], key: string, uri: string, caseless: boolean, found: FoundLocation): Rc {
  let rc = findStatic(level, key, caseless, found);
  let noregex = false;
  if (rc === 'again') {
    noregex = found.loc!.modifier === '^~';
    rc = find(found.loc!.locations, key, uri, caseless, found);
  }
  if (rc === 'ok' || rc === 'done') return rc;
  if (noregex) return rc;
  for (const loc of level) {
    if (!loc.regex) continue;
    const m = regexFor(loc, caseless).exec(uri);
    if (!m) continue;
    found.loc = loc;
    found.redirect = false;
    // Only a regex with groups replaces the captures (ngx_http_regex_exec()).
    if (m.length > 1) found.captures = Array.from(m, (s) => s ?? '');
    if (m.groups) found.named = Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, v ?? '']));
    find(loc.locations, key, uri, caseless, found);
    return 'ok';
  }
  return rc;
}

/**
 * One level's `=` and prefix locations: 'ok' for an exact match, 'again' for the longest prefix,
 * 'done' for an auto_redirect (the location's name is the URI and a `/`, and no location is named
 * the URI itself), the exact location's when both have the name.
 */
function findStatic(level: LocationConf[], key: string, caseless: boolean, found: FoundLocation): Rc {
  const norm = (s: string) => (caseless ? asciiLower(s) : s);
  let best: LocationConf | undefined;
  let redirect: LocationConf | undefined;
  for (const loc of level) {
    if (loc.regex) continue;
    const p = norm(loc.path);
    if (loc.proxyPass && p.endsWith('/') && key === p.slice(0, -1) && !(redirect?.modifier === '=' && norm(redirect.path) === p)) redirect = loc;
    if (loc.modifier === '=') {
      if (key === p) {
        found.loc = loc;
        return 'ok';
      }
      continue;
    }
    if (key.startsWith(p) && (!best || p.length > best.path.length)) best = loc;
  }
  if (redirect && (!best || best.path.length < redirect.path.length - 1)) {
    found.loc = redirect;
    found.redirect = true;
    return 'done';
  }
  if (!best) return 'declined';
  found.loc = best;
  return 'again';
}

/** The caseless variant of a `~` regex, for the Windows build; compiled once. */
const caselessRegex = new WeakMap<LocationConf, RegExp>();

function regexFor(loc: LocationConf, caseless: boolean): RegExp {
  const re = loc.regex!.re;
  if (!caseless || re.ignoreCase) return re;
  let ci = caselessRegex.get(loc);
  if (!ci) caselessRegex.set(loc, (ci = new RegExp(re.source, re.flags + 'i')));
  return ci;
}

/** ngx_filename_cmp()'s caseless compare folds A-Z only. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/**
 * NGX_HTTP_FIND_CONFIG_PHASE: the location, its regex's captures, then its own answers: a body too
 * large for it (unless an internal redirect's body was read or dropped already), the `/api` →
 * `/api/` redirect (an internal redirect's `/api` too: try_files', error_page's).
 */
export function findConfigPhase(req: HttpRequest): boolean {
  const internal = req.redirected;
  req.redirected = false;
  req.uriChanged = false;
  const found = findLocation(req.server, req.uri.uri, req.ctx.os.caselessLocations);
  if (found.captures) req.captures = found.captures;
  for (const [name, value] of Object.entries(found.named ?? {})) req.variables.set(name, value);
  const loc = found.loc ?? req.server.base;
  // Written to the log of the location before this one; the rest, to this one's.
  req.debug(`using configuration "${loc.modifier === '=' ? '=' : ''}${loc === req.server.base ? '' : loc.path}"`);
  req.contentHandler = undefined;
  req.useLocation(loc);
  req.debug(`http cl:${req.head.contentLength ?? -1} max:${req.loc.clientMaxBodySize}`);
  const cl = internal && req.body.started ? undefined : req.head.contentLength;
  if (cl !== undefined && req.loc.clientMaxBodySize && cl > req.loc.clientMaxBodySize) {
    req.logError('error', `client intended to send too large body: ${cl} bytes`);
    req.keepalive = false;
    // Without a "100 Continue", the body is discarded (special() does it), the connection kept
    // for it until it is all in or lingering_timeout passes without a byte, as nginx does.
    req.special(413);
    return true;
  }
  if (found.redirect) {
    // The Location is the location's name, escaped (ngx_http_escape_location_name()), with the query.
    req.redirect(301, escapeUri(req.loc.path) + (req.uri.args ? '?' + req.uri.args : ''));
    return true;
  }
  return false;
}
