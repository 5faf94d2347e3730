import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login, logout, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { whileLines } from './steps/logs.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-bad-answers.summary': 'The admin port answers in a way nginx cannot pass on: bytes that are not HTTP (another program there, TLS to an http:// proxy_pass) go through as an HTTP/0.9 answer the browser refuses; a head too big, a chunked body that is not, a header nginx refuses: 502 or a dropped connection, never retried.',
    'scenario.admin-bad-answers.observe1': 'the browser refuses the answer (no status line: HTTP/0.9) and the page says the request failed; the access log shows 009 and the 64 bytes',
    'scenario.admin-bad-answers.observe2': 'nginx logs "upstream sent no valid HTTP/1.0 header while reading response header from upstream", one try',
    'scenario.admin-bad-answers.step1': '查询 (reload the list): its answer carries a 16 KiB Set-Cookie',
    'scenario.admin-bad-answers.observe3': '502 Bad Gateway, and "upstream sent too big header while reading response header from upstream"',
    'scenario.admin-bad-answers.step2': 'GET /api/employee/page from a client: the answer says chunked and is not',
    'scenario.admin-bad-answers.observe4': 'nginx closes the connection without a byte of an answer: "upstream sent invalid chunked response while reading upstream"',
    'scenario.common.login502': 'the login gets 502 Bad Gateway',
    'scenario.admin-bad-answers.observe5': 'nginx logs the header up to its bad byte: upstream sent invalid header: "Content\\x20..."',
  },
  'zh-CN': {
    'scenario.admin-bad-answers.summary': '后端服务端口的响应 nginx 无法转发：不是 HTTP 的字节（端口上是别的程序，或对 http:// 的 proxy_pass 说 TLS）会作为浏览器拒收的 HTTP/0.9 响应转发过去；响应头太大、声明 chunked 却没分块、nginx 不接受的响应头：502 或连接被断开，都不会重试。',
    'scenario.admin-bad-answers.observe1': '浏览器拒收这个响应（没有状态行：HTTP/0.9），页面提示请求失败；access log 里是 009 和 64 个字节',
    'scenario.admin-bad-answers.observe2': 'nginx 记录 "upstream sent no valid HTTP/1.0 header while reading response header from upstream"，只试了一次',
    'scenario.admin-bad-answers.step1': '点 查询（重新加载列表）：响应带一个 16 KiB 的 Set-Cookie',
    'scenario.admin-bad-answers.observe3': '502 Bad Gateway，并记录 "upstream sent too big header while reading response header from upstream"',
    'scenario.admin-bad-answers.step2': '客户端发 GET /api/employee/page：响应声明 chunked，实际没有分块',
    'scenario.admin-bad-answers.observe4': 'nginx 一个字节都不响应就关闭连接："upstream sent invalid chunked response while reading upstream"',
    'scenario.common.login502': '登录得到 502 Bad Gateway',
    'scenario.admin-bad-answers.observe5': 'nginx 记录这个响应头直到出错的字节：upstream sent invalid header: "Content\\x20..."',
  },
});

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
    run.step(scenarioText('scenario.common.loginAgain'));
    await logout(page);
    await login(page, run.stack.url);
    await run.observe(t('scenario.common.login502'), () => expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ }));
    await run.observe(t('scenario.admin-bad-answers.observe5'), () => {
      expect(lines().at(-1)).toBe('upstream sent invalid header: "Content\\x20..." while reading response header from upstream [POST]');
    });
  },
});
