// ngx_http_limit_conn_handler(), in the preaccess phase: each limit_conn's zone counts the
// requests of the key in progress; one more than the limit is refused (limit_conn_status, 503 by
// default) with "limiting connections by zone", and each count taken is given back when the
// request ends (its pool's cleanup). The counts are the workers' together (shared-zones.ts).
import type { HttpRequest } from '../../request.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { zoneChangeKind } from '../../shared-zones.js';
import { requestZoneKey } from '../../zone-key.js';
import { LIMIT_CONN } from './conf.js';

/** r->main->limit_conn_status: $limit_conn_status, and a request the handler has decided on. */
export const STATUS = new WeakMap<HttpRequest, 'PASSED' | 'REJECTED' | 'REJECTED_DRY_RUN'>();

/** A request of the key starts, if fewer than `a` are in progress (ngx_http_limit_conn_lookup()). */
const TAKE = 4;
/** One ends (ngx_http_limit_conn_cleanup()). */
const GIVE = 5;

/** Each key's requests in progress, as every worker applies the changes. */
const counts = new Map<string, number>();
zoneChangeKind(TAKE, (c): boolean => {
  const n = counts.get(c.key) ?? 0;
  if (n >= c.a) return false;
  counts.set(c.key, n + 1);
  return true;
});
zoneChangeKind(GIVE, (c) => {
  const n = (counts.get(c.key) ?? 1) - 1;
  if (n > 0) counts.set(c.key, n);
  else counts.delete(c.key);
});

export function limitConnPhase(req: HttpRequest): boolean {
  if (STATUS.has(req)) return false;
  const lc = moduleConf(req.loc, LIMIT_CONN);
  const taken: Buffer[] = [];
  // ngx_http_limit_conn_cleanup_all(): a refusal gives back what this request took.
  const giveBack = () => {
    for (const key of taken.splice(0)) req.ctx.zones.change(GIVE, key);
  };
  for (const l of lc.limitConns) {
    const zone = lc.limitConnZones[l.zone];
    const key = requestZoneKey(req, zone, 255);
    if (!key) continue;
    STATUS.set(req, 'PASSED');
    if (!req.ctx.zones.change(TAKE, key, l.conn)) {
      const dry = lc.limitConnDryRun;
      req.logError(lc.limitConnLogLevel, `limiting connections${dry ? ', dry run' : ''} by zone "${l.zone}"`);
      giveBack();
      STATUS.set(req, dry ? 'REJECTED_DRY_RUN' : 'REJECTED');
      if (dry) return false;
      req.special(lc.limitConnStatus);
      return true;
    }
    taken.push(key);
  }
  if (taken.length) req.onEnd(giveBack);
  return false;
}
