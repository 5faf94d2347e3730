// What scenarios read in the proxy's error log.
import type { ErrorLogEntry } from '../../harness/logs/error-log.js';
import type { Run } from '../../harness/scenario-runner/runner.js';

export const isRefusal = (e: ErrorLogEntry) => e.message === 'connect() failed' && e.action === 'connecting to upstream';
export const isNoLive = (e: ErrorLogEntry) => e.message === 'no live upstreams';

/** `http://[::1]:8080/admin/x` → `[::1]`, `http://127.0.0.1:8080/...` → `127.0.0.1`. */
export { peerName as peerOf } from '../../harness/timeline/labels.js';

/** The error log as `message while action [METHOD]`: what a scenario of an upstream's bad answer compares. */
export const whileLines = (run: Run) => run.errorLog().map((e) => `${e.message} while ${e.action} [${e.request?.split(' ')[0]}]`);
