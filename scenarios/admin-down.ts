import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { login, expectAdminUnreachable } from './steps/browser.js';
import { isNoLive, isRefusal, peerOf } from './steps/logs.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-down',
  summary: t('scenario.admin-down.summary'),
  stack: () => ({ admin: 'down' }),
  diagnosis: { conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' },
  observations: 5,
  seconds: 14,
  async steps(run) {
    run.step('POST /api/employee/login');
    const first = await run.api.login();
    await run.observe(t('scenario.admin-down.observe1'), () => expect(first.response.status).toBe(502));
    await run.observe(t('scenario.admin-down.observe2'), () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([
        [true, '[::1]', 'POST /api/employee/login HTTP/1.1'],
        [true, '127.0.0.1', 'POST /api/employee/login HTTP/1.1'],
      ]);
      expect(lines[0].conn).toBe(lines[1].conn);
    });
    run.step(t('scenario.admin-down.step1'));
    const second = await run.api.page('no-token');
    await run.observe(t('scenario.admin-down.observe3'), () => {
      expect(second.status).toBe(502);
      const last = run.errorLog().at(-1)!;
      expect(isNoLive(last)).toBe(true);
      expect(last.upstream).toBe('http://localhost/admin/employee/page?page=1&pageSize=10');
    });
    run.step(t('scenario.admin-down.step2'));
    const before = run.errorLog().length;
    await expect(async () => {
      await run.api.page('no-token');
      expect(run.errorLog().slice(before).some(isRefusal)).toBe(true);
    }).toPass({ intervals: [1000], timeout: 15_000 });
    await run.observe(t('scenario.admin-down.observe4'), () => {
      const refusals = run.errorLog().slice(before).filter(isRefusal);
      expect(refusals.map(peerOf)).toEqual(['127.0.0.1', '[::1]']);
    });
    const page = await run.page();
    run.step(t('scenario.common.loginInBrowser'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-down.observe5'), async () => {
      await expectAdminUnreachable(page);
    });
  },
});
