// nginx's value syntaxes: sizes (`1m`, `16k`), times (`60s`, `1m30s`, `500ms`), flags (`on`/`off`).
import { ConfError } from './error.js';
import type { Directive } from './parse.js';

const SIZE = /^(\d+)([kKmMgG]?)$/;

/** ngx_parse_size() of a value made at run time: undefined when it is no size. */
export function sizeValue(v: string): number | undefined {
  const m = SIZE.exec(v);
  if (!m) return undefined;
  const unit = m[2].toLowerCase();
  return Number(m[1]) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1);
}

export function parseSize(d: Directive, v: string): number {
  const size = sizeValue(v);
  if (size === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  return size;
}

/** Units from the largest; each may come once, in this order (ngx_parse_time()). Seconds per unit. */
const TIME_UNITS: [unit: string, seconds: number][] = [
  ['y', 31_536_000],
  ['M', 2_592_000],
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
  ['ms', 0.001],
];

/**
 * ngx_parse_time(): a time in milliseconds, or undefined if it is not one. A bare number is
 * seconds; units go from the largest down, each at most once, blanks allowed after one. In
 * seconds (`inSeconds`, for fail_timeout= and keepalive_timeout's header) `ms` is no unit, and
 * in milliseconds `y` and `M` are none either.
 */
function timeMs(v: string, inSeconds: boolean): number | undefined {
  const re = /(\d+)(ms|[yMwdhms]) */y;
  let next = inSeconds ? 0 : 2;
  let total = 0;
  let at = 0;
  for (re.lastIndex = 0; at < v.length; at = re.lastIndex) {
    const m = re.exec(v);
    if (!m) break;
    const i = TIME_UNITS.findIndex(([u]) => u === m[2]);
    if (i < next || (inSeconds && m[2] === 'ms')) return undefined;
    next = i + 1;
    total += Number(m[1]) * TIME_UNITS[i][1] * 1000;
  }
  const rest = v.slice(at);
  if (rest && !/^\d+$/.test(rest)) return undefined;
  if (!v.length) return undefined;
  return total + Number(rest || 0) * 1000;
}

/** A time in milliseconds; a bare number means seconds, as in nginx. */
export function parseTime(d: Directive, v: string): number {
  const ms = timeMs(v, false);
  if (ms === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  return ms;
}

/** A time nginx keeps in whole seconds (`fail_timeout=`, keepalive_timeout's second value), or undefined. */
export function seconds(v: string): number | undefined {
  const ms = timeMs(v, true);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

/** ngx_conf_set_enum_slot(): one of `values`, or nginx's message. */
export function parseEnum<V extends string>(d: Directive, values: readonly V[]): V {
  const v = d.args[0];
  if (!values.includes(v as V)) throw new ConfError(`invalid value "${v}"`, d.file, d.line);
  return v as V;
}

/** An HTTP version as ngx_conf_set_enum_slot() reads `proxy_http_version` and `gzip_http_version`. */
export function parseHttpVersion(d: Directive): '1.0' | '1.1' {
  return parseEnum(d, ['1.0', '1.1']);
}

export function parseFlag(d: Directive): boolean {
  const v = d.args[0];
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new ConfError(`invalid value "${v}" in "${d.name}" directive, it must be "on" or "off"`, d.file, d.line);
}

/**
 * A number as ngx_conf_set_num_slot() reads it: `"keepalive_requests" directive invalid number`.
 * Directives with handlers of their own word it their own way: `message` gives that text.
 */
export function parseNumber(d: Directive, v: string, message = `"${d.name}" directive invalid number`): number {
  if (!/^\d+$/.test(v)) throw new ConfError(message, d.file, d.line);
  return Number(v);
}

/**
 * ngx_http_types_slot(): text/html first, then each type, lowercased; `*` (anywhere, on any line)
 * is every type. A second line in the same block adds to the first; `current` is what the level
 * has so far (inherited on its first line).
 */
export function typesSlot(current: ReadonlySet<string> | '*', args: readonly string[], firstHere: boolean): ReadonlySet<string> | '*' {
  if (!firstHere && current === '*') return current;
  if (args.includes('*')) return '*';
  const types = new Set(firstHere || current === '*' ? ['text/html'] : current);
  for (const t of args) types.add(t.toLowerCase());
  return types;
}
