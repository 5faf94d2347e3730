import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { isRefusal, peerOf } from './steps/logs.js';
import { loginThenPages } from './steps/api.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-ipv6-only.summary': 'The admin server listens on ::1 only: the first request goes to [::1] unlogged; the second is round-robined to 127.0.0.1, refused, logged and retried on [::1].',
    'scenario.admin-ipv6-only.observe1': 'only the second request logs a refusal, of 127.0.0.1',
    'scenario.admin-ipv6-only.observe2': 'the admin server saw every request on ::1',
  },
  'zh-CN': {
    'scenario.admin-ipv6-only.summary': '后端服务只监听 ::1：第一个请求发到 [::1]，没有日志；第二个被轮询到 127.0.0.1，连接被拒绝，记录日志后在 [::1] 上重试。',
    'scenario.admin-ipv6-only.observe1': '只有第二个请求记录了连接被拒绝，是 127.0.0.1',
    'scenario.admin-ipv6-only.observe2': '后端服务在 ::1 上收到了每个请求',
  },
});

export default defineScenario({
  name: 'admin-ipv6-only',
  summary: t('scenario.admin-ipv6-only.summary'),
  stack: () => ({ admin: 'ipv6' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'listens-ipv6-only' },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const statuses = await loginThenPages(run, 3);
    await run.observe(scenarioText('scenario.common.allSucceed'), () => expect(statuses).toEqual([200, 200, 200, 200]));
    await run.observe(t('scenario.admin-ipv6-only.observe1'), () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([[true, '127.0.0.1', 'GET /api/employee/page?page=1&pageSize=10 HTTP/1.1']]);
    });
    await run.observe(t('scenario.admin-ipv6-only.observe2'), () => {
      expect(run.stack.adminShell!.journal.map((e) => e.localAddress)).toEqual(['::1', '::1', '::1', '::1']);
    });
  },
});
