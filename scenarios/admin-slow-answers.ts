import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, expectPage, login, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-slow-answers',
  summary: t('scenario.admin-slow-answers.summary'),
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
    run.step(t('scenario.common.loginInBrowser'));
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.latency 300 --jitter 100 --distribution lognormal --seed 7 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step1'));
    await run.observe(t('scenario.admin-slow-answers.observe1'), async () => expect(await pageTook(2, '下一页')).toBeGreaterThanOrEqual(100));
    await run.restore();
    await run.fault('admin.dribble 4 800 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step2'));
    await run.observe(t('scenario.admin-slow-answers.observe2'), async () => expect(await pageTook(3, '下一页')).toBeGreaterThanOrEqual(780));
    await run.restore();
    await run.fault('admin.slow-close 700 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step3'));
    await run.observe(t('scenario.admin-slow-answers.observe3'), async () => expect(await pageTook(2, '上一页')).toBeGreaterThanOrEqual(690));
    await run.restore();
    await run.fault('admin.bandwidth 1 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step4'));
    await run.observe(t('scenario.admin-slow-answers.observe4'), async () => {
      expect(await pageTook(3, '下一页')).toBeGreaterThanOrEqual(200);
      expect(run.errorLines()).toEqual([]);
    });
    await run.restore();
    await run.fault('admin.dribble 2 3000 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step5'));
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.admin-slow-answers.observe5'), () =>
      expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=4/ }),
    );
    await run.observe(t('scenario.admin-slow-answers.observe6'), () => {
      expect(run.errorLog().map((e) => [e.message, e.errno?.code, e.action])).toEqual([['upstream timed out', 110, 'reading upstream']]);
    });
  },
});
