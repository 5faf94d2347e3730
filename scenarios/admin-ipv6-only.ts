import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { isRefusal, peerOf } from './steps/logs.js';
import { loginThenPages } from './steps/api.js';

export default defineScenario({
  name: 'admin-ipv6-only',
  summary: 'The admin server listens on ::1 only: the first request goes to [::1] unlogged; the second is round-robined to 127.0.0.1, refused, logged and retried on [::1].',
  stack: () => ({ admin: 'ipv6' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'listens-ipv6-only' },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const statuses = await loginThenPages(run, 3);
    await run.observe('every request succeeds', () => expect(statuses).toEqual([200, 200, 200, 200]));
    await run.observe('only the second request logs a refusal, of 127.0.0.1', () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([[true, '127.0.0.1', 'GET /api/employee/page?page=1&pageSize=10 HTTP/1.1']]);
    });
    await run.observe('the admin server saw every request on ::1', () => {
      expect(run.stack.adminShell!.journal.map((e) => e.localAddress)).toEqual(['::1', '::1', '::1', '::1']);
    });
  },
});
