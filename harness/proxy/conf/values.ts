// nginx's value syntaxes: sizes (`1m`, `16k`), times (`60s`, `1m30s`, `500ms`), flags (`on`/`off`).
import { ConfError } from './error.js';
import type { Directive } from './parse.js';

const SIZE = /^(\d+)([kKmMgG]?)$/;

export function parseSize(d: Directive, v: string): number {
  const m = SIZE.exec(v);
  if (!m) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  const unit = m[2].toLowerCase();
  return Number(m[1]) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1);
}

const TIME_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, M: 2_592_000_000, y: 31_536_000_000 };

/** A time in milliseconds (a bare number means seconds, as in nginx), or undefined if it is not one. */
function timeMs(v: string): number | undefined {
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  let total = 0;
  const re = /(\d+)(ms|s|m|h|d|w|M|y)/y;
  let at = 0;
  while (at < v.length) {
    re.lastIndex = at;
    const m = re.exec(v);
    if (!m) return undefined;
    total += Number(m[1]) * TIME_UNITS[m[2]];
    at = re.lastIndex;
  }
  return v.length ? total : undefined;
}

export function validTime(v: string): boolean {
  return timeMs(v) !== undefined;
}

/** A time in milliseconds; a bare number means seconds, as in nginx. */
export function parseTime(d: Directive, v: string): number {
  const ms = timeMs(v);
  if (ms === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
  return ms;
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
