// limit_req's nodes in its zones (ngx_http_limit_req_lookup() and ngx_http_limit_req_account()):
// per key, the excess in thousandths of a request and when it was last counted. Every worker
// applies every change in the zones' file order (shared-zones.ts), so all of them hold the same
// nodes, as nginx's workers share one tree.
import { zoneChangeKind } from '../../shared-zones.js';

/** A lookup that counts the request (the last limit_req of a location: account = 1). */
export const LOOKUP = 1;
/** A lookup that only checks (an earlier limit_req): the request is counted later, by ACCOUNT. */
export const PEEK = 2;
/** ngx_http_limit_req_account(): an earlier limit_req counts the request once all have let it pass. */
export const ACCOUNT = 3;

export interface Lookup {
  rc: 'ok' | 'again' | 'busy';
  /** Thousandths of a request. */
  excess: number;
}

interface Node {
  excess: number;
  last: number;
}

const nodes = new Map<string, Node>();

/** Milliseconds since the node's last count: a clock that went back counts as 0 (or 1 past a minute). */
function elapsed(now: number, last: number): number {
  const ms = Math.trunc(now - last);
  return ms < -60000 ? 1 : ms < 0 ? 0 : ms;
}

/** The excess after `ms` at `rate` requests per 1000 s, this request added. */
const excessNow = (n: Node, rate: number, ms: number) => Math.max(0, n.excess - Math.trunc((rate * ms) / 1000) + 1000);

// a: the zone's rate, b: the limit's burst.
for (const op of [LOOKUP, PEEK]) {
  zoneChangeKind(op, (c): Lookup => {
    const account = c.op === LOOKUP;
    const n = nodes.get(c.key);
    if (!n) {
      nodes.set(c.key, { excess: 0, last: account ? c.time : 0 });
      return { rc: account ? 'ok' : 'again', excess: 0 };
    }
    const ms = elapsed(c.time, n.last);
    const excess = excessNow(n, c.a, ms);
    if (excess > c.b) return { rc: 'busy', excess };
    if (!account) return { rc: 'again', excess };
    n.excess = excess;
    if (ms) n.last = c.time;
    return { rc: 'ok', excess };
  });
}

zoneChangeKind(ACCOUNT, (c): number => {
  const n = nodes.get(c.key)!;
  const ms = elapsed(c.time, n.last);
  n.excess = excessNow(n, c.a, ms);
  if (ms) n.last = c.time;
  return n.excess;
});
