// Which scenarios produce each condition the doctor knows: read from the scenarios' own diagnosis
// expectations (what a run must leave in the logs), per engine and OS profile. A condition no
// scenario produces is listed with the reason it cannot be produced here; the coverage test fails
// on one that has neither.
import { CONDITION_IDS, type ConditionId } from '../harness/doctor/index.js';
import { SCENARIOS } from './index.js';
import { diagnosisOf, type Scenario } from '../harness/chaos/runner.js';
import { ENGINES, type EngineName } from '../harness/engine/engine.js';
import { OS_NAMES, type OsName } from '../harness/os-profile.js';
import { applies } from '../harness/chaos/runner.js';

/** Conditions no scenario can produce on this kind of machine, and why. */
export const UNPRODUCIBLE: Partial<Record<ConditionId, string>> = {
  'path-encoding':
    'needs nginx on Windows failing on a folder with a non-ASCII name (it opens files through the ANSI code page, GBK on a Chinese Windows, and cannot find them): real nginx here runs on Linux, and the embedded engine\'s Windows profile opens such a path like any other',
  'upstream-unreachable':
    'needs a route that fails (113: No route to host, 101: Network is unreachable): whether an address outside this machine gives one, times out or even answers depends on its network (a sandbox\'s answers some); the stack runs on loopback, which always has a route',
  'upstream-check-failed':
    "needs tengine, or nginx built with nginx_upstream_check_module, health-checking an upstream: neither engine here has that third-party module",
  'fastcgi-stderr': 'needs a FastCGI application (PHP-FPM) behind fastcgi_pass writing to its stderr: the course\'s stack has none, and the embedded engine has no fastcgi_pass',
  'response-buffered':
    'needs an admin answer bigger than nginx\'s in-memory buffers (proxy_buffer_size and proxy_buffers: 36k) read slower than it comes; the admin stand-in\'s answers are all smaller',
  'gateway-error-unlogged':
    'needs 502/504 pages of nginx with no error line of theirs in the error log read: every nginx a run starts writes those lines to the one error log the runner reads',
  unknown: 'a line no condition knows: every line the two engines write is a known one, which the doctor\'s own tests check',
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
