import { expect } from '@playwright/test';
import { defineScenario } from './scenario.js';
import { expectFailure, expectPage, login, logout } from './steps/browser.js';

export default defineScenario({
  name: 'admin-not-http',
  summary: 'What answers on the admin port is not HTTP (another program, TLS to an http:// proxy_pass) or sends a header nginx refuses: nginx passes the bytes on as an HTTP/0.9 answer (009), which the browser refuses; the bad header gets 502, not retried.',
  profiles: ['linux', 'windows'],
  faults: ['admin.garbage', 'admin.bad-header'],
  diagnosis: { conditions: ['upstream-invalid-header'] },
  observations: 4,
  seconds: 6,
  async steps(run) {
    const lines = () => run.errorLog().map((e) => `${e.message} while ${e.action} [${e.request?.split(' ')[0]}]`);
    const page = await run.page();
    run.step('log in in the browser');
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.garbage --path /admin/employee/page --times 1');
    run.step('go to page 2');
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe('the browser refuses the answer (no status line: HTTP/0.9) and the page says the request failed; the access log shows 009 and the 64 bytes', async () => {
      await expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=2/ });
      await expect.poll(() => run.accessLog().map((e) => [e.request.split(' ')[0], e.status, e.bodyBytesSent])).toContainEqual(['GET', 9, 64]);
    });
    await run.observe('nginx logs "upstream sent no valid HTTP/1.0 header while reading response header from upstream", one try', () => {
      expect(lines()).toEqual(['upstream sent no valid HTTP/1.0 header while reading response header from upstream [GET]']);
    });
    await run.fault('admin.bad-header --path /admin/employee/login');
    run.step('log out, and log in again');
    await logout(page);
    await login(page, run.stack.url);
    await run.observe('the login gets 502 Bad Gateway', () => expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ }));
    await run.observe('nginx logs the header up to its bad byte: upstream sent invalid header: "Content\\x20..."', () => {
      expect(lines().at(-1)).toBe('upstream sent invalid header: "Content\\x20..." while reading response header from upstream [POST]');
    });
  },
});
