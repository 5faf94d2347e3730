import { expect } from './steps/expect.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { ownStack } from './steps/own-stack.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.proxy-pass-mistakes.summary': 'proxy_pass pointing the right way in the wrong form: https:// to the admin server\'s plain-HTTP port (the TLS handshake fails), a unix socket that is not there; each request gets 502 with its line.',
    'scenario.proxy-pass-mistakes.step1': 'a stack on a conf with proxy_pass https://localhost:ADMIN/admin/ for /api/ and a unix socket for /ws/',
    'scenario.proxy-pass-mistakes.observe1': '502: "SSL_do_handshake() failed (SSL: ... wrong version number) while SSL handshaking to upstream"',
    'scenario.proxy-pass-mistakes.observe2': '502: connect() to unix:{socket} failed (2: No such file or directory)',
  },
  'zh-CN': {
    'scenario.proxy-pass-mistakes.summary': 'proxy_pass 指向对了，但写法错了：对后端服务的普通 HTTP 端口用 https://（TLS 握手失败），一个不存在的 unix socket；每个请求都得到 502 和对应的日志行。',
    'scenario.proxy-pass-mistakes.step1': '一个环境，配置里 /api/ 是 proxy_pass https://localhost:ADMIN/admin/，/ws/ 是一个 unix socket',
    'scenario.proxy-pass-mistakes.observe1': '502："SSL_do_handshake() failed (SSL: ... wrong version number) while SSL handshaking to upstream"',
    'scenario.proxy-pass-mistakes.observe2': '502，日志是 connect() to unix:{socket} failed (2: No such file or directory)',
  },
});

export default defineScenario({
  name: 'proxy-pass-mistakes',
  summary: t('scenario.proxy-pass-mistakes.summary'),
  // The embedded engine proxies to http:// hosts only.
  engines: ['nginx'],
  stack: false,
  diagnosis: { conditions: ['upstream-ssl', 'unix-socket-failed'] },
  observations: 2,
  seconds: 2,
  async steps(run) {
    // A unix socket's path has room for 107 bytes: a short one, never made (nginx only tries to connect to it).
    const socket = join(tmpdir(), `sky-server-${process.pid}-${Date.now()}.sock`);
    run.step(t('scenario.proxy-pass-mistakes.step1'));
    await ownStack(
      run,
      (p) => `worker_processes  1;
error_log  logs/error.log;
events {
    worker_connections  1024;
}
http {
    include       mime.types;
    server {
        listen       127.0.0.1:${p.proxy};
        server_name  localhost;
        location /api/ {
            proxy_pass https://localhost:${p.admin}/admin/;
        }
        location /ws/ {
            proxy_pass http://unix:${socket}:/ws/;
        }
        location / {
            return 200;
        }
    }
}
`,
    );
    run.step('POST /api/employee/login');
    const login = await run.api.login();
    await run.observe(t('scenario.proxy-pass-mistakes.observe1'), () => {
      expect(login.response.status).toBe(502);
      const e = run.errorLog().at(-1)!;
      expect(e.message).toMatch(/^SSL_do_handshake\(\) failed \(SSL: .*wrong version number/);
      expect(e.action).toBe('SSL handshaking to upstream');
    });
    run.step('GET /ws/abc');
    const ws = await run.api.send('GET', '/ws/abc');
    await run.observe(t('scenario.proxy-pass-mistakes.observe2', { socket }), () => {
      expect(ws.status).toBe(502);
      const e = run.errorLog().at(-1)!;
      expect([e.message, e.errno?.code]).toEqual([`connect() to unix:${socket} failed`, 2]);
    });
  },
});
