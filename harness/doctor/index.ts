// The doctor: a user's own nginx error log (and access log), explained. diagnose() for bytes in
// memory, diagnoseFile() for a path (streamed), renderJson()/renderText() to print, follow() for a
// live log, examineLogs() for `harness doctor`, expectDiagnosis() to check a diagnosis against
// what a scenario should leave.
import { Analyser, analyseLog } from './diagnose.js';
import { AccessIndexer, indexAccessLog } from './access.js';
import { splitLines } from './read.js';
import { readLog } from './input.js';
import type { Diagnosis } from './types.js';
import type { ConfFacts } from './conf.js';

export type { ConditionId, Diagnosis, Incident, AccessSummary } from './types.js';
export { CONDITION_IDS } from './types.js';
export { renderJson, renderText, renderIncident } from './report.js';
export { follow, type FollowOptions, type FollowHandlers } from './follow.js';
export { examineLogs, type DoctorArgs } from './examine.js';
export { isProblem } from './grouper.js';
export { DoctorInputError } from './input.js';
export { splitLines } from './read.js';
export { readConfFacts, ConfFacts, type ConfPlace } from './conf.js';
export { expectDiagnosis, describeExpectation, type DiagnosisExpectation, type RefusedVerdict } from './expect.js';

/** A log in memory, analysed; `keepText` keeps what renderText quotes. */
export function analyse(errorLogBytes: Uint8Array, opts: { accessLogBytes?: Uint8Array; keepText?: boolean; conf?: ConfFacts } = {}): Analyser {
  let access: AccessIndexer | undefined;
  if (opts.accessLogBytes) {
    access = new AccessIndexer(opts.conf);
    for (const r of splitLines(opts.accessLogBytes)) access.add(r.text, r.no);
  }
  const a = new Analyser(access, { keepText: opts.keepText, conf: opts.conf });
  for (const r of splitLines(errorLogBytes)) a.add(r);
  return a;
}

export function diagnose(errorLogBytes: Uint8Array, opts: { accessLogBytes?: Uint8Array; conf?: ConfFacts } = {}): Diagnosis {
  return analyse(errorLogBytes, opts).diagnosis();
}

/** Rejects with a DoctorInputError (what happened, what to do) for a missing or unreadable file, a folder or a pipe. */
export async function diagnoseFile(path: string, opts: { accessLog?: string; conf?: ConfFacts } = {}): Promise<Diagnosis> {
  const access = opts.accessLog !== undefined ? await indexAccessLog(readLog(opts.accessLog, 'access log'), opts.conf) : undefined;
  return (await analyseLog(readLog(path, 'error log'), access, { conf: opts.conf })).diagnosis();
}
