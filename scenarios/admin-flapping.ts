import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { login, expectPage, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { isRefusal } from './steps/logs.js';
import type { ApiResponse } from '../harness/scenario-runner/api.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-flapping',
  summary: t('scenario.admin-flapping.summary'),
  faults: ['admin.stop', 'admin.start'],
  diagnosis: { conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 5,
  seconds: 15,
  async steps(run) {
    const page = await run.page();
    run.step(t('scenario.admin-flapping.step1'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-flapping.observe1'), () => expectPage(page, 1, 10));
    await run.fault('admin.stop');
    run.step(t('scenario.admin-flapping.step2'));
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.admin-flapping.observe2'), async () => {
      await expect(page.getByTestId('http-error')).toContainText('502 Bad Gateway');
      await expect(page.getByText('请求出错了：反向代理（nginx）返回了 502 Bad Gateway')).toBeVisible();
    });
    // Both peers failed when the page-2 request was refused: nginx skips them for fail_timeout.
    const failedAt = run.timedErrorLog().filter((l) => isRefusal(l.entry)).at(-1)?.t ?? NaN;
    await run.fault('admin.start');
    run.step(t('scenario.admin-flapping.step3'));
    const before = run.errorLog().length;
    const probes: ApiResponse[] = [];
    await expect(async () => {
      probes.push(await run.api.page('probe'));
      // The stand-in answers 401 to a bad token: the proxy reached it again.
      expect(probes.at(-1)!.status).toBe(401);
    }).toPass({ intervals: [500], timeout: 15_000 });
    const between = probes.slice(0, -1);
    await run.observe(t('scenario.admin-flapping.observe3', { count: between.length }), () => {
      expect(between.length).toBeGreaterThan(0);
      expect(between.map((p) => p.status)).toEqual(between.map(() => 502));
      expect(run.errorLog().slice(before).map((e) => e.message)).toEqual(between.map(() => 'no live upstreams'));
    });
    const reached = probes.at(-1)!;
    const waited = reached.sentAt + reached.ms - failedAt;
    await run.observe(t('scenario.admin-flapping.observe4', { seconds: (waited / 1000).toFixed(2) }), () => {
      expect(failedAt, 'the page-2 request logged a refusal').not.toBeNaN();
      expect(waited).toBeGreaterThanOrEqual(9_950);
      expect(waited).toBeLessThan(12_500);
    });
    run.step(t('scenario.admin-flapping.step4'));
    await page.reload();
    await expectPage(page, 1, 10);
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.admin-flapping.observe5'), async () => {
      await expectPage(page, 2, 10);
      await expect(page.getByTestId('http-error')).toHaveCount(0);
    });
  },
});
