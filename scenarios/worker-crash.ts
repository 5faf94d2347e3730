import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'worker-crash',
  summary: t('scenario.worker-crash.summary'),
  faults: ['proxy.crash-worker'],
  diagnosis: { conditions: ['worker-crashed'] },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const { token } = await run.api.login();
    const [old] = await run.stack.proxy!.workers();
    await run.fault('proxy.crash-worker');
    await run.observe(t('scenario.worker-crash.observe1', { pid: old }), () =>
      expect
        .poll(() => run.errorLog().map((e) => `${e.level} ${e.message}`))
        .toContain(`alert worker process ${old} exited on signal 11`),
    );
    await run.observe(t('scenario.worker-crash.observe2'), async () => {
      await expect.poll(async () => (await run.stack.proxy!.workers()).filter((p) => p !== old).length).toBe(1);
    });
    await run.observe(t('scenario.worker-crash.observe3'), async () => {
      expect((await run.api.page(token ?? '')).status).toBe(200);
      expect((await run.api.page(token ?? '', 2)).status).toBe(200);
    });
  },
});
