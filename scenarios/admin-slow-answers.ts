import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, expectPage, login, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'admin-slow-answers',
  summary: 'Answers that come slowly but within proxy_read_timeout (latency with a long tail, a body that trickles, a slow link, a late close) still load, late, and nginx logs nothing; a pause in the body longer than proxy_read_timeout cuts the answer: "upstream timed out ... while reading upstream".',
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.latency', 'admin.dribble', 'admin.bandwidth', 'admin.slow-close'],
  diagnosis: { conditions: ['upstream-timeout'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 6,
  seconds: 13,
  async steps(run) {
    const page = await run.page();
    const pageTook = async (n: number, click: string) => {
      const answered = page.waitForResponse((r) => r.url().includes(`/api/employee/page?page=${n}`));
      await page.getByRole('button', { name: click }).click();
      const r = await answered;
      await r.finished();
      await expectPage(page, n, 10);
      return r.request().timing().responseEnd;
    };
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.latency 300 --jitter 100 --distribution lognormal --seed 7 --path /admin/employee/page');
    run.step('page 2, each answer about 300 ms late (lognormal: median 300 ms, sd 100 ms)');
    await run.observe('page 2 loads, late', async () => expect(await pageTook(2, '下一页')).toBeGreaterThanOrEqual(100));
    await run.restore();
    await run.fault('admin.dribble 4 800 --path /admin/employee/page');
    run.step('page 3, its body in 4 pieces over 800 ms');
    await run.observe('page 3 loads whole, after about 0.8 s', async () => expect(await pageTook(3, '下一页')).toBeGreaterThanOrEqual(780));
    await run.restore();
    await run.fault('admin.slow-close 700 --path /admin/employee/page');
    run.step('page 2, its connection closed 700 ms after the last byte');
    await run.observe('page 2 loads when the admin server closes, 0.7 s late', async () => expect(await pageTook(2, '上一页')).toBeGreaterThanOrEqual(690));
    await run.restore();
    await run.fault('admin.bandwidth 1 --path /admin/employee/page');
    run.step('page 3 over 1 KiB/s');
    await run.observe('page 3 loads, and nginx has logged nothing so far', async () => {
      expect(await pageTook(3, '下一页')).toBeGreaterThanOrEqual(200);
      expect(run.errorLines()).toEqual([]);
    });
    await run.restore();
    await run.fault('admin.dribble 2 3000 --path /admin/employee/page');
    run.step('page 4, its body in 2 pieces 1.5 s apart (proxy_read_timeout 1s)');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('the browser gets the head, then the connection is cut: the page says the request failed', () =>
      expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=4/ }),
    );
    await run.observe('nginx logs "upstream timed out (110: Connection timed out) while reading upstream"', () => {
      expect(run.errorLog().map((e) => [e.message, e.errno?.code, e.action])).toEqual([['upstream timed out', 110, 'reading upstream']]);
    });
  },
});
