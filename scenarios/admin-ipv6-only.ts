import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { isRefusal, peerOf } from './steps/logs.js';
import { loginThenPages } from './steps/api.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-ipv6-only',
  summary: t('scenario.admin-ipv6-only.summary'),
  stack: () => ({ admin: 'ipv6' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'listens-ipv6-only' },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const statuses = await loginThenPages(run, 3);
    await run.observe(t('scenario.common.allSucceed'), () => expect(statuses).toEqual([200, 200, 200, 200]));
    await run.observe(t('scenario.admin-ipv6-only.observe1'), () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([[true, '127.0.0.1', 'GET /api/employee/page?page=1&pageSize=10 HTTP/1.1']]);
    });
    await run.observe(t('scenario.admin-ipv6-only.observe2'), () => {
      expect(run.stack.adminShell!.journal.map((e) => e.localAddress)).toEqual(['::1', '::1', '::1', '::1']);
    });
  },
});
