// Every fault, by name.
import type { Fault } from './fault.js';
import { adminStop } from './admin-stop.js';
import { adminStart } from './admin-start.js';
import { adminListen } from './admin-listen.js';
import { adminSlow } from './admin-slow.js';
import { proxyCrashWorker } from './proxy-crash-worker.js';
import { proxyFailRespawn } from './proxy-fail-respawn.js';

export { FaultError, type Fault } from './fault.js';

export const FAULTS: readonly Fault[] = [adminStop, adminStart, adminListen, adminSlow, proxyCrashWorker, proxyFailRespawn];

export function findFault(name: string): Fault | undefined {
  return FAULTS.find((f) => f.name === name);
}
