// What a fault's explanation needs from the stack's nginx.conf: the location that proxies /api/.
import { readConf } from '../stack/registry.js';
import type { FaultTarget } from './fault.js';

type LocationConf = ReturnType<typeof readConf>['servers'][number]['locations'][number];

/** The stack's `location /api/` (or its first proxying location), if its conf can be read. */
export function apiLocation(target: FaultTarget): LocationConf | undefined {
  try {
    const conf = readConf(target.prefix, 'conf/nginx.conf');
    const locations = conf.servers.flatMap((s) => s.locations);
    return locations.find((l) => l.path === '/api/') ?? locations.find((l) => l.proxyPass);
  } catch {
    return undefined;
  }
}

export const secondsText = (ms: number) => `${+(ms / 1000).toFixed(1)} s`;

/** What an answer that does not come within proxy_read_timeout (`read` ms) gets. */
export function timedOut(read: number): string {
  return `/api requests get 504 Gateway Time-out, a POST after ${secondsText(read)}, a GET after ${secondsText(2 * read)} (nginx tries it on both loopbacks); a peer that timed out then counts as down for fail_timeout (10 s), so requests meanwhile get 502 at once.`;
}

/** How a wait of `ms` before the answer (or between its pieces) meets the stack's proxy_read_timeout. */
export function readTimeoutEffect(target: FaultTarget, ms: number, what: string): string {
  const read = apiLocation(target)?.proxyReadTimeoutMs;
  if (read === undefined) return `${what} ${secondsText(ms)}.`;
  const timeout = `this stack's proxy_read_timeout for /api/ is ${secondsText(read)}`;
  return ms > read
    ? `${what} ${secondsText(ms)} and ${timeout}: ${timedOut(read)}`
    : `${what} ${secondsText(ms)} but ${timeout}: /api requests still get their usual answers (200, 401, ...), ${secondsText(ms)} late. For a 504, give more than ${read} ms.`;
}
