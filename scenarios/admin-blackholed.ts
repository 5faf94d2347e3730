import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login } from './steps/browser.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-blackholed.summary': 'Connection attempts to the admin port get no answer at all (a firewall that drops packets, a paused VM): even the login (a POST: nothing was sent yet) waits proxy_connect_timeout on each loopback, then 504.',
    'scenario.admin-blackholed.step1': 'log in in the browser (proxy_connect_timeout 1s)',
    'scenario.admin-blackholed.observe1': 'after about 2 s (1 s on each loopback) the login says 504 Gateway Time-out',
    'scenario.admin-blackholed.observe2': 'two lines "upstream timed out ({errno}: ...) while connecting to upstream", one per loopback',
  },
  'zh-CN': {
    'scenario.admin-blackholed.summary': '连接后端服务端口时完全没有回应（防火墙丢包、虚拟机被暂停）：连登录（POST：请求还没发出）也要在每个回环地址上等待 proxy_connect_timeout，然后得到 504。',
    'scenario.admin-blackholed.step1': '在浏览器里登录（proxy_connect_timeout 1s）',
    'scenario.admin-blackholed.observe1': '大约 2 秒后（每个回环地址 1 秒），登录提示 504 Gateway Time-out',
    'scenario.admin-blackholed.observe2': '两行 "upstream timed out ({errno}: ...) while connecting to upstream"，每个回环地址一行',
  },
});

export default defineScenario({
  name: 'admin-blackholed',
  summary: t('scenario.admin-blackholed.summary'),
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { proxyConnectTimeout: '1s' } }),
  faults: ['admin.blackhole'],
  diagnosis: { conditions: ['upstream-connect-timeout'] },
  observations: 2,
  seconds: 6,
  async steps(run) {
    const errno = run.os === 'windows' ? 10060 : 110;
    await run.fault('admin.blackhole');
    const page = await run.page();
    run.step(t('scenario.admin-blackholed.step1'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-blackholed.observe1'), async () => {
      await expectFailure(page, { kind: 'status', status: 504, request: /^POST \/api\/employee\/login/ });
      const ms = Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'));
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(run.within(2000));
    });
    await run.observe(t('scenario.admin-blackholed.observe2', { errno }), () => {
      const lines = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(lines.map((e) => [e.errno?.code, e.action, e.request])).toEqual([
        [errno, 'connecting to upstream', 'POST /api/employee/login HTTP/1.1'],
        [errno, 'connecting to upstream', 'POST /api/employee/login HTTP/1.1'],
      ]);
    });
  },
});
