import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-token',
  summary: t('scenario.admin-token.summary'),
  diagnosis: { conditions: [], harmless: ['admin-unauthorized'] },
  observations: 2,
  seconds: 2,
  async steps(run) {
    run.step(t('scenario.admin-token.step1'));
    const none = await run.api.send('GET', '/api/employee/page?page=1&pageSize=10');
    await run.observe(t('scenario.admin-token.observe1'), () => {
      expect(none.status).toBe(401);
      expect(run.errorLines()).toEqual([]);
    });
    run.step(t('scenario.admin-token.step2'));
    const forged = await run.api.page('eyJhbGciOiJIUzI1NiJ9.eyJlbXBJZCI6MX0.bm90LXNpZ25lZA', 1);
    await run.observe(t('scenario.admin-token.observe2'), async () => {
      expect(forged.status).toBe(401);
      // nginx writes the access line once the answer is sent: it may come just after the browser has it.
      await expect.poll(() => run.accessLog().filter((e) => e.status === 401).length).toBe(2);
    });
  },
});
