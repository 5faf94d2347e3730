// Every fault, by name.
import type { Fault } from './fault.js';
import { adminStop } from './admin-stop.js';
import { adminStart } from './admin-start.js';
import { adminListen } from './admin-listen.js';
import { adminBlackhole } from './admin-blackhole.js';
import { adminReset } from './admin-reset.js';
import { adminClose } from './admin-close.js';
import { adminGarbage } from './admin-garbage.js';
import { adminBadHeader } from './admin-bad-header.js';
import { adminBigHeader } from './admin-big-header.js';
import { adminBadChunked } from './admin-bad-chunked.js';
import { adminTruncate } from './admin-truncate.js';
import { adminHang } from './admin-hang.js';
import { adminLatency } from './admin-latency.js';
import { adminBandwidth } from './admin-bandwidth.js';
import { adminDribble } from './admin-dribble.js';
import { adminSlowClose } from './admin-slow-close.js';
import { adminStatus } from './admin-status.js';
import { proxyCrashWorker } from './proxy-crash-worker.js';
import { proxyFailRespawn } from './proxy-fail-respawn.js';
import { proxyTempDirGone } from './proxy-temp-dir-gone.js';

export { FaultError, type Fault, type AppliedFault, type FaultTarget } from './fault.js';
export { parseFault, parseTokens, splitCommand, usage, shownUsage, label } from './params.js';
export type { FaultInput, FaultValues, Param } from './fault.js';

export const FAULTS: readonly Fault[] = [
  adminStop,
  adminStart,
  adminListen,
  adminBlackhole,
  adminReset,
  adminClose,
  adminGarbage,
  adminBadHeader,
  adminBigHeader,
  adminBadChunked,
  adminTruncate,
  adminHang,
  adminLatency,
  adminBandwidth,
  adminDribble,
  adminSlowClose,
  adminStatus,
  proxyCrashWorker,
  proxyFailRespawn,
  proxyTempDirGone,
];

/** The fault of that name, or of that alias (`admin.slow` is admin.latency). */
export function findFault(name: string): Fault | undefined {
  return FAULTS.find((f) => f.name === name || f.alias === name);
}
