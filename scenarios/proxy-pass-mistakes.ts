import { expect } from 'playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { ownStack } from './steps/own-stack.js';
import { t } from '../harness/i18n/index.js';

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
