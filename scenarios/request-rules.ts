import { expect } from './steps/expect.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { ownStack } from './steps/own-stack.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.request-rules.summary': 'Rules of a user\'s conf that answer requests themselves, each with its line: limit_req refusing a burst of logins (503), a deny all (403), a folder without index.html (403), try_files that loops on a missing index.html (500).',
    'scenario.request-rules.step1': 'a stack on a conf with limit_req on the login, deny all on /api/report/, try_files for /app/',
    'scenario.request-rules.step2': 'two logins in a row',
    'scenario.request-rules.observe1': 'the second gets 503: "limiting requests, excess: … by zone "login""',
    'scenario.request-rules.observe2': '403 Forbidden: "access forbidden by rule"',
    'scenario.request-rules.step3': 'GET /img/ (a folder without index.html)',
    'scenario.request-rules.observe3': '403 Forbidden: "directory index of ".../img/" is forbidden"',
    'scenario.request-rules.step4': 'GET /app/orders (try_files falls back to /app/index.html, which is not there)',
    'scenario.request-rules.observe4': '500: "rewrite or internal redirection cycle while internally redirecting to "/app/index.html""',
  },
  'zh-CN': {
    'scenario.request-rules.summary': '用户配置里自己响应请求的规则，每个都有对应的日志行：limit_req 拒绝连续登录（503）、deny all（403）、没有 index.html 的目录（403）、因 index.html 不存在而循环的 try_files（500）。',
    'scenario.request-rules.step1': '一个环境，配置里登录有 limit_req，/api/report/ 是 deny all，/app/ 用 try_files',
    'scenario.request-rules.step2': '连续登录两次',
    'scenario.request-rules.observe1': '第二次得到 503："limiting requests, excess: … by zone "login""',
    'scenario.request-rules.observe2': '403 Forbidden："access forbidden by rule"',
    'scenario.request-rules.step3': 'GET /img/（一个没有 index.html 的目录）',
    'scenario.request-rules.observe3': '403 Forbidden："directory index of ".../img/" is forbidden"',
    'scenario.request-rules.step4': 'GET /app/orders（try_files 退回到 /app/index.html，但它不存在）',
    'scenario.request-rules.observe4': '500："rewrite or internal redirection cycle while internally redirecting to "/app/index.html""',
  },
});

export default defineScenario({
  name: 'request-rules',
  summary: t('scenario.request-rules.summary'),
  // The embedded engine reads a subset of nginx.conf without limit_req, deny, try_files.
  engines: ['nginx'],
  stack: false,
  diagnosis: { conditions: ['rate-limited', 'access-denied-rule', 'directory-index-forbidden', 'rewrite-cycle'] },
  observations: 4,
  seconds: 2,
  async steps(run) {
    const root = resolve(run.o.dir, 'site');
    mkdirSync(join(root, 'img'), { recursive: true });
    mkdirSync(join(root, 'app'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<h1>sky</h1>\n');
    run.step(t('scenario.request-rules.step1'));
    await ownStack(
      run,
      (p) => `worker_processes  1;
error_log  logs/error.log;
events {
    worker_connections  1024;
}
http {
    include       mime.types;
    limit_req_zone $binary_remote_addr zone=login:1m rate=1r/m;
    server {
        listen       127.0.0.1:${p.proxy};
        server_name  localhost;
        root ${root};
        location = /api/employee/login {
            limit_req zone=login;
            proxy_pass http://localhost:${p.admin}/admin/employee/login;
        }
        location /api/report/ {
            deny all;
        }
        location /api/ {
            proxy_pass http://localhost:${p.admin}/admin/;
        }
        location /app/ {
            try_files $uri $uri/ /app/index.html;
        }
    }
}
`,
    );
    const lines = () => run.errorLog().map((e) => e.message);
    run.step(t('scenario.request-rules.step2'));
    const first = await run.api.login();
    const second = await run.api.login();
    await run.observe(t('scenario.request-rules.observe1'), () => {
      expect([first.response.status, second.response.status]).toEqual([200, 503]);
      expect(lines().at(-1)).toMatch(/^limiting requests, excess: [\d.]+ by zone "login"$/);
    });
    run.step('GET /api/report/turnoverStatistics');
    const report = await run.api.send('GET', '/api/report/turnoverStatistics');
    await run.observe(t('scenario.request-rules.observe2'), () => {
      expect(report.status).toBe(403);
      expect(lines().at(-1)).toBe('access forbidden by rule');
    });
    run.step(t('scenario.request-rules.step3'));
    const img = await run.api.send('GET', '/img/');
    await run.observe(t('scenario.request-rules.observe3'), () => {
      expect(img.status).toBe(403);
      expect(lines().at(-1)).toBe(`directory index of "${join(root, 'img')}/" is forbidden`);
    });
    run.step(t('scenario.request-rules.step4'));
    const app = await run.api.send('GET', '/app/orders');
    await run.observe(t('scenario.request-rules.observe4'), () => {
      expect(app.status).toBe(500);
      const cycle = run.errorLog().at(-1)!;
      expect([cycle.message, cycle.action]).toEqual(['rewrite or internal redirection cycle', 'internally redirecting to "/app/index.html"']);
    });
  },
});
