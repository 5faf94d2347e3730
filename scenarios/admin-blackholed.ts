import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, login } from './steps/browser.js';

export default defineScenario({
  name: 'admin-blackholed',
  summary: 'Connection attempts to the admin port get no answer at all (a firewall that drops packets, a paused VM): even the login (a POST: nothing was sent yet) waits proxy_connect_timeout on each loopback, then 504.',
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { proxyConnectTimeout: '1s' } }),
  faults: ['admin.blackhole'],
  diagnosis: { conditions: ['upstream-connect-timeout'] },
  observations: 2,
  seconds: 6,
  async steps(run) {
    const errno = run.os === 'windows' ? 10060 : 110;
    await run.fault('admin.blackhole');
    const page = await run.page();
    run.step('log in in the browser (proxy_connect_timeout 1s)');
    await login(page, run.stack.url);
    await run.observe('after about 2 s (1 s on each loopback) the login says 504 Gateway Time-out', async () => {
      await expectFailure(page, { kind: 'status', status: 504, request: /^POST \/api\/employee\/login/ });
      const ms = Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'));
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4000);
    });
    await run.observe(`two lines "upstream timed out (${errno}: ...) while connecting to upstream", one per loopback`, () => {
      const lines = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(lines.map((e) => [e.errno?.code, e.action, e.request])).toEqual([
        [errno, 'connecting to upstream', 'POST /api/employee/login HTTP/1.1'],
        [errno, 'connecting to upstream', 'POST /api/employee/login HTTP/1.1'],
      ]);
    });
  },
});
