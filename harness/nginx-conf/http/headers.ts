// ngx_http_headers_module's settings: add_header and expires (ngx_http_headers_conf_t, its
// create/merge and commands[]). The filter that uses them is embedded/filters/headers.ts.
import { ConfError, unsupported } from '../error.js';
import type { Directive } from '../parse.js';
import { HSL_IF, type ConfModule } from '../directive.js';
import { seconds } from '../values.js';

export interface AddHeader {
  name: string;
  /** With `$variables` left in, evaluated per answer. */
  value: string;
  /** Added whatever the status, not only to 200, 201, 204, 206, 301, 302, 303, 304, 307, 308. */
  always: boolean;
  at: { file: string; line: number };
}

/**
 * NGX_HTTP_EXPIRES_*: off, epoch, max, a time from now (`access`) or from the answer's
 * Last-Modified (`modified`), in seconds, negative for the past, or a time of day (`daily`,
 * seconds after midnight in the local time zone).
 */
export type Expires = { kind: 'off' } | { kind: 'epoch' } | { kind: 'max' } | { kind: 'access' | 'modified' | 'daily'; seconds: number };

export interface HeadersConf {
  addHeaders: AddHeader[];
  /** add_trailer: fields after a chunked body's last chunk. */
  addTrailers: AddHeader[];
  expires: Expires;
}

/** ngx_http_headers_add(): `name value [always]`. */
function headerVal(d: Directive): AddHeader {
  if (d.args[2] !== undefined && d.args[2] !== 'always') throw new ConfError(`invalid parameter "${d.args[2]}"`, d.file, d.line);
  return { name: d.args[0], value: d.args[1], always: d.args[2] === 'always', at: { file: d.file, line: d.line } };
}

/** ngx_http_headers_expires() and ngx_http_parse_expires(): `expires [modified] time | epoch | max | off`. */
function parseExpires(d: Directive): Expires {
  const modified = d.args.length === 2;
  if (modified && d.args[0] !== 'modified') throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  let v = d.args[d.args.length - 1];
  if (v.includes('$')) throw unsupported('variables in "expires"', d, true);
  if (!modified && (v === 'epoch' || v === 'max' || v === 'off')) return { kind: v } as Expires;
  if (v.startsWith('@')) {
    if (modified) throw new ConfError(`"${d.name}" directive daily time cannot be used with "modified" parameter`, d.file, d.line);
    const s = seconds(v.slice(1));
    if (s === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
    if (s > 24 * 60 * 60) throw new ConfError(`"${d.name}" directive daily time value must be less than 24 hours`, d.file, d.line);
    return { kind: 'daily', seconds: s };
  }
  const minus = v.startsWith('-');
  if (minus || v.startsWith('+')) v = v.slice(1);
  const s = seconds(v);
  if (s === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  return { kind: modified ? 'modified' : 'access', seconds: minus ? -s : s };
}

export const HEADERS: ConfModule<HeadersConf> = {
  defaults: { addHeaders: [], addTrailers: [], expires: { kind: 'off' } },
  directives: {
    add_header: { ctx: HSL_IF, args: [2, 3], set: (l, d, c) => (l.addHeaders = [...(c.firstHere ? [] : l.addHeaders), headerVal(d)]) },
    add_trailer: { ctx: HSL_IF, args: [2, 3], set: (l, d, c) => (l.addTrailers = [...(c.firstHere ? [] : l.addTrailers), headerVal(d)]) },
    expires: { ctx: HSL_IF, args: [1, 2], once: true, set: (l, d) => (l.expires = parseExpires(d)) },
  },
};
