// What a scenario's logs must say, checked against the doctor's diagnosis of them: exactly these
// conditions among the problems (nothing else to act on, nothing unrecognised), the harmless
// conditions it is about, and, for refused tries, the IPv4/IPv6 verdict. The chaos runner calls
// it; each mismatch is a sentence.
import type { ConditionId, Diagnosis, Incident } from './types.js';
import type { RefusedVerdict } from './conditions/upstream.js';
import { isProblem } from './grouper.js';
import { ranges } from './facts.js';
import { t } from '../i18n/index.js';

export type { RefusedVerdict };

export interface DiagnosisExpectation {
  /** The conditions of the incidents to act on, exactly (each at least once); [] for a log with nothing to act on. */
  conditions: readonly ConditionId[];
  /** Conditions of incidents that need no action (a browser going away, notices) that must be there too. */
  harmless?: readonly ConditionId[];
  /** The verdict every upstream-refused incident must have. */
  verdict?: RefusedVerdict;
}

const where = (is: Incident[]) => `line${is.flatMap((i) => i.lines).length > 1 ? 's' : ''} ${ranges(is.flatMap((i) => i.lines))}`;

/** The ways `d` differs from what is expected; none when it matches. */
export function expectDiagnosis(d: Diagnosis, want: DiagnosisExpectation): string[] {
  const out: string[] = [];
  const problems = d.incidents.filter(isProblem);
  const found = new Map<ConditionId, Incident[]>();
  for (const i of problems) found.set(i.condition, [...(found.get(i.condition) ?? []), i]);
  for (const c of want.conditions) if (!found.has(c)) out.push(`no ${c} incident`);
  for (const [c, is] of found) if (!want.conditions.includes(c)) out.push(`an unexpected ${c} incident (${where(is)}): ${is[0].cause}`);
  for (const c of want.harmless ?? []) if (!d.incidents.some((i) => i.condition === c && !isProblem(i))) out.push(`no ${c} incident (one that needs no action)`);
  if (d.unrecognised.length) out.push(`${d.unrecognised.length === 1 ? 'a line' : `${d.unrecognised.length} lines`} not recognised (${ranges(d.unrecognised)})`);
  if (want.verdict) {
    const refused = d.incidents.filter((i) => i.condition === 'upstream-refused');
    if (!refused.length) out.push(`no upstream-refused incident to have the verdict ${want.verdict}`);
    for (const i of refused) {
      const v = i.detail?.verdict;
      if (v !== want.verdict) out.push(`upstream-refused at ${where([i])} is ${String(v)}, not ${want.verdict}`);
    }
  }
  return out;
}

/** The expectation in words, for a scenario's observation: `upstream-refused (listens-ipv4-only)`, `nothing to act on`. */
export function describeExpectation(want: DiagnosisExpectation): string {
  const and = t('doctor.expect.and');
  const harmless = want.harmless?.join(and);
  if (!want.conditions.length) return harmless ? t('doctor.expect.onlyHarmless', { harmless }) : t('doctor.expect.nothing');
  const problems = want.conditions.map((c) => (c === 'upstream-refused' && want.verdict ? `${c} (${want.verdict})` : c)).join(and);
  return harmless ? t('doctor.expect.withHarmless', { problems, harmless }) : problems;
}
