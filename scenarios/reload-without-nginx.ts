import { expect } from 'playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { findNginx } from '../harness/nginx/engine.js';
import { preparePrefix } from '../harness/stack/prefix.js';
import { renderConf } from '../harness/stack/render.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { t } from '../harness/i18n/index.js';

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
