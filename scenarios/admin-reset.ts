import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, expectPage, login, logout, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-reset.summary': 'The admin server resets a connection once it has read the request (it crashed mid-request): a GET is tried again on the other loopback and the page still loads; a login (a POST) is not, and gets 502.',
    'scenario.admin-reset.observe1': 'page 2 shows: nginx tried the reset GET again on the other loopback, which answered',
    'scenario.admin-reset.observe2': 'one line for it: {recv} while reading response header from upstream',
    'scenario.admin-reset.observe3': 'the login gets 502 Bad Gateway: a POST that was sent is not tried on the other loopback',
    'scenario.admin-reset.observe4': 'one more line, for the POST',
  },
  'zh-CN': {
    'scenario.admin-reset.summary': '后端服务读完请求后重置连接（请求处理中崩溃）：GET 会在另一个回环地址上重试，页面仍能加载；登录（POST）不会重试，得到 502。',
    'scenario.admin-reset.observe1': '第 2 页显示出来了：nginx 把被重置的 GET 在另一个回环地址上重试，那边响应了',
    'scenario.admin-reset.observe2': '它有一行日志：{recv} while reading response header from upstream',
    'scenario.admin-reset.observe3': '登录得到 502 Bad Gateway：已经发出的 POST 不会在另一个回环地址上重试',
    'scenario.admin-reset.observe4': 'POST 又多一行日志',
  },
});

export default defineScenario({
  name: 'admin-reset',
  summary: t('scenario.admin-reset.summary'),
  profiles: ['linux', 'windows'],
  faults: ['admin.reset'],
  diagnosis: { conditions: ['upstream-reset'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 5,
  async steps(run) {
    const recv = run.os === 'windows' ? 'WSARecv() failed (10054: An existing connection was forcibly closed by the remote host)' : 'recv() failed (104: Connection reset by peer)';
    const lines = () => run.errorLog().map((e) => `${e.message} (${e.errno?.code}: ${e.errno?.text}) while ${e.action} [${e.request?.split(' ')[0]}]`);
    const page = await pageTwoUnder(run, 'admin.reset --path /admin/employee/page --times 1');
    await run.observe(t('scenario.admin-reset.observe1'), async () => {
      await expectPage(page, 2, 10);
      const tries = run.stack.adminShell!.journal.filter((e) => e.url.startsWith('/admin/employee/page?page=2'));
      expect(tries.map((e) => e.faults?.[0] ?? 'answered')).toEqual(['admin.reset --path /admin/employee/page --times 1', 'answered']);
      expect(new Set(tries.map((e) => e.localAddress)).size).toBe(2);
    });
    await run.observe(t('scenario.admin-reset.observe2', { recv }), () => {
      expect(lines()).toEqual([`${recv} while reading response header from upstream [GET]`]);
    });
    await run.fault('admin.reset --path /admin/employee/login');
    run.step(scenarioText('scenario.common.loginAgain'));
    await logout(page);
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-reset.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^POST \/api\/employee\/login/ });
      expect(run.stack.adminShell!.journal.filter((e) => e.url === '/admin/employee/login' && e.faults)).toHaveLength(1);
    });
    await run.observe(t('scenario.admin-reset.observe4'), () => {
      expect(lines()).toEqual([`${recv} while reading response header from upstream [GET]`, `${recv} while reading response header from upstream [POST]`]);
    });
  },
});
