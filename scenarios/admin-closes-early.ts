import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login, logout, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { whileLines } from './steps/logs.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-closes-early',
  summary: t('scenario.admin-closes-early.summary'),
  faults: ['admin.truncate', 'admin.close'],
  diagnosis: { conditions: ['upstream-closed'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 6,
  async steps(run) {
    const lines = () => whileLines(run);
    const page = await pageTwoUnder(run, 'admin.truncate 20 --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-closes-early.observe1'), async () => {
      await expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=2/ });
      await expect.poll(() => run.accessLog().map((e) => [e.request.split(' ')[0], e.status, e.bodyBytesSent])).toContainEqual(['GET', 200, 20]);
    });
    await run.observe(t('scenario.admin-closes-early.observe2'), () => {
      expect(lines()).toEqual(['upstream prematurely closed connection while reading upstream [GET]']);
    });
    await run.fault('admin.close --path /admin/employee/login');
    run.step(t('scenario.common.loginAgain'));
    await logout(page);
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-closes-early.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ });
      expect(run.stack.adminShell!.journal.filter((e) => e.url === '/admin/employee/login' && e.faults)).toHaveLength(1);
    });
    await run.observe(t('scenario.admin-closes-early.observe4'), () => {
      expect(lines().at(-1)).toBe('upstream prematurely closed connection while reading response header from upstream [POST]');
    });
  },
});
