// Every scenario of scenarios/, on the project's engine, under each OS profile it is about: the
// same definitions `harness chaos run` runs. Each test is tagged with its scenario's name
// (`npx playwright test --grep @admin-down`) and has the run's timeline attached (SVG and JSON).
import { test } from './fixtures.js';
import { SCENARIOS } from '../scenarios/index.js';
import { secondsOf } from '../harness/scenario-runner/scenario.js';
import { applies } from '../harness/scenario-runner/scenario.js';
import { scenarioTest } from './support/scenario-test.js';

for (const s of SCENARIOS) {
  for (const os of s.profiles ?? ['linux']) {
    test(`${s.name}${os === 'windows' ? ' (windows profile)' : ''}: ${s.summary}`, { tag: `@${s.name}` }, async ({ engine, browser }, testInfo) => {
      const reason = applies(s, engine, os);
      test.skip(reason !== undefined, reason);
      test.setTimeout((secondsOf(s, os) + 30) * 1000);
      await scenarioTest(s, { engine, os, browser }, testInfo);
    });
  }
}
