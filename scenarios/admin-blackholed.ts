import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-blackholed',
  summary: t('scenario.admin-blackholed.summary'),
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { proxyConnectTimeout: '1s' } }),
  faults: ['admin.blackhole'],
  diagnosis: { conditions: ['upstream-connect-timeout'] },
  observations: 2,
  seconds: 6,
  async steps(run) {
    const errno = run.os === 'windows' ? 10060 : 110;
    await run.fault('admin.blackhole');
    const page = await run.page();
    run.step(t('scenario.admin-blackholed.step1'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-blackholed.observe1'), async () => {
      await expectFailure(page, { kind: 'status', status: 504, request: /^POST \/api\/employee\/login/ });
      const ms = Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'));
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4000);
    });
    await run.observe(t('scenario.admin-blackholed.observe2', { errno }), () => {
      const lines = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(lines.map((e) => [e.errno?.code, e.action, e.request])).toEqual([
        [errno, 'connecting to upstream', 'POST /api/employee/login HTTP/1.1'],
        [errno, 'connecting to upstream', 'POST /api/employee/login HTTP/1.1'],
      ]);
    });
  },
});
