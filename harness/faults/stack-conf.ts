// What a fault's explanation needs from the stack's nginx.conf: the location that proxies /api/.
import type { loadNginxConf as LoadNginxConf } from '../stack/registry.js';
import type { FaultTarget } from './fault.js';
import type { ProxyConf } from '../embedded/modules/proxy/conf.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'fault.conf.timedOut': '/api requests get 504 Gateway Time-out, a POST after {read}, a GET after {both} (nginx tries it on both loopbacks); a peer that timed out then counts as down for fail_timeout (10 s), so requests meanwhile get 502 at once.',
    'fault.conf.wait': '{what}.',
    'fault.conf.waitTooLong': '{what} and this stack\'s proxy_read_timeout for /api/ is {read}: {timedOut}',
    'fault.conf.waitShort': '{what} but this stack\'s proxy_read_timeout for /api/ is {read}: /api requests still get their usual answers (200, 401, ...), {wait} late. For a 504, give more than {readMs} ms.',
  },
  'zh-CN': {
    'fault.conf.timedOut': '/api 请求得到 504 Gateway Time-out：POST 在 {read} 后，GET 在 {both} 后（nginx 在两个回环地址上各试一次）；超时的上游节点随后在 fail_timeout（10 秒）内算作不可用，这期间的请求直接得到 502。',
    'fault.conf.wait': '{what}。',
    'fault.conf.waitTooLong': '{what}，而这个环境的 /api/ 的 proxy_read_timeout 是 {read}：{timedOut}',
    'fault.conf.waitShort': '{what}，但这个环境的 /api/ 的 proxy_read_timeout 是 {read}：/api 请求仍得到平常的响应（200、401……），只是晚了 {wait}。想看到 504，请给出大于 {readMs} 毫秒的值。',
  },
});

/** A location with the proxy module's settings (moduleConf()'s view, without loading the module list here). */
type LocationConf = ReturnType<typeof LoadNginxConf>['servers'][number]['locations'][number] & ProxyConf;

let loadNginxConf: typeof LoadNginxConf | undefined;

/**
 * Loads the conf reader (the directive table and the engine's modules) before a fault is applied
 * (FaultLedger.inject): `harness chaos list` reads every fault without it.
 */
export async function loadConfReader(): Promise<typeof LoadNginxConf> {
  return (loadNginxConf ??= (await import('../stack/registry.js')).loadNginxConf);
}

/** The stack's `location /api/` (or its first proxying location), if its conf can be read. */
export function apiLocation(target: FaultTarget): LocationConf | undefined {
  if (!loadNginxConf) throw new Error('apiLocation() before loadConfReader()');
  try {
    const conf = loadNginxConf(target.prefix, 'conf/nginx.conf');
    const locations = conf.servers.flatMap((s) => s.locations);
    return (locations.find((l) => l.path === '/api/') ?? locations.find((l) => l.proxyPass)) as LocationConf | undefined;
  } catch {
    return undefined;
  }
}

/** `3 s`, `1.5 s`; a wait under a second in ms (`10 ms`, not `0 s`). */
export const secondsText = (ms: number) => (ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`);

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
