// What the directives of nginx's shared memory zones share (limit_req_zone's and limit_conn_zone's
// `zone=name:size`, their `*_status`), checked and worded as nginx 1.22.1 does.
import { ConfError } from './error.js';
import type { Directive } from './parse.js';

/** ngx_parse_size(): a number with k or m. */
function zoneSize(v: string): number | undefined {
  const m = /^(\d+)([kKmM]?)$/.exec(v);
  if (!m) return undefined;
  return Number(m[1]) * (m[2] === '' ? 1 : /k/i.test(m[2]) ? 1024 : 1024 * 1024);
}

/** `zone=name:size`: the name, the size checked (8 memory pages at least). */
export function zoneName(d: Directive, v: string): string {
  const colon = v.indexOf(':');
  const size = colon < 0 ? undefined : zoneSize(v.slice(colon + 1));
  if (size === undefined) throw new ConfError(`invalid zone size "${v}"`, d.file, d.line);
  if (size < 8 * 4096) throw new ConfError(`zone "${v}" is too small`, d.file, d.line);
  return v.slice(5, colon);
}

export const zoneMissing = (d: Directive) => new ConfError(`"${d.name}" must have "zone" parameter`, d.file, d.line);

/** ngx_conf_set_num_slot() with the bounds 400 to 599. */
export function errorStatus(d: Directive): number {
  if (!/^\d+$/.test(d.args[0])) throw new ConfError(`"${d.name}" directive invalid number`, d.file, d.line);
  const n = Number(d.args[0]);
  if (n < 400 || n > 599) throw new ConfError('value must be between 400 and 599', d.file, d.line);
  return n;
}

/**
 * A `*_zone` directive's zone added to the ones known: a name bound already is nginx's error. The
 * record is a new one, never the default's (the defaults are shared by every conf read).
 */
export function withZone<Z extends { name: string; key: string }>(zones: Readonly<Record<string, Z>>, z: Z, d: Directive): Record<string, Z> {
  const bound = zones[z.name];
  if (bound) throw new ConfError(`${d.name} "${z.name}" is already bound to key "${bound.key}"`, d.file, d.line);
  return { ...zones, [z.name]: z };
}

/** ngx_init_cycle(): a zone a limit names that no `*_zone` directive made has no size. */
export function unsized(limits: readonly { zone: string }[], zones: Readonly<Record<string, unknown>>): string | undefined {
  const l = limits.find((x) => !zones[x.zone]);
  return l && `zero size shared memory zone "${l.zone}"`;
}
