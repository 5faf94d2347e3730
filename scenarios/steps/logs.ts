// What scenarios read in the proxy's error log.
import type { ErrorLogEntry } from '../../harness/logs/error-log.js';

export const isRefusal = (e: ErrorLogEntry) => e.message === 'connect() failed' && e.action === 'connecting to upstream';
export const isNoLive = (e: ErrorLogEntry) => e.message === 'no live upstreams';

/** `http://[::1]:8080/admin/x` → `[::1]`, `http://127.0.0.1:8080/...` → `127.0.0.1`. */
export function peerOf(e: ErrorLogEntry): string {
  const m = /^http:\/\/(\[[^\]]+\]|[^:/]+)/.exec(e.upstream ?? '');
  return m ? m[1] : '?';
}

/** Seconds since midnight of an error-log line's time (nginx writes whole seconds). */
export function secondsOf(e: ErrorLogEntry): number {
  const [h, m, s] = e.time!.split(' ')[1].split(':').map(Number);
  return h * 3600 + m * 60 + s;
}
