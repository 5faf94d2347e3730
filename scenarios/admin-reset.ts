import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, expectPage, login, logout, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-reset',
  summary: t('scenario.admin-reset.summary'),
  profiles: ['linux', 'windows'],
  faults: ['admin.reset'],
  diagnosis: { conditions: ['upstream-reset'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 5,
  async steps(run) {
    const recv = run.os === 'windows' ? 'WSARecv() failed (10054: An existing connection was forcibly closed by the remote host)' : 'recv() failed (104: Connection reset by peer)';
    const lines = () => run.errorLog().map((e) => `${e.message} (${e.errno?.code}: ${e.errno?.text}) while ${e.action} [${e.request?.split(' ')[0]}]`);
    const page = await pageTwoUnder(run, 'admin.reset --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-reset.observe1'), async () => {
      await expectPage(page, 2, 10);
      const tries = run.stack.adminShell!.journal.filter((e) => e.url.startsWith('/admin/employee/page?page=2'));
      expect(tries.map((e) => e.faults?.[0] ?? 'answered')).toEqual(['admin.reset --path /admin/employee/page --times 1', 'answered']);
      expect(new Set(tries.map((e) => e.localAddress)).size).toBe(2);
    });
    await run.observe(t('scenario.admin-reset.observe2', { recv }), () => {
      expect(lines()).toEqual([`${recv} while reading response header from upstream [GET]`]);
    });
    await run.fault('admin.reset --path /admin/employee/login');
    run.step(t('scenario.common.loginAgain'));
    await logout(page);
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-reset.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ });
      expect(run.stack.adminShell!.journal.filter((e) => e.url === '/admin/employee/login' && e.faults)).toHaveLength(1);
    });
    await run.observe(t('scenario.admin-reset.observe4'), () => {
      expect(lines()).toEqual([`${recv} while reading response header from upstream [GET]`, `${recv} while reading response header from upstream [POST]`]);
    });
  },
});
