import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { login, expectPage, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'login-and-page',
  summary: 'The happy path in the browser: admin/123456 logs in through the proxy and pages through the employees.',
  diagnosis: { conditions: [] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 4,
  async steps(run) {
    const page = await run.page();
    run.step('log in as admin / 123456');
    await login(page, run.stack.url);
    await run.observe('the browser reaches the employee list (#/employee) with page 1 of the seed', async () => {
      await expect(page).toHaveURL(/#\/employee$/);
      await expectPage(page, 1, 10);
    });
    run.step('go to page 2, then 20 rows a page');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('page 2 shows the next 10 employees', () => expectPage(page, 2, 10));
    await page.getByRole('combobox', { name: '每页条数' }).selectOption('20');
    await run.observe('20 a page shows the first 20', () => expectPage(page, 1, 20));
    await run.observe('the proxy logged no error', () => expect(run.errorLines()).toEqual([]));
  },
});
