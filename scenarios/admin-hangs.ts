import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, expectPage, login, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'admin-hangs',
  summary: 'The admin server reads requests and never answers (a thread stuck on a lock, a breakpoint): the page waits out proxy_read_timeout on both loopbacks and gets 504; after `chaos restore` both addresses still sit out fail_timeout, so the next request gets 502 at once.',
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.hang'],
  diagnosis: { conditions: ['upstream-timeout', 'no-live-upstreams'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 8,
  async steps(run) {
    const errno = run.os === 'windows' ? 10060 : 110;
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.hang --path /admin/employee/page');
    run.step('go to page 2 (proxy_read_timeout 1s)');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('after about 2 s (1 s on each loopback) the page says 504 Gateway Time-out', async () => {
      await expectFailure(page, { kind: 'status', status: 504, request: /^GET \/api\/employee\/page\?page=2/ });
      const ms = Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'));
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4000);
    });
    await run.observe(`two lines "upstream timed out (${errno}: ...) while reading response header from upstream", one per loopback`, () => {
      const timedOut = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(timedOut.map((e) => [e.errno?.code, e.action])).toEqual([
        [errno, 'reading response header from upstream'],
        [errno, 'reading response header from upstream'],
      ]);
      expect(new Set(timedOut.map((e) => e.upstream)).size).toBe(2);
    });
    await run.restore();
    run.step('查询 (reload the list) right after the restore');
    await page.getByTestId('employee-search-button').click();
    await run.observe('502 at once: both addresses timed out, so nginx counts both as failed for fail_timeout (10 s)', async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^GET \/api\/employee\/page/ });
      expect(Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'))).toBeLessThan(900);
    });
    await run.observe('nginx logs "no live upstreams" for it', () => expect(run.errorLog().at(-1)?.message).toBe('no live upstreams'));
  },
});
