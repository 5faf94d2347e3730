// The one shape of a scenario: a name, one sentence of what it shows, the stack it needs, the
// faults it applies (the runner undoes them), its steps, and the observations it asserts. The
// Playwright specs and `harness chaos run` both run scenarios through harness/chaos/runner.ts.
import type { StackSpec } from '../harness/stack/stack.js';
import type { EngineName } from '../harness/engine/engine.js';
import type { OsName } from '../harness/os-profile.js';
import type { DiagnosisExpectation } from '../harness/doctor/index.js';
import type { Run } from '../harness/chaos/runner.js';

export interface Scenario {
  name: string;
  /** One sentence: what it shows. */
  summary: string;
  /** Engines that can show it (default: both). */
  engines?: readonly EngineName[];
  /** OS profiles it is about (default: linux only). Real nginx runs the linux profile only. */
  profiles?: readonly OsName[];
  /** The stack it needs, over the defaults (admin dual, one worker); false: the steps start it themselves. */
  stack?: false | ((o: { engine: EngineName; os: OsName }) => Partial<Omit<StackSpec, 'dir' | 'engine' | 'os'>>);
  /** The faults its steps apply, for `chaos list`. */
  faults?: readonly string[];
  /** What `harness doctor` must find in the logs the run leaves: exactly these conditions to act
   *  on (none: `[]`), the harmless ones it is about, and the IPv4/IPv6 verdict of the refusals where
   *  the scenario is about it; per engine and profile where they differ. `harness chaos list` shows,
   *  per condition, the scenarios that produce it. */
  diagnosis?: DiagnosisExpectation | ((o: { engine: EngineName; os: OsName }) => DiagnosisExpectation);
  /** How many observations its steps make (the doctor's check aside): a failed run counts those it never reached. */
  observations: number;
  /** How long `harness chaos run` takes with it (s, measured on a quiet 2-core machine), for
   *  `chaos list`; by OS profile where they differ. */
  seconds: number | Partial<Record<OsName, number>>;
  steps(run: Run): Promise<void>;
}

export function defineScenario(s: Scenario): Scenario {
  return s;
}

/** What the doctor must find in a run of `s` on this engine and profile. */
export function diagnosisOf(s: Scenario, o: { engine: EngineName; os: OsName }): DiagnosisExpectation | undefined {
  return typeof s.diagnosis === 'function' ? s.diagnosis(o) : s.diagnosis;
}

/** How long a run of `s` under `os` takes (s). */
export function secondsOf(s: Scenario, os: OsName): number {
  return typeof s.seconds === 'number' ? s.seconds : (s.seconds[os] ?? Math.max(...Object.values(s.seconds)));
}
