// Which browser or client request each proxy log line and admin request belongs to. Nothing in the
// logs names a request uniquely (nginx's lines carry the request line, and error lines the
// connection number), so a line goes to a request with its request line whose time span holds the
// time the line was written; among several (identical requests in flight at once), error lines
// follow their connection, an access line goes to the request that has none yet (nginx writes one
// per request, when it ends), and an admin request to the one that has the fewest so far.
import type { TimelineEvent } from './event.js';

/** A file's mtime lags the clock by up to a kernel tick (4 ms at HZ=250). */
const TICK_MS = 10;
/** nginx writes the access line (and a late error, such as a client that went away) after the
 *  client may have had its answer. */
const AFTER_MS = 1000;

interface Claims {
  access: boolean;
  conns: Set<number>;
  admin: number;
}

export function linkRequests(events: TimelineEvent[]): void {
  const requests = events.filter((e) => e.id !== undefined && e.requestLine !== undefined);
  const claims = new Map<TimelineEvent, Claims>(requests.map((r) => [r, { access: false, conns: new Set(), admin: 0 }]));
  // By request line: a live timeline links thousands of lines at a time.
  const byLine = new Map<string, TimelineEvent[]>();
  for (const r of requests) {
    const same = byLine.get(r.requestLine!);
    if (same) same.push(r);
    else byLine.set(r.requestLine!, [r]);
  }
  for (const e of events) {
    if (e.id !== undefined || e.request !== undefined || e.requestLine === undefined) continue;
    const admin = e.lane === 'admin';
    // When the line was written (a log line: somewhere in [from, t]), or when the admin request arrived.
    const lo = e.from ?? e.t;
    const hi = e.t;
    const late = admin ? TICK_MS : AFTER_MS;
    // How far the request's span [start, end] is from the event's time (0: it holds it).
    const gap = (r: TimelineEvent) => Math.max(0, r.t - TICK_MS - hi, lo - ((r.end ?? Infinity) + TICK_MS));
    // A browser request's start is the browser's own stamp, which under load can come after nginx
    // and the admin server have the request: it bounds nothing, it only ranks (by gap).
    const candidates = (byLine.get(e.requestLine) ?? []).filter((r) => (r.lane === 'browser' || r.t - TICK_MS <= hi) && lo <= (r.end ?? Infinity) + late);
    const rank = (r: TimelineEvent): number => {
      const c = claims.get(r)!;
      if (e.kind === 'access-log') return c.access ? 1 : 0;
      if (e.kind === 'error-log') return e.conn !== undefined && c.conns.has(e.conn) ? 0 : c.conns.size === 0 ? 1 : 2;
      return c.admin;
    };
    const [best] = candidates.sort((a, b) => gap(a) - gap(b) || rank(a) - rank(b) || a.t - b.t);
    if (!best) continue;
    e.request = best.id;
    // The request was sent no later than nginx or the admin server had it.
    if (best.lane === 'browser') best.t = Math.min(best.t, hi);
    const c = claims.get(best)!;
    if (e.kind === 'access-log') c.access = true;
    if (e.kind === 'error-log' && e.conn !== undefined) c.conns.add(e.conn);
    if (admin) c.admin++;
    // A line whose time is known only to lie in [from, t] goes where it can within its request's span.
    if (!admin) e.t = Math.max(best.t, Math.min(e.t, Math.max(lo, best.end ?? e.t)));
  }
  // nginx writes the access line once the upstream has answered; the file's coarse mtime can put
  // it a few ms before the admin server's own (exact) end.
  const adminEnds = new Map<string, number[]>();
  for (const a of events) {
    if (a.lane !== 'admin' || !a.request || a.end === undefined) continue;
    const ends = adminEnds.get(a.request);
    if (ends) ends.push(a.end);
    else adminEnds.set(a.request, [a.end]);
  }
  for (const e of events) {
    if (e.kind !== 'access-log' || !e.request) continue;
    const written = e.t;
    for (const end of adminEnds.get(e.request) ?? []) if (end - written <= TICK_MS) e.t = Math.max(e.t, end);
  }
}
