import { expect } from '@playwright/test';
import { defineScenario } from './scenario.js';
import { login, expectPage } from './steps/browser.js';

export default defineScenario({
  name: 'admin-flapping',
  summary: 'The admin server stops and starts again while the browser is in use: pages fail with 502, then work again once the 10 s fail window has passed.',
  faults: ['admin.stop', 'admin.start'],
  diagnosis: 'upstream-refused',
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
    await run.fault('admin.start');
    run.step('the admin server is back; both peers stay failed until the window has passed');
    const started = Date.now();
    await expect(async () => {
      const r = await run.api.page('probe');
      // The stub answers 401 to a bad token: the proxy reached it again.
      expect(r.status).toBe(401);
    }).toPass({ intervals: [500], timeout: 15_000 });
    const waited = Date.now() - started;
    await run.observe('the proxy reaches the admin server again within 12 s (fail_timeout 10 s, whole seconds)', () => expect(waited).toBeLessThan(12_500));
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
