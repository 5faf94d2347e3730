import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-slow',
  summary: t('scenario.admin-slow.summary'),
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.slow'],
  diagnosis: { conditions: ['upstream-timeout'] },
  observations: 3,
  seconds: 4,
  async steps(run) {
    const { token } = await run.api.login();
    // Answers 2 s past the timeout: a worker that is not given the CPU until the answer is in (a
    // loaded machine) reads it before its timer, as nginx's event loop does (events, then timers).
    await run.fault('admin.slow 3000');
    run.step(t('scenario.admin-slow.step1'));
    const get = await run.api.page(token ?? '');
    await run.observe(t('scenario.admin-slow.observe1'), () => {
      expect(get.status).toBe(504);
      expect(get.body).toContain('<h1>An error occurred.</h1>');
      expect(get.ms).toBeGreaterThanOrEqual(1900);
      expect(get.ms).toBeLessThan(4000);
    });
    await run.observe(t('scenario.admin-slow.observe2'), () => {
      const t = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(t.map((e) => [e.errno?.code, e.action])).toEqual([
        [110, 'reading response header from upstream'],
        [110, 'reading response header from upstream'],
      ]);
    });
    // This proxy keeps both peers failed for fail_timeout (10 s): a second stack's has none failed.
    run.step(t('scenario.admin-slow.step2'));
    await run.freshStack();
    await run.fault('admin.slow 3000');
    const post = await run.api.login();
    await run.observe(t('scenario.admin-slow.observe3'), () => {
      expect(post.response.status).toBe(504);
      expect(post.response.ms).toBeGreaterThanOrEqual(900);
      expect(post.response.ms).toBeLessThan(1900);
      expect(run.errorLog().map((e) => [e.message, e.request])).toEqual([['upstream timed out', 'POST /api/employee/login HTTP/1.1']]);
    });
  },
});
