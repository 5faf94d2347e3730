import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { isRefusal, peerOf } from './steps/logs.js';
import { loginThenPages } from './steps/api.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-ipv4-only',
  summary: t('scenario.admin-ipv4-only.summary'),
  stack: () => ({ admin: 'ipv4' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'listens-ipv4-only' },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const statuses = await loginThenPages(run, 3);
    await run.observe(t('scenario.common.allSucceed'), () => expect(statuses).toEqual([200, 200, 200, 200]));
    await run.observe(t('scenario.admin-ipv4-only.observe1'), () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([[true, '[::1]', 'POST /api/employee/login HTTP/1.1']]);
    });
    await run.observe(t('scenario.admin-ipv4-only.observe2'), () => {
      expect(run.stack.adminShell!.journal.map((e) => e.localAddress)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
    });
  },
});
