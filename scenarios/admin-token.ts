import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-token.summary': 'The admin API without a token, then with one the admin server did not sign: each gets the admin server\'s 401, nginx logs nothing, and the doctor reads the 401s from the access log.',
    'scenario.admin-token.step1': 'GET /api/employee/page with no "token" header',
    'scenario.admin-token.observe1': '401 from the admin server, and no error line: an answer, not a failure',
    'scenario.admin-token.step2': 'GET /api/employee/page with a token the admin server did not sign',
    'scenario.admin-token.observe2': '401 again, and both are in the access log',
  },
  'zh-CN': {
    'scenario.admin-token.summary': '先不带 token 调用管理端接口，再带一个后端服务没有签发过的 token：每次都得到后端服务的 401，nginx 不记录日志，doctor 从 access log 里读出这些 401。',
    'scenario.admin-token.step1': 'GET /api/employee/page，不带 "token" 请求头',
    'scenario.admin-token.observe1': '后端服务返回 401，没有错误日志：这是响应，不是故障',
    'scenario.admin-token.step2': 'GET /api/employee/page，带一个后端服务没有签发过的 token',
    'scenario.admin-token.observe2': '又是 401，两次都在 access log 里',
  },
});

export default defineScenario({
  name: 'admin-token',
  summary: t('scenario.admin-token.summary'),
  diagnosis: { conditions: [], harmless: ['admin-unauthorized'] },
  observations: 2,
  seconds: 2,
  async steps(run) {
    run.step(t('scenario.admin-token.step1'));
    const none = await run.api.send('GET', '/api/employee/page?page=1&pageSize=10');
    await run.observe(t('scenario.admin-token.observe1'), () => {
      expect(none.status).toBe(401);
      expect(run.errorLines()).toEqual([]);
    });
    run.step(t('scenario.admin-token.step2'));
    const forged = await run.api.page('eyJhbGciOiJIUzI1NiJ9.eyJlbXBJZCI6MX0.bm90LXNpZ25lZA', 1);
    await run.observe(t('scenario.admin-token.observe2'), async () => {
      expect(forged.status).toBe(401);
      // nginx writes the access line once the answer is sent: it may come just after the browser has it.
      await expect.poll(() => run.accessLog().filter((e) => e.status === 401).length).toBe(2);
    });
  },
});
