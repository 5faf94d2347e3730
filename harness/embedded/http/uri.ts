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

/**
 * A refused request's URI when ngx_http_parse_request_line() refused its line: nginx's r->uri is
 * not set, so `$uri` and `$request_uri` are not found ("-" in a log).
 */
export const NO_URI: ParsedUri = Object.freeze({ uri: '', args: '', unparsed: '', quoted: false });
/**
 * ngx_http_process_request_uri() refused the path (`/../x`, `%zz`): `$uri` is empty, and
 * `$request_uri` and `$args` are not set yet.
 */
export const REFUSED_PATH: ParsedUri = Object.freeze({ uri: '', args: '', unparsed: '', quoted: false });

export class InvalidUri extends Error {}
/** A request-target refused by ngx_http_parse_request_line() itself: before it knows the version, so the answer is never an HTTP/0.9 one. */
export class InvalidTarget extends InvalidUri {}

const HEX = /^[0-9a-fA-F]{2}$/;

/** Parses a request-target; throws InvalidUri where nginx answers 400. */
export function parseRequestUri(target: string, mergeSlashes = true): ParsedUri {
  let host: string | undefined;
  let rest = target;
  if (rest[0] !== '/') ({ host, rest } = absoluteForm(target));
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

/** The bytes of an IP literal in brackets: unreserved, sub-delims and `:` (sw_host_ip_literal). */
const IP_LITERAL = /[0-9A-Za-z:\-._~!$&'()*+,;=]/;

/**
 * An absolute request-target as ngx_http_parse_request_line() reads it (sw_schema to sw_port):
 * any scheme, `://`, a host of letters, digits, `.` and `-` or a bracketed IP literal, an optional
 * `:` and digits, then the path, a `?` or nothing (the path is then `/`). No userinfo, no other byte.
 */
function absoluteForm(target: string): { host: string; rest: string } {
  let i = 0;
  while (i < target.length && /[A-Za-z0-9+.-]/.test(target[i])) i++;
  if (i === 0 || !/[A-Za-z]/.test(target[0]) || !target.startsWith('://', i)) throw new InvalidTarget('request-target is neither a path nor absolute');
  const start = (i += 3);
  if (target[i] === '[') {
    for (i++; i < target.length && target[i] !== ']'; i++) if (!IP_LITERAL.test(target[i])) throw new InvalidTarget('bad IP literal');
    if (target[i++] !== ']') throw new InvalidTarget('unbalanced IP literal');
  } else {
    while (i < target.length && /[A-Za-z0-9.-]/.test(target[i])) i++;
  }
  const host = target.slice(start, i);
  if (target[i] === ':') for (i++; i < target.length && target[i] >= '0' && target[i] <= '9'; i++);
  const rest = target.slice(i);
  if (rest === '') return { host, rest: '/' };
  if (rest[0] === '/') return { host, rest };
  if (rest[0] === '?') return { host, rest: '/' + rest };
  throw new InvalidTarget('bad byte in the host or port');
}

// ngx_escape_uri's NGX_ESCAPE_URI set: controls, space, `"`, `#`, `%`, `<`, `>`, `?`, `\`, `^`, `` ` ``,
// `{`, `|`, `}`, DEL and every byte >= 0x80.
function escapesUri(c: number): boolean {
  return c <= 0x20 || c >= 0x7f || '"#%<>?\\^`{|}'.includes(String.fromCharCode(c));
}

// NGX_ESCAPE_ARGS: controls, space, `#`, `%`, `&`, `+`, `;`, `?`, DEL and every byte >= 0x80.
function escapesArgs(c: number): boolean {
  return c <= 0x20 || c === 0x23 || c === 0x25 || c === 0x26 || c === 0x2b || c === 0x3b || c === 0x3f || c >= 0x7f;
}

/** ngx_escape_uri(NGX_ESCAPE_ARGS): a regex capture copied into a rewrite of a URI that held `%` or `+`. */
export function escapeArgs(s: string): string {
  return escapeUri(s, escapesArgs);
}

export function escapeUri(s: string, escapes = escapesUri): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += escapes(c) ? '%' + c.toString(16).toUpperCase().padStart(2, '0') : s[i];
  }
  return out;
}
