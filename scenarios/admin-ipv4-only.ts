import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { isRefusal, peerOf } from './steps/logs.js';
import { loginThenPages } from './steps/api.js';

export default defineScenario({
  name: 'admin-ipv4-only',
  summary: 'The admin server listens on 127.0.0.1 only: the first request logs one refusal of [::1] and still succeeds; the next ones skip [::1] silently for the fail window.',
  stack: () => ({ admin: 'ipv4' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'listens-ipv4-only' },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const statuses = await loginThenPages(run, 3);
    await run.observe('every request succeeds', () => expect(statuses).toEqual([200, 200, 200, 200]));
    await run.observe('only the first request logs a refusal, of [::1]', () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([[true, '[::1]', 'POST /api/employee/login HTTP/1.1']]);
    });
    await run.observe('the admin server saw every request on 127.0.0.1', () => {
      expect(run.stack.adminShell!.journal.map((e) => e.localAddress)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
    });
  },
});
