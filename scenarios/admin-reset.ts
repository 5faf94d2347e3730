import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, expectPage, login, logout, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'admin-reset',
  summary: 'The admin server resets a connection once it has read the request (it crashed mid-request): a GET is tried again on the other loopback and the page still loads; a login (a POST) is not, and gets 502.',
  profiles: ['linux', 'windows'],
  faults: ['admin.reset'],
  diagnosis: { conditions: ['upstream-reset'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 5,
  async steps(run) {
    const recv = run.os === 'windows' ? 'WSARecv() failed (10054: An existing connection was forcibly closed by the remote host)' : 'recv() failed (104: Connection reset by peer)';
    const lines = () => run.errorLog().map((e) => `${e.message} (${e.errno?.code}: ${e.errno?.text}) while ${e.action} [${e.request?.split(' ')[0]}]`);
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.reset --path /admin/employee/page --times 1');
    run.step('go to page 2');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('page 2 shows: nginx tried the reset GET again on the other loopback, which answered', async () => {
      await expectPage(page, 2, 10);
      const tries = run.stack.adminShell!.journal.filter((e) => e.url.startsWith('/admin/employee/page?page=2'));
      expect(tries.map((e) => e.faults?.[0] ?? 'answered')).toEqual(['admin.reset --path /admin/employee/page --times 1', 'answered']);
      expect(new Set(tries.map((e) => e.localAddress)).size).toBe(2);
    });
    await run.observe(`one line for it: ${recv} while reading response header from upstream`, () => {
      expect(lines()).toEqual([`${recv} while reading response header from upstream [GET]`]);
    });
    await run.fault('admin.reset --path /admin/employee/login');
    run.step('log out, and log in again');
    await logout(page);
    await login(page, run.stack.url);
    await run.observe('the login gets 502 Bad Gateway: a POST that was sent is not tried on the other loopback', async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ });
      expect(run.stack.adminShell!.journal.filter((e) => e.url === '/admin/employee/login' && e.faults)).toHaveLength(1);
    });
    await run.observe('one more line, for the POST', () => {
      expect(lines()).toEqual([`${recv} while reading response header from upstream [GET]`, `${recv} while reading response header from upstream [POST]`]);
    });
  },
});
