// The doctor: a user's own nginx error log (and access log), explained. diagnose() for bytes,
// diagnoseFile() for a path, renderJson()/renderText() to print, follow() for a live log, and
// doctorCommand() for `harness doctor`.
import { analyse } from './diagnose.js';
import { indexAccess } from './access.js';
import { splitLines } from './read.js';
import { readLogFile } from './input.js';
import type { Diagnosis } from './types.js';

export type { ConditionId, Diagnosis, Incident, AccessSummary } from './types.js';
export { CONDITION_IDS } from './types.js';
export { renderJson, renderText, renderIncident } from './report.js';
export { follow, type FollowOptions } from './follow.js';
export { doctorCommand, type DoctorArgs } from './command.js';
export { isProblem } from './incidents.js';
export { DoctorInputError } from './input.js';
export { splitLines } from './read.js';

export function diagnose(errorLogBytes: Buffer, opts: { accessLogBytes?: Buffer } = {}): Diagnosis {
  const access = opts.accessLogBytes ? indexAccess(opts.accessLogBytes) : undefined;
  return analyse(splitLines(errorLogBytes), { access }).diagnosis;
}

/** Rejects with a DoctorInputError (what happened, what to do) for a missing or unreadable file or a folder. */
export async function diagnoseFile(path: string, opts: { accessLog?: string } = {}): Promise<Diagnosis> {
  const bytes = await readLogFile(path, 'error log');
  const access = opts.accessLog !== undefined ? await readLogFile(opts.accessLog, 'access log') : undefined;
  return diagnose(bytes, { accessLogBytes: access });
}
