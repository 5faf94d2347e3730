import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { login, expectAdminUnreachable } from './steps/browser.js';
import { isNoLive, isRefusal, peerOf } from './steps/logs.js';

export default defineScenario({
  name: 'admin-down',
  summary: 'Nothing listens on the admin port: each /api request logs a refused pair, then "no live upstreams" inside the 10 s fail window, and the pair\'s order changes as round robin moves on.',
  stack: () => ({ admin: 'down' }),
  diagnosis: { conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' },
  observations: 5,
  seconds: 14,
  async steps(run) {
    run.step('POST /api/employee/login');
    const first = await run.api.login();
    await run.observe('the login gets nginx\'s 502', () => expect(first.response.status).toBe(502));
    await run.observe('the error log has a refused pair for it: [::1] first, then 127.0.0.1', () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([
        [true, '[::1]', 'POST /api/employee/login HTTP/1.1'],
        [true, '127.0.0.1', 'POST /api/employee/login HTTP/1.1'],
      ]);
      expect(lines[0].conn).toBe(lines[1].conn);
    });
    run.step('GET /api/employee/page inside the fail window');
    const second = await run.api.page('no-token');
    await run.observe('it gets 502 at once, logged as "no live upstreams" with upstream http://localhost/admin/...', () => {
      expect(second.status).toBe(502);
      const last = run.errorLog().at(-1)!;
      expect(isNoLive(last)).toBe(true);
      expect(last.upstream).toBe('http://localhost/admin/employee/page?page=1&pageSize=10');
    });
    run.step('ask again until the fail window (10-12 s) has passed and the peers are tried again');
    const before = run.errorLog().length;
    await expect(async () => {
      await run.api.page('no-token');
      expect(run.errorLog().slice(before).some(isRefusal)).toBe(true);
    }).toPass({ intervals: [1000], timeout: 15_000 });
    await run.observe('after the window the pair comes in the other order: 127.0.0.1 first, then [::1]', () => {
      const refusals = run.errorLog().slice(before).filter(isRefusal);
      expect(refusals.map(peerOf)).toEqual(['127.0.0.1', '[::1]']);
    });
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await run.observe('the login page says what failed (the login got 502 from the proxy) and the likely cause (the admin server is not reachable)', async () => {
      await expectAdminUnreachable(page);
    });
  },
});
