import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-slow.summary': 'The admin server answers slower than proxy_read_timeout (an IDE breakpoint): a GET times out on both peers and gets 504; a POST is not retried once sent.',
    'scenario.admin-slow.step1': 'GET /api/employee/page (proxy_read_timeout 1s)',
    'scenario.admin-slow.observe1': 'the GET gets 504 (the conf\'s error_page: html/50x.html) after both peers timed out, about 2 s',
    'scenario.admin-slow.observe2': 'two lines "upstream timed out (110: Connection timed out) while reading response header from upstream"',
    'scenario.admin-slow.step2': 'a fresh stack, as slow: POST /api/employee/login',
    'scenario.admin-slow.observe3': 'the POST is tried on one peer only: 504 after about 1 s and a single timeout line',
  },
  'zh-CN': {
    'scenario.admin-slow.summary': '后端服务响应比 proxy_read_timeout 还慢（IDE 断点）：GET 在两个上游节点上都超时，得到 504；POST 发出后不会重试。',
    'scenario.admin-slow.step1': 'GET /api/employee/page（proxy_read_timeout 1s）',
    'scenario.admin-slow.observe1': '两个上游节点都超时后，GET 得到 504（配置里的 error_page：html/50x.html），约 2 秒',
    'scenario.admin-slow.observe2': '两行 "upstream timed out (110: Connection timed out) while reading response header from upstream"',
    'scenario.admin-slow.step2': '一个同样慢的新环境：POST /api/employee/login',
    'scenario.admin-slow.observe3': 'POST 只在一个上游节点上试过：约 1 秒后 504，只有一行超时日志',
  },
});

export default defineScenario({
  name: 'admin-slow',
  summary: t('scenario.admin-slow.summary'),
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.slow'],
  diagnosis: { conditions: ['upstream-timeout'] },
  observations: 3,
  seconds: 4,
  async steps(run) {
    const { token } = await run.api.login();
    // Answers 2 s past the timeout: a worker that is not given the CPU until the answer is in (a
    // loaded machine) reads it before its timer, as nginx's event loop does (events, then timers).
    await run.fault('admin.slow 3000');
    run.step(t('scenario.admin-slow.step1'));
    const get = await run.api.page(token ?? '');
    await run.observe(t('scenario.admin-slow.observe1'), () => {
      expect(get.status).toBe(504);
      expect(get.body).toContain('<h1>An error occurred.</h1>');
      expect(get.ms).toBeGreaterThanOrEqual(1900);
      expect(get.ms).toBeLessThan(run.within(2000));
    });
    await run.observe(t('scenario.admin-slow.observe2'), () => {
      const t = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(t.map((e) => [e.errno?.code, e.action])).toEqual([
        [110, 'reading response header from upstream'],
        [110, 'reading response header from upstream'],
      ]);
    });
    // This proxy keeps both peers failed for fail_timeout (10 s): a second stack's has none failed.
    run.step(t('scenario.admin-slow.step2'));
    await run.freshStack();
    // A login through the new proxy first, as on the first stack: the POST timed below is then the
    // timer's, not a cold worker's first proxied request as well (on a loaded machine, a second more).
    await run.api.login();
    await run.fault('admin.slow 3000');
    const post = await run.api.login();
    await run.observe(t('scenario.admin-slow.observe3'), () => {
      // One timeout line is what shows one peer was tried; a retry writes a second, as the GET's did.
      expect(run.errorLog().map((e) => [e.message, e.request])).toEqual([['upstream timed out', 'POST /api/employee/login HTTP/1.1']]);
      expect(post.response.status).toBe(504);
      expect(post.response.ms).toBeGreaterThanOrEqual(900);
      expect(post.response.ms).toBeLessThan(run.within(1000));
    });
  },
});
