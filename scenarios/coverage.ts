// Which scenarios produce each condition the doctor knows: read from the scenarios' own diagnosis
// expectations (what a run must leave in the logs), per engine and OS profile. A condition no
// scenario produces is listed with the reason it cannot be produced here; the coverage test fails
// on one that has neither.
import { CONDITION_IDS, type ConditionId } from '../harness/doctor/index.js';
import { SCENARIOS } from './index.js';
import { diagnosisOf, type Scenario } from '../harness/scenario-runner/runner.js';
import { ENGINES, type EngineName } from '../harness/engine/engine.js';
import { OS_NAMES, type OsName } from '../harness/os-profile.js';
import { applies } from '../harness/scenario-runner/runner.js';
import { t } from '../harness/i18n/index.js';

/** Conditions no scenario can produce on this kind of machine, and why. */
export const UNPRODUCIBLE: Partial<Record<ConditionId, string>> = {
  'path-encoding': t('scenario.unproducible.path-encoding'),
  'upstream-unreachable': t('scenario.unproducible.upstream-unreachable'),
  'upstream-check-failed': t('scenario.unproducible.upstream-check-failed'),
  'fastcgi-stderr': t('scenario.unproducible.fastcgi-stderr'),
  'response-buffered': t('scenario.unproducible.response-buffered'),
  'gateway-error-unlogged': t('scenario.unproducible.gateway-error-unlogged'),
  unknown: t('scenario.unproducible.unknown'),
};

export interface Producer {
  scenario: string;
  engines: EngineName[];
  profiles: OsName[];
}

export interface ConditionCoverage {
  condition: ConditionId;
  /** The scenarios whose runs leave it in the logs. */
  producers: Producer[];
  /** Why none does, when none does. */
  reason?: string;
}

function producer(s: Scenario, condition: ConditionId): Producer | undefined {
  const engines = new Set<EngineName>();
  const profiles = new Set<OsName>();
  for (const engine of ENGINES) {
    for (const os of OS_NAMES) {
      if (applies(s, engine, os) !== undefined) continue;
      const want = diagnosisOf(s, { engine, os });
      if (!want || ![...want.conditions, ...(want.harmless ?? [])].includes(condition)) continue;
      engines.add(engine);
      profiles.add(os);
    }
  }
  return engines.size ? { scenario: s.name, engines: [...engines], profiles: [...profiles] } : undefined;
}

export function coverage(scenarios: readonly Scenario[] = SCENARIOS): ConditionCoverage[] {
  return CONDITION_IDS.map((condition) => {
    const producers = scenarios.flatMap((s) => producer(s, condition) ?? []);
    return { condition, producers, ...(producers.length ? {} : { reason: UNPRODUCIBLE[condition] }) };
  });
}
