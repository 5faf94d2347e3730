// ngx_http_limit_req_handler(), in the preaccess phase: each limit_req's zone is asked for the
// request's key; one over its burst refuses the request (limit_req_status, 503 by default) with
// its [error] line, and an excess over delay= holds it for as long as the rate needs, then the
// phases go on.
import type { HttpRequest } from '../../request.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { requestZoneKey } from '../../zone-key.js';
import { LIMIT_REQ, type LimitReq, type LimitReqLogLevel } from './conf.js';
import { ACCOUNT, LOOKUP, PEEK, type Lookup } from './zone.js';

/** r->main->limit_req_status: $limit_req_status, and a request the handler has decided on. */
export const STATUS = new WeakMap<HttpRequest, 'PASSED' | 'DELAYED' | 'REJECTED' | 'DELAYED_DRY_RUN' | 'REJECTED_DRY_RUN'>();

/** The delay's line is one level below the refusal's (info stays info). */
const DELAY_LEVEL: Record<LimitReqLogLevel, LimitReqLogLevel> = { error: 'warn', warn: 'notice', notice: 'info', info: 'info' };

/** `%ui.%03ui` of thousandths. */
const requests = (excess: number) => `${Math.trunc(excess / 1000)}.${String(excess % 1000).padStart(3, '0')}`;

export function limitReqPhase(req: HttpRequest): boolean {
  if (STATUS.has(req)) return false;
  const lc = moduleConf(req.loc, LIMIT_REQ);
  const limits = lc.limitReqs;
  if (!limits.length) return false;
  let rc: Lookup['rc'] | 'declined' = 'declined';
  let excess = 0;
  let limit: LimitReq = limits[0];
  /** The limits that let the request pass without counting it yet, to count once all have. */
  const looked: { limit: LimitReq; key: Buffer; rate: number }[] = [];
  for (const [n, l] of limits.entries()) {
    limit = l;
    const zone = lc.limitReqZones[l.zone];
    const key = requestZoneKey(req, zone, 65535);
    if (!key) continue;
    const r = req.ctx.zones.change(n === limits.length - 1 ? LOOKUP : PEEK, key, zone.rate, l.burst) as Lookup;
    ({ rc, excess } = r);
    if (rc !== 'again') break;
    looked.push({ limit: l, key, rate: zone.rate });
  }
  if (rc === 'declined') return false;
  const dry = lc.limitReqDryRun ? ', dry run' : '';
  if (rc === 'busy') {
    req.logError(lc.limitReqLogLevel, `limiting requests${dry}, excess: ${requests(excess)} by zone "${limit.zone}"`);
    STATUS.set(req, dry ? 'REJECTED_DRY_RUN' : 'REJECTED');
    if (dry) return false;
    req.special(lc.limitReqStatus);
    return true;
  }
  if (rc === 'again') excess = 0;
  const rateOf = (l: LimitReq) => lc.limitReqZones[l.zone].rate;
  let delay = excess <= limit.delay ? 0 : Math.trunc(((excess - limit.delay) * 1000) / rateOf(limit));
  for (const p of looked.reverse()) {
    const e = req.ctx.zones.change(ACCOUNT, p.key, p.rate) as number;
    const d = e <= p.limit.delay ? 0 : Math.trunc(((e - p.limit.delay) * 1000) / p.rate);
    if (d > delay) [delay, excess, limit] = [d, e, p.limit];
  }
  if (!delay) {
    STATUS.set(req, 'PASSED');
    return false;
  }
  req.logError(DELAY_LEVEL[lc.limitReqLogLevel], `delaying request${dry}, excess: ${requests(excess)}, by zone "${limit.zone}"`);
  STATUS.set(req, dry ? 'DELAYED_DRY_RUN' : 'DELAYED');
  if (dry) return false;
  // ngx_http_limit_req_delay(): the phases go on from here once the time is up.
  const timer = setTimeout(() => req.resumePhases(), delay);
  req.onClose(() => clearTimeout(timer));
  return true;
}
