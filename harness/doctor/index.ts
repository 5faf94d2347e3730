// The doctor: a user's own nginx error log (and access log), or their Spring Boot server's log, explained. diagnose() for bytes in
// memory, diagnoseFile() for a path (streamed), renderJson()/renderText() to print, follow() for a
// live log, examineLogs() for `harness doctor`, expectDiagnosis() to check a diagnosis against
// what a scenario should leave.
import { Analyser } from './diagnose.js';
import { analyseAny, analyseAnyLog } from './which-log.js';
import { AccessIndexer, indexAccessLog } from './access.js';
import { splitLines } from './read.js';
import { readLog } from './input.js';
import type { Diagnosis } from './types.js';
import type { ConfFacts } from './conf.js';

export type { ConditionId, Diagnosis, Incident, AccessSummary } from './types.js';
export { CONDITION_IDS, SERVER_CONDITION_IDS } from './types.js';
export { renderJson, renderText, renderIncident } from './report.js';
export { follow, type FollowOptions, type FollowHandlers } from './follow.js';
export { examineLogs, type DoctorArgs } from './examine.js';
export { isProblem } from './grouper.js';
export { DoctorInputError } from './input.js';
export { splitLines } from './read.js';
export { readConfFacts, ConfFacts, type ConfPlace } from './conf.js';
export { expectDiagnosis, describeExpectation, type DiagnosisExpectation, type RefusedVerdict } from './expect.js';

/** The access log's lines, indexed (--access). */
function accessOf(bytes: Uint8Array | undefined, conf: ConfFacts | undefined): AccessIndexer | undefined {
  if (!bytes) return undefined;
  const access = new AccessIndexer(conf);
  for (const r of splitLines(bytes)) access.add(r.text, r.no);
  return access;
}

/** An nginx error log in memory, analysed; `keepText` keeps what renderText quotes. */
export function analyse(errorLogBytes: Uint8Array, opts: { accessLogBytes?: Uint8Array; keepText?: boolean; conf?: ConfFacts } = {}): Analyser {
  const a = new Analyser(accessOf(opts.accessLogBytes, opts.conf), { keepText: opts.keepText, conf: opts.conf });
  for (const r of splitLines(errorLogBytes)) a.add(r);
  return a;
}

/** An nginx error log, or a Spring Boot server's log (told by its lines), diagnosed. */
export function diagnose(errorLogBytes: Uint8Array, opts: { accessLogBytes?: Uint8Array; conf?: ConfFacts } = {}): Diagnosis {
  return analyseAny(errorLogBytes, accessOf(opts.accessLogBytes, opts.conf), { conf: opts.conf }).diagnosis();
}

/** Rejects with a DoctorInputError (what happened, what to do) for a missing or unreadable file, a folder or a pipe. */
export async function diagnoseFile(path: string, opts: { accessLog?: string; conf?: ConfFacts } = {}): Promise<Diagnosis> {
  const access = opts.accessLog !== undefined ? await indexAccessLog(readLog(opts.accessLog, 'access log'), opts.conf) : undefined;
  return (await analyseAnyLog(readLog(path, 'error log'), access, { conf: opts.conf })).diagnosis();
}
