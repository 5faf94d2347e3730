import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';

export default defineScenario({
  name: 'worker-crash',
  summary: 'A proxy worker dies of SIGSEGV: the master logs the alert, starts a new worker at once, and service goes on.',
  faults: ['proxy.crash-worker'],
  diagnosis: { conditions: ['worker-crashed'] },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const { token } = await run.api.login();
    const [old] = await run.stack.proxy!.workers();
    await run.fault('proxy.crash-worker');
    await run.observe(`the master logs "[alert] ... worker process ${old} exited on signal 11"`, () =>
      expect
        .poll(() => run.errorLog().map((e) => `${e.level} ${e.message}`))
        .toContain(`alert worker process ${old} exited on signal 11`),
    );
    await run.observe('a new worker takes its place', async () => {
      await expect.poll(async () => (await run.stack.proxy!.workers()).filter((p) => p !== old).length).toBe(1);
    });
    await run.observe('the next requests are answered', async () => {
      expect((await run.api.page(token ?? '')).status).toBe(200);
      expect((await run.api.page(token ?? '', 2)).status).toBe(200);
    });
  },
});
