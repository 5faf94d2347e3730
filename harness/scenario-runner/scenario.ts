// What each scenario file starts from. The one shape of a scenario (a name, one sentence of what it
// shows, the stack it needs, the faults it applies, its steps and the observations it asserts) is
// the runner's, beside the Run its steps are given (harness/scenario-runner/runner.ts): the Playwright specs
// and `harness chaos run` both run scenarios through it.
import type { OsName } from '../os-profile.js';
import type { Scenario } from './runner.js';

export type { Scenario };

export function defineScenario(s: Scenario): Scenario {
  return s;
}

/** How long a run of `s` under `os` takes (s). */
export function secondsOf(s: Scenario, os: OsName): number {
  return typeof s.seconds === 'number' ? s.seconds : (s.seconds[os] ?? Math.max(...Object.values(s.seconds)));
}
