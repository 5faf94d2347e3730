// ngx_http_charset_filter_module's settings (ngx_http_charset_loc_conf_t, its merge and commands[]):
// the charset named in Content-Type, the answers' own, and the charset_map tables the filter
// recodes with (filter.ts).
import { ConfError } from '../../../nginx-conf/error.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { HSL, HSL_IF, type ConfModule } from '../../../nginx-conf/directive.js';
import { parseFlag } from '../../../nginx-conf/values.js';

/**
 * One charset_map block (ngx_http_charset_tables_t): `src2dst` and `dst2src`, 256 bytes each;
 * to utf-8, each byte's UTF-8 bytes instead, and back the code points' bytes.
 */
export interface CharsetMap {
  src: string;
  dst: string;
  /** The map's second charset is utf-8. */
  utf8: boolean;
  src2dst: Uint8Array | readonly Buffer[];
  dst2src: Uint8Array | ReadonlyMap<number, number>;
}

export interface CharsetConf {
  /** `charset`: the charset Content-Type names (with `$`: evaluated per answer); undefined: off. */
  charset?: string;
  /** `source_charset`: the answers' own; undefined: off. */
  sourceCharset?: string;
  overrideCharset: boolean;
  /** `charset_types`, lowercased (text/html always among them); '*': every type. */
  charsetTypes: ReadonlySet<string> | '*';
  /** The http block's charset_map tables (a main conf's: every level has them all once the conf is read). */
  charsetMaps: readonly CharsetMap[];
}

/** ngx_http_charset_default_types. */
const DEFAULT_TYPES = ['text/html', 'text/xml', 'text/plain', 'text/vnd.wap.wml', 'application/javascript', 'application/rss+xml'];

const charsetName = (d: Directive) => (d.args[0] === 'off' ? undefined : d.args[0]);

/** ngx_hextoi() of a whole value, at most 255, else nginx's `invalid value`. */
function hexByte(v: string, d: Directive): number {
  if (!/^[0-9a-fA-F]+$/.test(v) || parseInt(v, 16) > 255) throw new ConfError(`invalid value "${v}"`, d.file, d.line);
  return parseInt(v, 16);
}

/** ngx_http_charset_map_block() and ngx_http_charset_map(): the table of `charset_map src dst { src-byte dst-byte; ... }`. */
function charsetMap(d: Directive, maps: readonly CharsetMap[]): CharsetMap {
  const [src, dst] = d.args;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (same(src, dst)) throw new ConfError(`"charset_map" between the same charsets "${src}" and "${dst}"`, d.file, d.line);
  if (maps.some((m) => (same(m.src, src) && same(m.dst, dst)) || (same(m.src, dst) && same(m.dst, src)))) throw new ConfError(`duplicate "charset_map" between "${src}" and "${dst}"`, d.file, d.line);
  const utf8 = same(dst, 'utf-8');
  // ASCII maps to itself; any other byte is `?` until the block maps it.
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => (i < 128 ? i : 0x3f));
  const src2dst: Uint8Array | Buffer[] = utf8 ? Array.from(bytes, (b) => Buffer.of(b)) : bytes;
  const dst2src: Uint8Array | Map<number, number> = utf8 ? new Map(Array.from({ length: 128 }, (_, i) => [i, i])) : Uint8Array.from(bytes);
  for (const line of d.block ?? []) {
    if (line.args.length !== 1) throw new ConfError('invalid parameters number', line.file, line.line);
    const from = hexByte(line.name, line);
    const to = line.args[0];
    if (!utf8) {
      const b = hexByte(to, line);
      (src2dst as Uint8Array)[from] = b;
      (dst2src as Uint8Array)[b] = from;
      continue;
    }
    const seq = Buffer.from(Array.from({ length: Math.floor(to.length / 2) }, (_, i) => hexByte(to.slice(2 * i, 2 * i + 2), line)));
    const cp = seq.toString('utf8').codePointAt(0) ?? 0xfffd;
    if (cp > 0xffff || Buffer.from(String.fromCodePoint(cp), 'utf8').length !== seq.length) throw new ConfError(`invalid value "${to}"`, line.file, line.line);
    (src2dst as Buffer[])[from] = seq;
    (dst2src as Map<number, number>).set(cp, from);
  }
  return { src, dst, utf8, src2dst, dst2src };
}

export const CHARSET: ConfModule<CharsetConf> = {
  defaults: { overrideCharset: false, charsetTypes: new Set(DEFAULT_TYPES), charsetMaps: [] },
  main: ['charsetMaps'],
  check: (l) => charsetMapError(l),
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
    charset_map: { ctx: ['http'], args: [2, 2], block: true, set: (l, d) => (l.charsetMaps = [...l.charsetMaps, charsetMap(d, l.charsetMaps)]) },
  },
};

/** The charset_map between two charsets, either way round, and whether it is read backwards. */
export function findCharsetMap(maps: readonly CharsetMap[], src: string, dst: string): { map: CharsetMap; reverse: boolean } | undefined {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  for (const map of maps) {
    if (same(map.src, src) && same(map.dst, dst)) return { map, reverse: false };
    if (same(map.src, dst) && same(map.dst, src)) return { map, reverse: true };
  }
  return undefined;
}

/**
 * ngx_http_charset_postconfiguration(): a level whose `charset` and `source_charset` (neither a
 * variable) differ needs a charset_map between them, or nginx does not start.
 */
export function charsetMapError(l: CharsetConf): string | undefined {
  const { charset, sourceCharset, charsetMaps: maps } = l;
  if (charset === undefined || sourceCharset === undefined || charset.includes('$') || sourceCharset.includes('$')) return undefined;
  if (charset.toLowerCase() === sourceCharset.toLowerCase() || findCharsetMap(maps, sourceCharset, charset)) return undefined;
  return `no "charset_map" between the charsets "${sourceCharset}" and "${charset}"`;
}
