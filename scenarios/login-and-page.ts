import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { login, expectPage, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'login-and-page',
  summary: t('scenario.login-and-page.summary'),
  diagnosis: { conditions: [] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 4,
  async steps(run) {
    const page = await run.page();
    run.step(t('scenario.login-and-page.step1'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.login-and-page.observe1'), async () => {
      await expect(page).toHaveURL(/#\/employee$/);
      await expectPage(page, 1, 10);
    });
    run.step(t('scenario.login-and-page.step2'));
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.login-and-page.observe2'), () => expectPage(page, 2, 10));
    await page.getByRole('combobox', { name: '每页条数' }).selectOption('20');
    await run.observe(t('scenario.login-and-page.observe3'), () => expectPage(page, 1, 20));
    await run.observe(t('scenario.login-and-page.observe4'), () => expect(run.errorLines()).toEqual([]));
  },
});
