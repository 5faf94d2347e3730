import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { login, expectPage, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { isRefusal } from './steps/logs.js';
import type { ApiResponse } from '../harness/chaos/api.js';

export default defineScenario({
  name: 'admin-flapping',
  summary: 'The admin server stops and starts again while the browser is in use: pages fail with 502, then work again once the 10 s fail window has passed.',
  faults: ['admin.stop', 'admin.start'],
  diagnosis: { conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 5,
  seconds: 15,
  async steps(run) {
    const page = await run.page();
    run.step('log in and see the list');
    await login(page, run.stack.url);
    await run.observe('the list shows page 1', () => expectPage(page, 1, 10));
    await run.fault('admin.stop');
    run.step('go to page 2 while the admin server is down');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('the browser shows the 502 and what it means', async () => {
      await expect(page.getByTestId('http-error')).toContainText('502 Bad Gateway');
      await expect(page.getByText('请求出错了：Request failed with status code 502')).toBeVisible();
    });
    // Both peers failed when the page-2 request was refused: nginx skips them for fail_timeout.
    const failedAt = run.timedErrorLog().filter((l) => isRefusal(l.entry)).at(-1)?.t ?? NaN;
    await run.fault('admin.start');
    run.step('the admin server is back; probe /api until the proxy tries its peers again');
    const before = run.errorLog().length;
    const probes: ApiResponse[] = [];
    await expect(async () => {
      probes.push(await run.api.page('probe'));
      // The stub answers 401 to a bad token: the proxy reached it again.
      expect(probes.at(-1)!.status).toBe(401);
    }).toPass({ intervals: [500], timeout: 15_000 });
    const between = probes.slice(0, -1);
    await run.observe(`until then every probe (${between.length}) gets 502, logged as "no live upstreams": the peers are not tried`, () => {
      expect(between.length).toBeGreaterThan(0);
      expect(between.map((p) => p.status)).toEqual(between.map(() => 502));
      expect(run.errorLog().slice(before).map((e) => e.message)).toEqual(between.map(() => 'no live upstreams'));
    });
    const reached = probes.at(-1)!;
    const waited = reached.sentAt + reached.ms - failedAt;
    await run.observe(`the proxy reaches the admin server again ${(waited / 1000).toFixed(2)} s after the peers failed: not before fail_timeout (10 s; whole seconds, so up to 11 s) has passed`, () => {
      expect(failedAt, 'the page-2 request logged a refusal').not.toBeNaN();
      expect(waited).toBeGreaterThanOrEqual(9_950);
      expect(waited).toBeLessThan(12_500);
    });
    run.step('reload the list, then go to page 2');
    await page.reload();
    await expectPage(page, 1, 10);
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('the list works again and the failure banner is gone', async () => {
      await expectPage(page, 2, 10);
      await expect(page.getByTestId('http-error')).toHaveCount(0);
    });
  },
});
