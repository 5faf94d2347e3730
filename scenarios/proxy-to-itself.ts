import { expect } from './steps/expect.js';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, login } from './steps/browser.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.proxy-to-itself.summary': 'nginx listens on the port its proxy_pass names (the admin server\'s 8080 taken by nginx itself): /api requests come back to nginx as /admin/... files, which do not exist: the login gets 404.',
    'scenario.proxy-to-itself.step1': 'a stack whose proxy listens on {port} and proxies /api/ to localhost:{port} (no admin server)',
    'scenario.proxy-to-itself.observe1': 'the login gets 404 Not Found',
    'scenario.proxy-to-itself.observe2': 'nginx logs its own proxied request, "POST /admin/employee/login HTTP/1.0", looked up as a file',
  },
  'zh-CN': {
    'scenario.proxy-to-itself.summary': 'nginx 监听的正是它 proxy_pass 指向的端口（后端服务的 8080 被 nginx 自己占了）：/api 请求回到 nginx，变成查找 /admin/... 文件，而这些文件不存在：登录得到 404。',
    'scenario.proxy-to-itself.step1': '一个环境，反向代理监听 {port}，并把 /api/ 转发到 localhost:{port}（没有后端服务）',
    'scenario.proxy-to-itself.observe1': '登录得到 404 Not Found',
    'scenario.proxy-to-itself.observe2': 'nginx 记录了自己转发的请求 "POST /admin/employee/login HTTP/1.0"，被当作文件查找',
  },
});

export default defineScenario({
  name: 'proxy-to-itself',
  summary: t('scenario.proxy-to-itself.summary'),
  stack: false,
  diagnosis: { conditions: ['proxy-loop'] },
  observations: 2,
  seconds: 5,
  async steps(run) {
    const port = await getPort({ host: '127.0.0.1' });
    run.step(t('scenario.proxy-to-itself.step1', { port }));
    await run.startStack({ proxyPort: port, adminPort: port, admin: 'external' });
    const page = await run.page();
    run.step(scenarioText('scenario.common.loginInBrowser'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.proxy-to-itself.observe1'), () => expectFailure(page, { kind: 'status', status: 404, request: /^POST \/api\/employee\/login/ }));
    await run.observe(t('scenario.proxy-to-itself.observe2'), () => {
      const own = run.errorLog().filter((e) => e.request === 'POST /admin/employee/login HTTP/1.0');
      expect(own).toHaveLength(1);
      expect(own[0].message).toMatch(/^(open|CreateFile)\(\) ".*\/admin\/employee\/login" failed$/);
    });
  },
});
