import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-hangs',
  summary: t('scenario.admin-hangs.summary'),
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.hang'],
  diagnosis: { conditions: ['upstream-timeout', 'no-live-upstreams'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 8,
  async steps(run) {
    const errno = run.os === 'windows' ? 10060 : 110;
    const page = await pageTwoUnder(run, 'admin.hang --path /admin/employee/page', t('scenario.admin-hangs.step1'));
    await run.observe(t('scenario.admin-hangs.observe1'), async () => {
      await expectFailure(page, { kind: 'status', status: 504, request: /^GET \/api\/employee\/page\?page=2/ });
      const ms = Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'));
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4000);
    });
    await run.observe(t('scenario.admin-hangs.observe2', { errno }), () => {
      const timedOut = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(timedOut.map((e) => [e.errno?.code, e.action])).toEqual([
        [errno, 'reading response header from upstream'],
        [errno, 'reading response header from upstream'],
      ]);
      expect(new Set(timedOut.map((e) => e.upstream)).size).toBe(2);
    });
    await run.restore();
    run.step(t('scenario.admin-hangs.step2'));
    await page.getByTestId('employee-search-button').click();
    await run.observe(t('scenario.admin-hangs.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^GET \/api\/employee\/page/ });
      expect(Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'))).toBeLessThan(900);
    });
    await run.observe(t('scenario.admin-hangs.observe4'), () => expect(run.errorLog().at(-1)?.message).toBe('no live upstreams'));
  },
});
