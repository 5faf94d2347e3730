// ngx_http_charset_filter_module's settings (ngx_http_charset_loc_conf_t, its merge and commands[]):
// the charset named in Content-Type. Recoding needs a charset_map, which the engine refuses: without
// one nginx only names the charset (or logs that it cannot recode), which the filter does
// (embedded/filters/charset.ts).
import { unsupported } from '../error.js';
import type { Directive } from '../parse.js';
import { HSL, HSL_IF, type ConfModule } from '../directive.js';
import { parseFlag } from '../values.js';

export interface CharsetConf {
  /** `charset`: the charset Content-Type names; undefined: off. */
  charset?: string;
  /** `source_charset`: the answers' own; undefined: off. */
  sourceCharset?: string;
  overrideCharset: boolean;
  /** `charset_types`, lowercased (text/html always among them); '*': every type. */
  charsetTypes: ReadonlySet<string> | '*';
}

/** ngx_http_charset_default_types. */
const DEFAULT_TYPES = ['text/html', 'text/xml', 'text/plain', 'text/vnd.wap.wml', 'application/javascript', 'application/rss+xml'];

/** ngx_http_charset_map_block()'s names are the only source of a recoding table; a variable is evaluated per answer. */
function charsetName(d: Directive): string | undefined {
  const v = d.args[0];
  if (v.includes('$')) throw unsupported(`variables in "${d.name}"`, d, true);
  return v === 'off' ? undefined : v;
}

export const CHARSET: ConfModule<CharsetConf> = {
  defaults: { overrideCharset: false, charsetTypes: new Set(DEFAULT_TYPES) },
  directives: {
    charset: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.charset = charsetName(d)) },
    source_charset: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.sourceCharset = charsetName(d)) },
    override_charset: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.overrideCharset = parseFlag(d)) },
    // ngx_http_types_slot(): text/html is always one of them; `*` alone is every type.
    charset_types: {
      ctx: HSL,
      args: [1, Infinity],
      once: true,
      set: (l, d) => (l.charsetTypes = d.args.length === 1 && d.args[0] === '*' ? '*' : new Set(['text/html', ...d.args.map((t) => t.toLowerCase())])),
    },
    charset_map: {
      ctx: ['http'],
      args: [2, 2],
      block: true,
      set: (_l, d) => {
        throw unsupported('"charset_map" (recoding between charsets)', d);
      },
    },
  },
};


/**
 * ngx_http_charset_merge_loc_conf()'s recodings, checked by ngx_http_charset_postconfiguration():
 * without a charset_map (refused) any two different charsets stop nginx.
 */
export function charsetMapError(l: CharsetConf): string | undefined {
  const { charset, sourceCharset } = l;
  if (charset === undefined || sourceCharset === undefined || charset.toLowerCase() === sourceCharset.toLowerCase()) return undefined;
  return `no "charset_map" between the charsets "${sourceCharset}" and "${charset}"`;
}
