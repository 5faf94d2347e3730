// ngx_http_limit_req_module's directives: limit_req_zone (the key, the zone's name and size, the
// rate), limit_req (a zone, burst=, delay= or nodelay), limit_req_status, limit_req_log_level and
// limit_req_dry_run, checked and worded as nginx 1.22.1 does.
import type { Directive } from '../../../nginx-conf/parse.js';
import { ConfError } from '../../../nginx-conf/error.js';
import { HSL, type ConfModule } from '../../../nginx-conf/directive.js';
import { parseEnum, parseFlag } from '../../../nginx-conf/values.js';
import { errorStatus, unsized, withZone, zoneMissing, zoneName } from '../../../nginx-conf/zone.js';

export interface LimitReqZone {
  name: string;
  /** The key, a complex value. */
  key: string;
  /** Requests per 1000 seconds (ctx->rate: rate=1r/s is 1000, 1r/m is 16). */
  rate: number;
}

/** One limit_req: its zone, and burst and delay in thousandths of a request, as nginx keeps them. */
export interface LimitReq {
  zone: string;
  burst: number;
  delay: number;
}

export type LimitReqLogLevel = 'info' | 'notice' | 'warn' | 'error';

export interface LimitReqConf {
  /** limit_req_zone's zones, by name (set in http only, so every level sees them all). */
  limitReqZones: Readonly<Record<string, LimitReqZone>>;
  /** A level's limit_req list; inherited only by a level that has none. */
  limitReqs: readonly LimitReq[];
  limitReqStatus: number;
  limitReqLogLevel: LimitReqLogLevel;
  limitReqDryRun: boolean;
}

const emerg = (d: Directive, message: string) => new ConfError(message, d.file, d.line);

/** ngx_http_limit_req_zone(). */
function limitReqZone(d: Directive): LimitReqZone {
  let name = '';
  let rate = 1;
  let scale = 1;
  for (const v of d.args.slice(1)) {
    if (v.startsWith('zone=')) {
      name = zoneName(d, v);
      continue;
    }
    if (v.startsWith('rate=')) {
      let n = v.slice(5);
      if (n.endsWith('r/s')) n = n.slice(0, -3);
      else if (n.endsWith('r/m')) [n, scale] = [n.slice(0, -3), 60];
      rate = /^\d+$/.test(n) ? Number(n) : 0;
      if (rate <= 0) throw emerg(d, `invalid rate "${v}"`);
      continue;
    }
    throw emerg(d, `invalid parameter "${v}"`);
  }
  if (!name) throw zoneMissing(d);
  return { name, key: d.args[0], rate: Math.trunc((rate * 1000) / scale) };
}

/** ngx_http_limit_req(). */
function limitReq(d: Directive): LimitReq {
  let zone = '';
  let burst = 0;
  let delay = 0;
  for (const v of d.args) {
    if (v.startsWith('zone=')) zone = v.slice(5);
    else if (v.startsWith('burst=')) {
      burst = /^\d+$/.test(v.slice(6)) ? Number(v.slice(6)) : 0;
      if (burst <= 0) throw emerg(d, `invalid burst value "${v}"`);
    } else if (v.startsWith('delay=')) {
      delay = /^\d+$/.test(v.slice(6)) ? Number(v.slice(6)) : 0;
      if (delay <= 0) throw emerg(d, `invalid delay value "${v}"`);
    } else if (v === 'nodelay') delay = Infinity;
    else throw emerg(d, `invalid parameter "${v}"`);
  }
  if (!zone) throw zoneMissing(d);
  return { zone, burst: burst * 1000, delay: delay * 1000 };
}


export const LIMIT_REQ: ConfModule<LimitReqConf> = {
  check: (l) => unsized(l.limitReqs, l.limitReqZones),
  defaults: { limitReqZones: {}, limitReqs: [], limitReqStatus: 503, limitReqLogLevel: 'error', limitReqDryRun: false },
  directives: {
    limit_req_zone: {
      ctx: ['http'],
      args: [3, 3],
      set: (l, d) => (l.limitReqZones = withZone(l.limitReqZones, limitReqZone(d), d)),
    },
    limit_req: {
      ctx: HSL,
      args: [1, 3],
      set: (l, d, c) => {
        const r = limitReq(d);
        const here = c.firstHere ? [] : l.limitReqs;
        if (here.some((x) => x.zone === r.zone)) throw emerg(d, `"${d.name}" directive is duplicate`);
        l.limitReqs = [...here, r];
      },
    },
    limit_req_status: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      set: (l, d) => {
        l.limitReqStatus = errorStatus(d);
      },
    },
    limit_req_log_level: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.limitReqLogLevel = parseEnum(d, ['info', 'notice', 'warn', 'error'])) },
    limit_req_dry_run: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.limitReqDryRun = parseFlag(d)) },
  },
};
