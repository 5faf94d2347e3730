import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { isRefusal } from './steps/logs.js';

export default defineScenario({
  name: 'refused-fallback-timing',
  summary: 'With the admin server down, Windows spends ~2 s on each refused loopback connect: the pair is ~2 s apart and the login\'s 502 comes after ~4 s; on Linux both are written at once and the 502 takes milliseconds.',
  profiles: ['linux', 'windows'],
  stack: () => ({ admin: 'down' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'not-running' },
  observations: 2,
  seconds: { linux: 1, windows: 5 },
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
    const pair = run.timedErrorLog().filter((l) => isRefusal(l.entry));
    const gap = pair.length === 2 ? Math.round(pair[1].t - pair[0].t) : NaN;
    await run.observe(
      windows ? `the two refusals (10061) are written ${gap} ms apart (1.9-2.6 s)` : `the two refusals (111) are both written while the login is in flight (its ${response.ms} ms)`,
      () => {
        expect(pair.map((l) => l.entry.errno?.code)).toEqual(windows ? [10061, 10061] : [111, 111]);
        // Each line was written after the request was sent and before its answer came.
        for (const l of pair) {
          expect(l.from).toBeGreaterThanOrEqual(response.sentAt - 10);
          expect(l.t).toBeLessThanOrEqual(response.sentAt + response.ms + 10);
        }
        if (windows) {
          expect(gap).toBeGreaterThanOrEqual(1900);
          expect(gap).toBeLessThan(2600);
        }
      },
    );
  },
});
