import { FaultError, requireAdmin, type Fault } from './fault.js';
import { readConf } from '../../engine/registry.js';
import type { Stack } from '../stack.js';

const secondsText = (ms: number) => `${+(ms / 1000).toFixed(1)} s`;

/** proxy_read_timeout of the stack's `location /api/` (nginx's default 60 s when unset), if its conf can be read. */
function apiReadTimeoutMs(stack: Stack): number | undefined {
  try {
    const conf = readConf(stack.prefix, 'conf/nginx.conf');
    const locations = conf.servers.flatMap((s) => s.locations);
    return (locations.find((l) => l.path === '/api/') ?? locations.find((l) => l.proxyPass))?.proxyReadTimeoutMs;
  } catch {
    return undefined;
  }
}

export const adminSlow: Fault = {
  name: 'admin.slow',
  summary: 'Every admin answer waits the given milliseconds (an IDE breakpoint, a slow query): past proxy_read_timeout nginx answers 504.',
  arg: { name: 'ms', required: true },
  effect(stack, arg) {
    const ms = Number(arg);
    const read = apiReadTimeoutMs(stack);
    if (read === undefined) return `Every admin answer now waits ${secondsText(ms)}.`;
    const timeout = `this stack's proxy_read_timeout for /api/ is ${secondsText(read)}`;
    return ms > read
      ? `Every admin answer now waits ${secondsText(ms)} and ${timeout}: /api requests get 504 Gateway Time-out, a POST after ${secondsText(read)}, a GET after ${secondsText(2 * read)} (nginx tries it on both loopbacks); a peer that timed out then counts as down for fail_timeout (10 s), so requests meanwhile get 502 at once.`
      : `Every admin answer now waits ${secondsText(ms)} but ${timeout}: /api requests still get their usual answers (200, 401, ...), ${secondsText(ms)} late. For a 504, give more than ${read} ms.`;
  },
  async apply(stack, arg) {
    const ms = Number(arg);
    if (!Number.isInteger(ms) || ms < 0) throw new FaultError(`admin.slow needs a delay in milliseconds, e.g. admin.slow 70000 (got ${arg ?? 'none'})`);
    const admin = requireAdmin(stack);
    admin.setDelay(ms);
    return async () => admin.setDelay(0);
  },
};
