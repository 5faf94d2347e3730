import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-error-status.summary': 'The admin server answers with an error status of its own (a 500 from an exception, a 503 while it starts): nginx passes it on as it came and logs nothing; only the access log and the browser show it.',
    'scenario.admin-error-status.observe1': 'the page says 500 Internal Server Error: an error of the admin server',
    'scenario.admin-error-status.observe2': 'the browser got the admin server\'s own error JSON, passed on by nginx',
    'scenario.common.reload': '查询 (reload the list)',
    'scenario.admin-error-status.observe3': 'the page says 503',
    'scenario.admin-error-status.observe4': 'nginx logged nothing: an error status is an answer, not a failure of the upstream',
  },
  'zh-CN': {
    'scenario.admin-error-status.summary': '后端服务自己返回错误状态码（异常导致的 500，启动中的 503）：nginx 原样转发，不记录日志；只有 access log 和浏览器能看到。',
    'scenario.admin-error-status.observe1': '页面提示 500 Internal Server Error：后端服务的错误',
    'scenario.admin-error-status.observe2': '浏览器收到后端服务自己的错误 JSON，由 nginx 原样转发',
    'scenario.common.reload': '点 查询（重新加载列表）',
    'scenario.admin-error-status.observe3': '页面提示 503',
    'scenario.admin-error-status.observe4': 'nginx 没有记录日志：错误状态码也是响应，不是上游故障',
  },
});

export default defineScenario({
  name: 'admin-error-status',
  summary: t('scenario.admin-error-status.summary'),
  faults: ['admin.status'],
  diagnosis: { conditions: [] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 6,
  async steps(run) {
    const page = await pageTwoUnder(run, 'admin.status 500 --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-error-status.observe1'), async () => {
      await expectFailure(page, { kind: 'status', status: 500, request: /^GET \/api\/employee\/page\?page=2/ });
      await expect(page.getByTestId('http-error')).toContainText('the admin server hit an internal error');
    });
    await run.observe(t('scenario.admin-error-status.observe2'), async () => {
      const r = await run.api.page('no-token', 1);
      expect(r.status).toBe(401); // the fault acted once: the next request is the admin server's usual answer
      expect(run.accessLog().map((e) => [e.request.split(' ')[1].replace(/\?.*/, ''), e.status])).toContainEqual(['/api/employee/page', 500]);
    });
    await run.fault('admin.status 503 --path /admin/employee/page --times 1');
    run.step(t('scenario.common.reload'));
    await page.getByTestId('employee-search-button').click();
    await run.observe(t('scenario.admin-error-status.observe3'), () => expectFailure(page, { kind: 'status', status: 503, request: /^GET \/api\/employee\/page/ }));
    await run.observe(t('scenario.admin-error-status.observe4'), () => expect(run.errorLines()).toEqual([]));
  },
});
