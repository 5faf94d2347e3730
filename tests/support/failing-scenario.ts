// A scenario that cannot pass, for tests/chaos-run.spec.ts: `harness chaos run <file>` loads it by
// path, as a user's own scenario. One observation holds, the next fails in the browser with a long
// diff (the seeded list is never empty), and one more and the doctor's check never run.
import { expect } from '@playwright/test';
import { defineScenario } from '../../harness/scenario-runner/scenario.js';
import { login, expectPage, tableRows } from '../../scenarios/steps/browser.js';

export default defineScenario({
  name: 'expects-an-empty-list',
  summary: 'Expects the employee list to be empty, which the seeded admin server never gives: a run that fails on purpose.',
  diagnosis: { conditions: ['upstream-refused'] },
  observations: 3,
  seconds: 4,
  async steps(run) {
    const page = await run.page();
    run.step('log in as admin / 123456');
    await login(page, run.stack.url);
    await run.observe('the list shows page 1', () => expectPage(page, 1, 10));
    await run.observe('the list is empty', async () => expect(await tableRows(page)).toEqual([]));
    await run.observe('never reached', () => undefined);
  },
});
