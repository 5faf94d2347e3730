// What a fault's explanation needs from the stack's nginx.conf: the location that proxies /api/.
import { loadNginxConf } from '../stack/registry.js';
import type { FaultTarget } from './fault.js';
import { t } from '../i18n/index.js';

type LocationConf = ReturnType<typeof loadNginxConf>['servers'][number]['locations'][number];

/** The stack's `location /api/` (or its first proxying location), if its conf can be read. */
export function apiLocation(target: FaultTarget): LocationConf | undefined {
  try {
    const conf = loadNginxConf(target.prefix, 'conf/nginx.conf');
    const locations = conf.servers.flatMap((s) => s.locations);
    return locations.find((l) => l.path === '/api/') ?? locations.find((l) => l.proxyPass);
  } catch {
    return undefined;
  }
}

export const secondsText = (ms: number) => `${+(ms / 1000).toFixed(1)} s`;

/** What an answer that does not come within proxy_read_timeout (`read` ms) gets. */
export function timedOut(read: number): string {
  return t('fault.conf.timedOut', { read: secondsText(read), both: secondsText(2 * read) });
}

/** How a wait of `ms` before the answer (or between its pieces) meets the stack's proxy_read_timeout; `what` says the wait. */
export function readTimeoutEffect(target: FaultTarget, ms: number, what: (wait: string) => string): string {
  const read = apiLocation(target)?.proxyReadTimeoutMs;
  const wait = secondsText(ms);
  if (read === undefined) return t('fault.conf.wait', { what: what(wait) });
  return ms > read
    ? t('fault.conf.waitTooLong', { what: what(wait), read: secondsText(read), timedOut: timedOut(read) })
    : t('fault.conf.waitShort', { what: what(wait), read: secondsText(read), wait, readMs: read });
}
