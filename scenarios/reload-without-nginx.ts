import { expect } from './steps/expect.js';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.reload-without-nginx.summary': '"nginx -s reload" in a folder whose nginx is not running (it was never started there, or has stopped): nginx finds no pid file, says open() "…/logs/nginx.pid" failed, and nothing is reloaded.',
    'scenario.reload-without-nginx.observe1': 'it fails (exit 1) and says: nginx: [error] open() "…/logs/nginx.pid" failed (2: No such file or directory)',
    'scenario.reload-without-nginx.observe2': 'its error.log has "signal process started", then the same line',
  },
  'zh-CN': {
    'scenario.reload-without-nginx.summary': '在 nginx 没有运行的目录里执行 "nginx -s reload"（从没在这里启动过，或已经停止）：nginx 找不到 pid 文件，提示 open() "…/logs/nginx.pid" failed，什么也没有重新加载。',
    'scenario.reload-without-nginx.observe1': '它失败了（退出码 1），提示：nginx: [error] open() "…/logs/nginx.pid" failed (2: No such file or directory)',
    'scenario.reload-without-nginx.observe2': '它的 error.log 里先是 "signal process started"，然后是同一行',
  },
});

export default defineScenario({
  name: 'reload-without-nginx',
  summary: t('scenario.reload-without-nginx.summary'),
  engines: ['nginx'],
  stack: false,
  diagnosis: { conditions: ['signal-failed'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    const prefix = resolve(run.o.dir, 'prefix');
    // Loaded when the steps run: `harness chaos list` reads the scenario without them.
    const [{ execa }, { findNginx }, { preparePrefix }, { renderConf }] = await Promise.all([import('execa'), import('../harness/nginx/engine.js'), import('../harness/stack/prefix.js'), import('../harness/stack/render.js')]);
    preparePrefix({ prefix, conf: { text: renderConf({ proxyPort: 8081, adminPort: 8080, frontendRoot: defaultFrontendRoot, workers: 1, localhost: 'implicit' }) } });
    run.followLogs(prefix);
    run.step('nginx -p PREFIX -e logs/error.log -s reload');
    const r = await execa(findNginx()!, ['-p', prefix, '-c', 'conf/nginx.conf', '-e', 'logs/error.log', '-s', 'reload'], { reject: false, all: true });
    run.note(`nginx | ${r.all}`);
    await run.observe(t('scenario.reload-without-nginx.observe1'), () => {
      expect(r.exitCode).toBe(1);
      expect(r.all).toContain(`nginx: [error] open() "${prefix}/logs/nginx.pid" failed (2: No such file or directory)`);
    });
    await run.observe(t('scenario.reload-without-nginx.observe2'), () => {
      const lines = readFileSync(join(prefix, 'logs', 'error.log'), 'utf8').split('\n').filter(Boolean);
      expect(lines.map((l) => l.replace(/^.*?\[(\w+)\] \d+#\d+: /, '[$1] '))).toEqual(['[notice] signal process started', `[error] open() "${prefix}/logs/nginx.pid" failed (2: No such file or directory)`]);
    });
  },
});
