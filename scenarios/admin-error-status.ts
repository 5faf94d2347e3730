import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-error-status',
  summary: t('scenario.admin-error-status.summary'),
  faults: ['admin.status'],
  diagnosis: { conditions: [] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 6,
  async steps(run) {
    const page = await pageTwoUnder(run, 'admin.status 500 --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-error-status.observe1'), async () => {
      await expectFailure(page, { kind: 'status', status: 500, request: /^GET \/api\/employee\/page\?page=2/ });
      await expect(page.getByTestId('http-error')).toContainText('the admin server hit an internal error');
    });
    await run.observe(t('scenario.admin-error-status.observe2'), async () => {
      const r = await run.api.page('no-token', 1);
      expect(r.status).toBe(401); // the fault acted once: the next request is the admin server's usual answer
      expect(run.accessLog().map((e) => [e.request.split(' ')[1].replace(/\?.*/, ''), e.status])).toContainEqual(['/api/employee/page', 500]);
    });
    await run.fault('admin.status 503 --path /admin/employee/page --times 1');
    run.step(t('scenario.common.reload'));
    await page.getByTestId('employee-search-button').click();
    await run.observe(t('scenario.admin-error-status.observe3'), () => expectFailure(page, { kind: 'status', status: 503, request: /^GET \/api\/employee\/page/ }));
    await run.observe(t('scenario.admin-error-status.observe4'), () => expect(run.errorLines()).toEqual([]));
  },
});
