import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, expectPage, login, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'admin-error-status',
  summary: 'The admin server answers with an error status of its own (a 500 from an exception, a 503 while it starts): nginx passes it on as it came and logs nothing; only the access log and the browser show it.',
  faults: ['admin.status'],
  diagnosis: { conditions: [] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 6,
  async steps(run) {
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.status 500 --path /admin/employee/page --times 1');
    run.step('go to page 2');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('the page says 500 Internal Server Error: an error of the admin server', async () => {
      await expectFailure(page, { kind: 'status', status: 500, request: /^GET \/api\/employee\/page\?page=2/ });
      await expect(page.getByTestId('http-error')).toContainText('the admin server hit an internal error');
    });
    await run.observe('the browser got the admin server\'s own error JSON, passed on by nginx', async () => {
      const r = await run.api.page('no-token', 1);
      expect(r.status).toBe(401); // the fault acted once: the next request is the admin server's usual answer
      expect(run.accessLog().map((e) => [e.request.split(' ')[1].replace(/\?.*/, ''), e.status])).toContainEqual(['/api/employee/page', 500]);
    });
    await run.fault('admin.status 503 --path /admin/employee/page --times 1');
    run.step('查询 (reload the list)');
    await page.getByTestId('employee-search-button').click();
    await run.observe('the page says 503', () => expectFailure(page, { kind: 'status', status: 503, request: /^GET \/api\/employee\/page/ }));
    await run.observe('nginx logged nothing: an error status is an answer, not a failure of the upstream', () => expect(run.errorLines()).toEqual([]));
  },
});
