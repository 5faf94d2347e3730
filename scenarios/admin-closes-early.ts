import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login, logout, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { whileLines } from './steps/logs.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-closes-early.summary': 'The admin server closes connections early (it crashed, or was restarted mid-request): an answer cut after its head reaches the browser as a 200 whose body never completes; a login closed before any answer gets 502, not retried.',
    'scenario.admin-closes-early.observe1': 'the browser gets the head and 20 bytes of the list, then the connection ends: the page says the request failed',
    'scenario.admin-closes-early.observe2': 'nginx logs "upstream prematurely closed connection while reading upstream"',
    'scenario.admin-closes-early.observe3': 'the login gets 502 Bad Gateway, tried on one loopback only',
    'scenario.admin-closes-early.observe4': 'nginx logs "upstream prematurely closed connection while reading response header from upstream" for it',
  },
  'zh-CN': {
    'scenario.admin-closes-early.summary': '后端服务提前关闭连接（请求处理中崩溃或被重启）：响应头之后被截断的响应，到浏览器是一个响应体永远不完整的 200；还没响应就被关闭的登录得到 502，不会重试。',
    'scenario.admin-closes-early.observe1': '浏览器收到响应头和列表的 20 个字节，然后连接断开：页面提示请求失败',
    'scenario.admin-closes-early.observe2': 'nginx 记录 "upstream prematurely closed connection while reading upstream"',
    'scenario.admin-closes-early.observe3': '登录得到 502 Bad Gateway，只在一个回环地址上试过',
    'scenario.admin-closes-early.observe4': 'nginx 为它记录 "upstream prematurely closed connection while reading response header from upstream"',
  },
});

export default defineScenario({
  name: 'admin-closes-early',
  summary: t('scenario.admin-closes-early.summary'),
  faults: ['admin.truncate', 'admin.close'],
  diagnosis: { conditions: ['upstream-closed'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 6,
  async steps(run) {
    const lines = () => whileLines(run);
    const page = await pageTwoUnder(run, 'admin.truncate 20 --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-closes-early.observe1'), async () => {
      await expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=2/ });
      await expect.poll(() => run.accessLog().map((e) => [e.request.split(' ')[0], e.status, e.bodyBytesSent])).toContainEqual(['GET', 200, 20]);
    });
    await run.observe(t('scenario.admin-closes-early.observe2'), () => {
      expect(lines()).toEqual(['upstream prematurely closed connection while reading upstream [GET]']);
    });
    await run.fault('admin.close --path /admin/employee/login');
    run.step(scenarioText('scenario.common.loginAgain'));
    await logout(page);
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-closes-early.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ });
      expect(run.stack.adminShell!.journal.filter((e) => e.url === '/admin/employee/login' && e.faults)).toHaveLength(1);
    });
    await run.observe(t('scenario.admin-closes-early.observe4'), () => {
      expect(lines().at(-1)).toBe('upstream prematurely closed connection while reading response header from upstream [POST]');
    });
  },
});
