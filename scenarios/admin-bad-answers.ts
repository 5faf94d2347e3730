import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';
import { expectFailure, expectPage, login, logout, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';

export default defineScenario({
  name: 'admin-bad-answers',
  summary: 'The admin port answers in a way nginx cannot pass on: bytes that are not HTTP (another program there, TLS to an http:// proxy_pass) go through as an HTTP/0.9 answer the browser refuses; a head too big, a chunked body that is not, a header nginx refuses: 502 or a dropped connection, never retried.',
  profiles: ['linux', 'windows'],
  faults: ['admin.garbage', 'admin.big-header', 'admin.bad-chunked', 'admin.bad-header'],
  diagnosis: { conditions: ['upstream-invalid-header', 'upstream-header-too-big', 'upstream-bad-chunked'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 6,
  seconds: 7,
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
    await run.fault('admin.big-header 16384 --path /admin/employee/page --times 1');
    run.step('查询 (reload the list): its answer carries a 16 KiB Set-Cookie');
    await page.getByTestId('employee-search-button').click();
    await run.observe('502 Bad Gateway, and "upstream sent too big header while reading response header from upstream"', async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^GET \/api\/employee\/page/ });
      expect(lines().at(-1)).toBe('upstream sent too big header while reading response header from upstream [GET]');
    });
    await run.fault('admin.bad-chunked --path /admin/employee/page --times 1');
    // A client, not the browser: Chromium sends a request again on a new connection when a reused one closes with no answer.
    run.step('GET /api/employee/page from a client: the answer says chunked and is not');
    const cut = await run.api.page('no-token');
    await run.observe('nginx closes the connection without a byte of an answer: "upstream sent invalid chunked response while reading upstream"', () => {
      expect([cut.status, cut.error]).toEqual([0, expect.any(String)]);
      expect(lines().at(-1)).toBe('upstream sent invalid chunked response while reading upstream [GET]');
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
