import { expect } from '@playwright/test';
import { defineScenario } from './scenario.js';
import { isRefusal, secondsOf } from './steps/logs.js';

export default defineScenario({
  name: 'refused-fallback-timing',
  summary: 'With the admin server down, Windows spends ~2 s on each refused loopback connect: the pair is ~2 s apart and the login\'s 502 comes after ~4 s; on Linux both in the same second.',
  profiles: ['linux', 'windows'],
  stack: () => ({ admin: 'down' }),
  diagnosis: 'upstream-refused',
  seconds: 5,
  async steps(run) {
    run.step('POST /api/employee/login');
    const { response } = await run.api.login();
    const windows = run.os === 'windows';
    await run.observe(windows ? 'the 502 comes after about 4 s (3.9-5.5 s)' : 'the 502 comes at once (under 0.5 s)', () => {
      expect(response.status).toBe(502);
      if (windows) {
        expect(response.ms).toBeGreaterThanOrEqual(3900);
        expect(response.ms).toBeLessThan(5500);
      } else {
        expect(response.ms).toBeLessThan(500);
      }
    });
    await run.observe(windows ? 'the two refusals (10061) are 2 s apart' : 'the two refusals (111) share one second', () => {
      const pair = run.errorLog().filter(isRefusal);
      expect(pair).toHaveLength(2);
      expect(pair[0].errno?.code).toBe(windows ? 10061 : 111);
      const gap = secondsOf(pair[1]) - secondsOf(pair[0]);
      if (windows) expect([2, 3]).toContain(gap);
      else expect([0, 1]).toContain(gap);
    });
  },
});
