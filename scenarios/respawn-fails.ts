import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';

export default defineScenario({
  name: 'respawn-fails',
  summary: 'A worker dies and its replacement cannot start ("could not respawn worker"): the master stays up with no worker; on Linux clients connect and hang, on Windows they are refused.',
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
    await run.observe(`the error log's alert lines: ${expected.map((l) => l.slice(6)).join(' / ')}`, () =>
      expect.poll(() => run.errorLog().map((e) => `${e.level} ${e.message.replace(/\d+/, 'N')}`), { timeout: 5000 }).toEqual(expected),
    );
    await run.observe('the master is up with no worker', async () => {
      expect(run.stack.proxy!.running).toBe(true);
      expect(await run.stack.proxy!.workers()).toEqual([]);
    });
    run.step('GET /api/employee/page');
    const r = await run.api.send('GET', '/api/employee/page?page=1&pageSize=10', { timeoutMs: 1500 });
    if (windows) await run.observe('the client is refused (the master closed its sockets)', () => expect(r.error).toBe('ECONNREFUSED'));
    else await run.observe('the client connects and waits: no answer within 1.5 s', () => expect(r.error).toBe('UND_ERR_HEADERS_TIMEOUT'));
  },
});
