import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, expectPage, login, logout, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'admin-closes-early',
  summary: 'The admin server closes connections early (it crashed, or was restarted mid-request): an answer cut after its head reaches the browser as a 200 whose body never completes; a login closed before any answer gets 502, not retried.',
  faults: ['admin.truncate', 'admin.close'],
  diagnosis: { conditions: ['upstream-closed'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 6,
  async steps(run) {
    const lines = () => run.errorLog().map((e) => `${e.message} while ${e.action} [${e.request?.split(' ')[0]}]`);
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.truncate 20 --path /admin/employee/page --times 1');
    run.step('go to page 2');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('the browser gets the head and 20 bytes of the list, then the connection ends: the page says the request failed', async () => {
      await expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=2/ });
      await expect.poll(() => run.accessLog().map((e) => [e.request.split(' ')[0], e.status, e.bodyBytesSent])).toContainEqual(['GET', 200, 20]);
    });
    await run.observe('nginx logs "upstream prematurely closed connection while reading upstream"', () => {
      expect(lines()).toEqual(['upstream prematurely closed connection while reading upstream [GET]']);
    });
    await run.fault('admin.close --path /admin/employee/login');
    run.step('log out, and log in again');
    await logout(page);
    await login(page, run.stack.url);
    await run.observe('the login gets 502 Bad Gateway, tried on one loopback only', async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ });
      expect(run.stack.adminShell!.journal.filter((e) => e.url === '/admin/employee/login' && e.faults)).toHaveLength(1);
    });
    await run.observe('nginx logs "upstream prematurely closed connection while reading response header from upstream" for it', () => {
      expect(lines().at(-1)).toBe('upstream prematurely closed connection while reading response header from upstream [POST]');
    });
  },
});
