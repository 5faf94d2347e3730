import { expect } from './steps/expect.js';
import net from 'node:net';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { ownStack } from './steps/own-stack.js';
import type { Run } from '../harness/scenario-runner/runner.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.worker-limits.summary': 'A worker\'s limits reached: a location that proxies to nginx itself uses up worker_connections ("16 worker_connections are not enough"), and connections beyond its open-file limit are refused ("accept4() failed (24: Too many open files)").',
    'scenario.worker-limits.step1': 'a stack with worker_connections 16 whose /loop/ proxies to nginx itself; GET /loop/x',
    'scenario.worker-limits.observe1': '502, and nginx says "16 worker_connections are not enough"',
    'scenario.worker-limits.step2': 'another stack with worker_rlimit_nofile 24: 40 connections to it',
    'scenario.worker-limits.observe2': 'nginx says "accept4() failed (24: Too many open files)"',
  },
  'zh-CN': {
    'scenario.worker-limits.summary': 'worker 达到上限：一个把请求转发给 nginx 自己的 location 用光了 worker_connections（"16 worker_connections are not enough"），超过打开文件数上限的连接被拒绝（"accept4() failed (24: Too many open files)"）。',
    'scenario.worker-limits.step1': '一个 worker_connections 为 16 的环境，它的 /loop/ 转发给 nginx 自己；GET /loop/x',
    'scenario.worker-limits.observe1': '502，nginx 提示 "16 worker_connections are not enough"',
    'scenario.worker-limits.step2': '另一个 worker_rlimit_nofile 为 24 的环境：向它发 40 个连接',
    'scenario.worker-limits.observe2': 'nginx 提示 "accept4() failed (24: Too many open files)"',
  },
});

/** `n` connections to the proxy, each with `request` written; returns the function that closes them. */
async function hold(run: Run, n: number, request: string): Promise<() => void> {
  const sockets = Array.from({ length: n }, () => {
    const s = net.connect({ host: '127.0.0.1', port: run.stack.spec.proxyPort }, () => s.write(request));
    s.on('error', () => undefined);
    return s;
  });
  return () => sockets.forEach((s) => s.destroy());
}

const conf = (events: string, main = '', extra = '') => (p: { proxy: number; admin: number }) => `worker_processes  1;
${main}
error_log  logs/error.log;
events {
${events}
}
http {
    include       mime.types;
    server {
        listen       127.0.0.1:${p.proxy};
        location /api/ {
            proxy_pass http://localhost:${p.admin}/admin/;
        }
        location / {
            return 200;
        }
${extra.replace(/PORT/g, String(p.proxy))}
    }
}
`;

export default defineScenario({
  name: 'worker-limits',
  summary: t('scenario.worker-limits.summary'),
  // The embedded engine has no worker_rlimit_nofile (its worker_connections limit is in tests/conformance/worker-connections.spec.ts).
  engines: ['nginx'],
  stack: false,
  // The loop's innermost request, cut when nginx has no connection left for it, is reset too.
  diagnosis: { conditions: ['worker-connections', 'upstream-reset', 'too-many-open-files'] },
  observations: 2,
  seconds: 3,
  async steps(run) {
    run.step(t('scenario.worker-limits.step1'));
    await ownStack(run, conf('    worker_connections  16;', '', '        location /loop/ {\n            proxy_pass http://127.0.0.1:PORT/loop/;\n        }'));
    const looped = await run.api.send('GET', '/loop/x');
    await run.observe(t('scenario.worker-limits.observe1'), async () => {
      expect(looped.status).toBe(502);
      await expect.poll(() => run.errorLog().map((e) => e.message)).toContainEqual('16 worker_connections are not enough');
    });
    run.step(t('scenario.worker-limits.step2'));
    await ownStack(run, conf('    worker_connections  1024;', 'worker_rlimit_nofile  24;'));
    const release = await hold(run, 40, 'GET / HTTP/1.1\r\nHost: localhost\r\n');
    await run.observe(t('scenario.worker-limits.observe2'), () =>
      expect.poll(() => run.errorLog().map((e) => `${e.message} (${e.errno?.code}: ${e.errno?.text})`)).toContainEqual('accept4() failed (24: Too many open files)'),
    );
    release();
  },
});
