import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { isRefusal, peerOf } from './steps/logs.js';
import { loginThenPages } from './steps/api.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-ipv4-only.summary': 'The admin server listens on 127.0.0.1 only: the first request logs one refusal of [::1] and still succeeds; the next ones skip [::1] silently for the fail window.',
    'scenario.admin-ipv4-only.observe1': 'only the first request logs a refusal, of [::1]',
    'scenario.admin-ipv4-only.observe2': 'the admin server saw every request on 127.0.0.1',
  },
  'zh-CN': {
    'scenario.admin-ipv4-only.summary': '后端服务只监听 127.0.0.1：第一个请求记录一次 [::1] 连接被拒绝，但仍然成功；在失败窗口内之后的请求悄悄跳过 [::1]。',
    'scenario.admin-ipv4-only.observe1': '只有第一个请求记录了连接被拒绝，是 [::1]',
    'scenario.admin-ipv4-only.observe2': '后端服务在 127.0.0.1 上收到了每个请求',
  },
});

export default defineScenario({
  name: 'admin-ipv4-only',
  summary: t('scenario.admin-ipv4-only.summary'),
  stack: () => ({ admin: 'ipv4' }),
  diagnosis: { conditions: ['upstream-refused'], verdict: 'listens-ipv4-only' },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const statuses = await loginThenPages(run, 3);
    await run.observe(scenarioText('scenario.common.allSucceed'), () => expect(statuses).toEqual([200, 200, 200, 200]));
    await run.observe(t('scenario.admin-ipv4-only.observe1'), () => {
      const lines = run.errorLog();
      expect(lines.map((e) => [isRefusal(e), peerOf(e), e.request])).toEqual([[true, '[::1]', 'POST /api/employee/login HTTP/1.1']]);
    });
    await run.observe(t('scenario.admin-ipv4-only.observe2'), () => {
      expect(run.stack.adminShell!.journal.map((e) => e.localAddress)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
    });
  },
});
