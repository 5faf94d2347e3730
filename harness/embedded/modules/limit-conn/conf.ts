// ngx_http_limit_conn_module's directives: limit_conn_zone (the key, the zone's name and size),
// limit_conn (a zone and the number of connections), limit_conn_status, limit_conn_log_level and
// limit_conn_dry_run, checked and worded as nginx 1.22.1 does.
import type { Directive } from '../../../nginx-conf/parse.js';
import { ConfError } from '../../../nginx-conf/error.js';
import { HSL, type ConfModule } from '../../../nginx-conf/directive.js';
import { parseEnum, parseFlag } from '../../../nginx-conf/values.js';
import { errorStatus, unsized, withZone, zoneMissing, zoneName } from '../../../nginx-conf/zone.js';

export interface LimitConnZone {
  name: string;
  /** The key, a complex value. */
  key: string;
}

export interface LimitConn {
  zone: string;
  /** How many requests of one key may be in progress at once. */
  conn: number;
}

export interface LimitConnConf {
  /** limit_conn_zone's zones, by name (set in http only, so every level sees them all). */
  limitConnZones: Readonly<Record<string, LimitConnZone>>;
  /** A level's limit_conn list; inherited only by a level that has none. */
  limitConns: readonly LimitConn[];
  limitConnStatus: number;
  limitConnLogLevel: 'info' | 'notice' | 'warn' | 'error';
  limitConnDryRun: boolean;
}

const emerg = (d: Directive, message: string) => new ConfError(message, d.file, d.line);

/** ngx_http_limit_conn_zone(). */
function limitConnZone(d: Directive): LimitConnZone {
  const v = d.args[1];
  if (!v.startsWith('zone=')) throw emerg(d, `invalid parameter "${v}"`);
  const name = zoneName(d, v);
  if (!name) throw zoneMissing(d);
  return { name, key: d.args[0] };
}

export const LIMIT_CONN: ConfModule<LimitConnConf> = {
  defaults: { limitConnZones: {}, limitConns: [], limitConnStatus: 503, limitConnLogLevel: 'error', limitConnDryRun: false },
  check: (l) => unsized(l.limitConns, l.limitConnZones),
  directives: {
    limit_conn_zone: {
      ctx: ['http'],
      args: [2, 2],
      set: (l, d) => (l.limitConnZones = withZone(l.limitConnZones, limitConnZone(d), d)),
    },
    limit_conn: {
      ctx: HSL,
      args: [2, 2],
      set: (l, d, c) => {
        const [zone, number] = d.args;
        const here = c.firstHere ? [] : l.limitConns;
        if (here.some((x) => x.zone === zone)) throw emerg(d, `"${d.name}" directive is duplicate`);
        const conn = /^\d+$/.test(number) ? Number(number) : 0;
        if (conn <= 0) throw emerg(d, `invalid number of connections "${number}"`);
        if (conn > 65535) throw emerg(d, 'connection limit must be less 65536');
        l.limitConns = [...here, { zone, conn }];
      },
    },
    limit_conn_status: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.limitConnStatus = errorStatus(d)) },
    limit_conn_log_level: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.limitConnLogLevel = parseEnum(d, ['info', 'notice', 'warn', 'error'])) },
    limit_conn_dry_run: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.limitConnDryRun = parseFlag(d)) },
  },
};
