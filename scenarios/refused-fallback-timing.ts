import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { isRefusal } from './steps/logs.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'refused-fallback-timing',
  summary: t('scenario.refused-fallback-timing.summary'),
  profiles: ['linux', 'windows'],
  stack: () => ({ admin: 'down' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'not-running' },
  observations: 2,
  seconds: { linux: 1, windows: 5 },
  async steps(run) {
    run.step('POST /api/employee/login');
    const { response } = await run.api.login();
    const windows = run.os === 'windows';
    await run.observe(windows ? t('scenario.refused-fallback-timing.observe1') : t('scenario.refused-fallback-timing.observe2'), () => {
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
      windows ? t('scenario.refused-fallback-timing.observe3', { ms: gap }) : t('scenario.refused-fallback-timing.observe4', { ms: response.ms }),
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
