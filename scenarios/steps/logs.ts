// What scenarios read in the proxy's error log.
import type { ErrorLogEntry } from '../../harness/logs/error-log.js';

export const isRefusal = (e: ErrorLogEntry) => e.message === 'connect() failed' && e.action === 'connecting to upstream';
export const isNoLive = (e: ErrorLogEntry) => e.message === 'no live upstreams';

/** `http://[::1]:8080/admin/x` → `[::1]`, `http://127.0.0.1:8080/...` → `127.0.0.1`. */
export { peerName as peerOf } from '../../harness/timeline/labels.js';
