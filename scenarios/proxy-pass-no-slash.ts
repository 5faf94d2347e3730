import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { ownStack } from './steps/own-stack.js';
import { userConf } from './steps/user-conf.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.proxy-pass-no-slash.summary': 'proxy_pass http://localhost:ADMIN/admin; without its trailing slash: nginx replaces "/api/" with "/admin", the admin server receives /adminemployee/login and answers 404. The error log has no line; the doctor, given the run\'s conf and access log, names the proxy_pass line and the URI the server received.',
    'scenario.proxy-pass-no-slash.step1': 'a stack on a conf whose /api/ location has proxy_pass http://localhost:ADMIN/admin; (no slash at the end)',
    'scenario.proxy-pass-no-slash.observe1': 'the login gets 404, and the error log has no line about it',
    'scenario.proxy-pass-no-slash.observe2': 'the admin server received /adminemployee/login',
  },
  'zh-CN': {
    'scenario.proxy-pass-no-slash.summary': 'proxy_pass http://localhost:ADMIN/admin; 结尾少了斜杠：nginx 把 "/api/" 换成 "/admin"，后端服务收到 /adminemployee/login，返回 404。error log 里没有日志；doctor 拿到这次运行的配置和 access log，能指出 proxy_pass 那一行和后端服务收到的 URI。',
    'scenario.proxy-pass-no-slash.step1': '一个环境，配置里 /api/ 的 location 是 proxy_pass http://localhost:ADMIN/admin;（结尾没有斜杠）',
    'scenario.proxy-pass-no-slash.observe1': '登录得到 404，error log 里没有相关的行',
    'scenario.proxy-pass-no-slash.observe2': '后端服务收到的是 /adminemployee/login',
  },
});

export default defineScenario({
  name: 'proxy-pass-no-slash',
  summary:
    t('scenario.proxy-pass-no-slash.summary'),
  stack: false,
  diagnosis: { conditions: ['proxy-pass-uri'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    run.step(t('scenario.proxy-pass-no-slash.step1'));
    const stack = await ownStack(run, (p) => userConf({ listen: p.proxy, proxyPass: `http://localhost:${p.admin}/admin`, root: defaultFrontendRoot }));
    run.step('POST /api/employee/login');
    const { response } = await run.api.login();
    await run.observe(t('scenario.proxy-pass-no-slash.observe1'), () => {
      expect(response.status).toBe(404);
      expect(run.errorLog().filter((e) => e.request?.includes(' /api/'))).toEqual([]);
    });
    await run.observe(t('scenario.proxy-pass-no-slash.observe2'), () => {
      expect(stack.adminShell!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual(['POST /adminemployee/login 404']);
    });
  },
});
