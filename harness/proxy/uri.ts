// The request URI as nginx reads it (ngx_http_parse_complex_uri): %-decoding, merge_slashes,
// dot segments, the arguments kept byte for byte; and ngx_escape_uri(NGX_ESCAPE_URI) for the URI
// sent upstream. Strings are latin1 ("binary"): one char per byte, as the request arrived.

export interface ParsedUri {
  /** `$uri`: decoded and normalised. */
  uri: string;
  /** `$args`: the query string without `?`, byte for byte ('' when absent or empty). */
  args: string;
  /** The request-target's path and query as sent (nginx's `unparsed_uri`). */
  unparsed: string;
  /** The path held a `%` (r->quoted_uri): the URI sent upstream is then re-escaped. */
  quoted: boolean;
  /** Host from an absolute-form request-target (`GET http://host/x`). */
  host?: string;
}

export class InvalidUri extends Error {}

const HEX = /^[0-9a-fA-F]{2}$/;

/** Parses a request-target; throws InvalidUri where nginx answers 400. */
export function parseRequestUri(target: string, mergeSlashes = true): ParsedUri {
  let host: string | undefined;
  let rest = target;
  const abs = /^https?:\/\/([^/?#]*)/i.exec(target);
  if (abs) {
    host = abs[1];
    rest = target.slice(abs[0].length) || '/';
    if (rest[0] === '?') rest = '/' + rest;
  }
  if (rest[0] !== '/') throw new InvalidUri('request-target does not start with "/"');
  // A fragment is not part of the URI: nginx drops it from the path and from the arguments.
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  const rawPath = q >= 0 ? rest.slice(0, q) : rest;
  const args = q >= 0 ? rest.slice(q + 1) : '';
  // The common case, nothing to decode or normalise: $uri is the path as sent.
  if (!/%|\/\.|\/\//.test(rawPath)) return { uri: rawPath, args, unparsed: rest, quoted: false, host };

  let decoded = '';
  for (let i = 0; i < rawPath.length; i++) {
    let c = rawPath[i];
    if (c === '%') {
      const hex = rawPath.slice(i + 1, i + 3);
      if (!HEX.test(hex)) throw new InvalidUri('bad %-escape');
      c = String.fromCharCode(parseInt(hex, 16));
      i += 2;
    }
    if (c === '\0') throw new InvalidUri('NUL in URI');
    decoded += c;
  }
  // A decoded `%2F` is a slash and a decoded `%2E%2E` a parent segment, as in nginx.
  const parts = decoded.split('/');
  const out: string[] = [];
  let trailing = false;
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i];
    const last = i === parts.length - 1;
    trailing = false;
    if (p === '.' || p === '..') {
      if (p === '..') {
        if (!out.length) throw new InvalidUri('URI climbs above the root');
        out.pop();
      }
      trailing = last;
    } else if (p === '') {
      if (last) trailing = true;
      else if (!mergeSlashes) out.push('');
    } else {
      out.push(p);
    }
  }
  const uri = '/' + out.join('/') + (trailing && out.length ? '/' : '');
  return { uri, args, unparsed: rest, quoted: rawPath.includes('%'), host };
}

// ngx_escape_uri's NGX_ESCAPE_URI set: controls, space, `#`, `%`, `?`, DEL and every byte >= 0x80.
function escapesUri(c: number): boolean {
  return c <= 0x20 || c === 0x23 || c === 0x25 || c === 0x3f || c >= 0x7f;
}

export function escapeUri(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += escapesUri(c) ? '%' + c.toString(16).toUpperCase().padStart(2, '0') : s[i];
  }
  return out;
}
