import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { isRefusal } from './steps/logs.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.refused-fallback-timing.summary': 'With the admin server down, Windows spends ~2 s on each refused loopback connect: the pair is ~2 s apart and the login\'s 502 comes after ~4 s; on Linux both are written at once and the 502 takes milliseconds.',
    'scenario.refused-fallback-timing.observe1': 'the 502 comes after about 4 s (3.9-5.5 s)',
    'scenario.refused-fallback-timing.observe2': 'the 502 comes at once (under 0.5 s)',
    'scenario.refused-fallback-timing.observe3': 'the two refusals (10061) are written {ms} ms apart (1.9-2.6 s)',
    'scenario.refused-fallback-timing.observe4': 'the two refusals (111) are both written while the login is in flight (its {ms} ms)',
  },
  'zh-CN': {
    'scenario.refused-fallback-timing.summary': '后端服务停止时，Windows 在每个被拒绝的回环地址连接上要花约 2 秒：这一对日志相隔约 2 秒，登录的 502 在约 4 秒后到来；在 Linux 上两行同时写出，502 只要几毫秒。',
    'scenario.refused-fallback-timing.observe1': '502 在约 4 秒后到来（3.9-5.5 秒）',
    'scenario.refused-fallback-timing.observe2': '502 立即到来（不到 0.5 秒）',
    'scenario.refused-fallback-timing.observe3': '两次连接被拒绝（10061）的日志相隔 {ms} 毫秒写出（1.9-2.6 秒）',
    'scenario.refused-fallback-timing.observe4': '两次连接被拒绝（111）的日志都在登录请求进行中写出（用时 {ms} 毫秒）',
  },
});

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
        expect(response.ms).toBeLessThan(run.within(4000));
      } else {
        expect(response.ms).toBeLessThan(run.within(0));
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
          expect(gap).toBeLessThan(run.within(2000));
        }
      },
    );
  },
});
