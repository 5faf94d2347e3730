// ngx_http_headers_module's settings: add_header and expires (ngx_http_headers_conf_t, its
// create/merge and commands[]). The filter that uses them is filter.ts.
import { ConfError } from '../../../nginx-conf/error.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { HSL_IF, type ConfModule } from '../../../nginx-conf/directive.js';
import { seconds } from '../../../nginx-conf/values.js';
import { variableNames } from '../../../nginx-conf/variables.js';

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
 * seconds after midnight in the local time zone). A value with variables is read per answer
 * (`variable`, hcf->expires_value).
 */
export type Expires =
  | { kind: 'off' }
  | { kind: 'epoch' }
  | { kind: 'max' }
  | { kind: 'access' | 'modified' | 'daily'; seconds: number }
  | { kind: 'variable'; modified: boolean; value: string };

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

/**
 * ngx_http_parse_expires(): the value of `expires [modified] value`, or nginx's error words. The
 * filter reads a value with variables through it too, per answer.
 */
export function parseExpiresValue(value: string, modified: boolean): Expires | { error: string } {
  if (!modified && (value === 'epoch' || value === 'max' || value === 'off')) return { kind: value } as Expires;
  let v = value;
  let minus = false;
  let daily = false;
  if (v.startsWith('@')) {
    if (modified) return { error: 'daily time cannot be used with "modified" parameter' };
    [v, daily] = [v.slice(1), true];
  } else if (v.startsWith('+') || v.startsWith('-')) [v, minus] = [v.slice(1), v.startsWith('-')];
  const s = seconds(v);
  if (s === undefined) return { error: 'invalid value' };
  if (daily) return s > 24 * 60 * 60 ? { error: 'daily time value must be less than 24 hours' } : { kind: 'daily', seconds: s };
  return { kind: modified ? 'modified' : 'access', seconds: minus ? -s : s };
}

/** ngx_http_headers_expires(): `expires [modified] time | epoch | max | off`. */
function parseExpires(d: Directive): Expires {
  const modified = d.args.length === 2;
  if (modified && d.args[0] !== 'modified') throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  const value = d.args[d.args.length - 1];
  if (value.includes('$')) return { kind: 'variable', modified, value };
  const e = parseExpiresValue(value, modified);
  if ('error' in e) throw new ConfError(`"${d.name}" directive ${e.error}`, d.file, d.line);
  return e;
}

export const HEADERS: ConfModule<HeadersConf> = {
  defaults: { addHeaders: [], addTrailers: [], expires: { kind: 'off' } },
  // add_header's values are checked at start, as nginx compiles them.
  variables: (l) => ({ used: l.addHeaders.flatMap((h) => variableNames(h.value).map((name) => ({ name, what: `"add_header ${h.name}"`, at: h.at }))), defined: [], declared: [] }),
  directives: {
    add_header: { ctx: HSL_IF, args: [2, 3], set: (l, d, c) => (l.addHeaders = [...(c.firstHere ? [] : l.addHeaders), headerVal(d)]) },
    add_trailer: { ctx: HSL_IF, args: [2, 3], set: (l, d, c) => (l.addTrailers = [...(c.firstHere ? [] : l.addTrailers), headerVal(d)]) },
    expires: { ctx: HSL_IF, args: [1, 2], once: true, set: (l, d) => (l.expires = parseExpires(d)) },
  },
};
