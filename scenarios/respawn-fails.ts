import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'respawn-fails',
  summary: t('scenario.respawn-fails.summary'),
  profiles: ['linux', 'windows'],
  faults: ['proxy.fail-respawn', 'proxy.crash-worker'],
  diagnosis: { conditions: ['respawn-failed'] },
  observations: 3,
  seconds: { linux: 3, windows: 2 },
  async steps(run) {
    await run.fault('proxy.fail-respawn');
    await run.fault('proxy.crash-worker');
    const windows = run.os === 'windows';
    const expected = windows
      ? ['alert worker process N exited with code C0000142', 'alert could not respawn worker']
      : ['alert worker process N exited on signal 11', 'alert fork() failed while spawning "worker process"', 'alert could not respawn worker process'];
    await run.observe(t('scenario.respawn-fails.observe1', { lines: expected.map((l) => l.slice(6)).join(' / ') }), () =>
      expect.poll(() => run.errorLog().map((e) => `${e.level} ${e.message.replace(/\d+/, 'N')}`), { timeout: 5000 }).toEqual(expected),
    );
    await run.observe(t('scenario.respawn-fails.observe2'), async () => {
      expect(run.stack.proxy!.running).toBe(true);
      expect(await run.stack.proxy!.workers()).toEqual([]);
    });
    run.step('GET /api/employee/page');
    const r = await run.api.send('GET', '/api/employee/page?page=1&pageSize=10', { timeoutMs: 1500 });
    if (windows) await run.observe(t('scenario.respawn-fails.observe3'), () => expect(r.error).toBe('ECONNREFUSED'));
    else await run.observe(t('scenario.respawn-fails.observe4'), () => expect(r.error).toBe('UND_ERR_HEADERS_TIMEOUT'));
  },
});
