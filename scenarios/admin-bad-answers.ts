import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login, logout, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { whileLines } from './steps/logs.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'admin-bad-answers',
  summary: t('scenario.admin-bad-answers.summary'),
  profiles: ['linux', 'windows'],
  faults: ['admin.garbage', 'admin.big-header', 'admin.bad-chunked', 'admin.bad-header'],
  diagnosis: { conditions: ['upstream-invalid-header', 'upstream-header-too-big', 'upstream-bad-chunked'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 6,
  seconds: 7,
  async steps(run) {
    const lines = () => whileLines(run);
    const page = await pageTwoUnder(run, 'admin.garbage --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-bad-answers.observe1'), async () => {
      await expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=2/ });
      await expect.poll(() => run.accessLog().map((e) => [e.request.split(' ')[0], e.status, e.bodyBytesSent])).toContainEqual(['GET', 9, 64]);
    });
    await run.observe(t('scenario.admin-bad-answers.observe2'), () => {
      expect(lines()).toEqual(['upstream sent no valid HTTP/1.0 header while reading response header from upstream [GET]']);
    });
    await run.fault('admin.big-header 16384 --path /admin/employee/page --times 1');
    run.step(t('scenario.admin-bad-answers.step1'));
    await page.getByTestId('employee-search-button').click();
    await run.observe(t('scenario.admin-bad-answers.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^GET \/api\/employee\/page/ });
      expect(lines().at(-1)).toBe('upstream sent too big header while reading response header from upstream [GET]');
    });
    await run.fault('admin.bad-chunked --path /admin/employee/page --times 1');
    // A client, not the browser: Chromium sends a request again on a new connection when a reused one closes with no answer.
    run.step(t('scenario.admin-bad-answers.step2'));
    const cut = await run.api.page('no-token');
    await run.observe(t('scenario.admin-bad-answers.observe4'), () => {
      expect([cut.status, cut.error]).toEqual([0, expect.any(String)]);
      expect(lines().at(-1)).toBe('upstream sent invalid chunked response while reading upstream [GET]');
    });
    await run.fault('admin.bad-header --path /admin/employee/login');
    run.step(t('scenario.common.loginAgain'));
    await logout(page);
    await login(page, run.stack.url);
    await run.observe(t('scenario.common.login502'), () => expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ }));
    await run.observe(t('scenario.admin-bad-answers.observe5'), () => {
      expect(lines().at(-1)).toBe('upstream sent invalid header: "Content\\x20..." while reading response header from upstream [POST]');
    });
  },
});
