import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { login, expectAdminUnreachable } from './steps/browser.js';
import { isNoLive, isRefusal, peerOf } from './steps/logs.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-down.summary': 'Nothing listens on the admin port: each /api request logs a refused pair, then "no live upstreams" inside the 10 s fail window, and the pair\'s order changes as round robin moves on.',
    'scenario.admin-down.observe1': 'the login gets nginx\'s 502',
    'scenario.admin-down.observe2': 'the error log has a refused pair for it: [::1] first, then 127.0.0.1',
    'scenario.admin-down.step1': 'GET /api/employee/page inside the fail window',
    'scenario.admin-down.observe3': 'it gets 502 at once, logged as "no live upstreams" with upstream http://localhost/admin/...',
    'scenario.admin-down.step2': 'ask again until the fail window (10-12 s) has passed and the peers are tried again',
    'scenario.admin-down.observe4': 'after the window the pair comes in the other order: 127.0.0.1 first, then [::1]',
    'scenario.admin-down.observe5': 'the login page says what failed (the login got 502 from the proxy) and the likely cause (the admin server is not reachable)',
  },
  'zh-CN': {
    'scenario.admin-down.summary': '后端服务端口上没有程序监听：每个 /api 请求记录一对连接被拒绝，在 10 秒的失败窗口内接着是 "no live upstreams"，随着轮询前进，这一对的顺序会变。',
    'scenario.admin-down.observe1': '登录得到 nginx 的 502',
    'scenario.admin-down.observe2': 'error log 里有它的一对连接被拒绝：先 [::1]，再 127.0.0.1',
    'scenario.admin-down.step1': '在失败窗口内 GET /api/employee/page',
    'scenario.admin-down.observe3': '它立即得到 502，日志是 "no live upstreams"，upstream 为 http://localhost/admin/...',
    'scenario.admin-down.step2': '一直重试，直到失败窗口（10-12 秒）过去、上游节点重新被尝试',
    'scenario.admin-down.observe4': '窗口过后这一对顺序反过来：先 127.0.0.1，再 [::1]',
    'scenario.admin-down.observe5': '登录页说明了哪里失败（登录从反向代理得到 502）和可能的原因（连不上后端服务）',
  },
});

export default defineScenario({
  name: 'admin-down',
  summary: t('scenario.admin-down.summary'),
  stack: () => ({ admin: 'down' }),
  diagnosis: { conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' },
  observations: 5,
  seconds: 14,
  async steps(run) {
    run.step('POST /api/employee/login');
    const first = await run.api.login();
    await run.observe(t('scenario.admin-down.observe1'), () => expect(first.response.status).toBe(502));
    await run.observe(t('scenario.admin-down.observe2'), () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([
        [true, '[::1]', 'POST /api/employee/login HTTP/1.1'],
        [true, '127.0.0.1', 'POST /api/employee/login HTTP/1.1'],
      ]);
      expect(lines[0].conn).toBe(lines[1].conn);
    });
    run.step(t('scenario.admin-down.step1'));
    const second = await run.api.page('no-token');
    await run.observe(t('scenario.admin-down.observe3'), () => {
      expect(second.status).toBe(502);
      const last = run.errorLog().at(-1)!;
      expect(isNoLive(last)).toBe(true);
      expect(last.upstream).toBe('http://localhost/admin/employee/page?page=1&pageSize=10');
    });
    run.step(t('scenario.admin-down.step2'));
    const before = run.errorLog().length;
    await expect(async () => {
      await run.api.page('no-token');
      expect(run.errorLog().slice(before).some(isRefusal)).toBe(true);
    }).toPass({ intervals: [1000], timeout: run.within(11_000) });
    await run.observe(t('scenario.admin-down.observe4'), () => {
      const refusals = run.errorLog().slice(before).filter(isRefusal);
      expect(refusals.map(peerOf)).toEqual(['127.0.0.1', '[::1]']);
    });
    const page = await run.page();
    run.step(scenarioText('scenario.common.loginInBrowser'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-down.observe5'), async () => {
      await expectAdminUnreachable(page);
    });
  },
});
