import { expect } from './steps/expect.js';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.file-unreadable.summary': 'A front-end file nginx\'s workers may not read (copied as root with mode 600, or kept by another user): the browser gets 403 Forbidden for it and nginx logs open() ... failed (13: Permission denied).',
    'scenario.file-unreadable.step1': 'a stack serving a copy of the front end whose style.css its workers may not read',
    'scenario.file-unreadable.step2': 'open the front end in the browser',
    'scenario.file-unreadable.observe1': 'the browser gets 403 Forbidden for style.css (the page shows without its style)',
    'scenario.file-unreadable.observe2': 'nginx logs open() "…/style.css" failed (13: Permission denied)',
  },
  'zh-CN': {
    'scenario.file-unreadable.summary': 'nginx 的 worker 没有权限读取的前端文件（用 root 复制、权限 600，或属于别的用户）：浏览器得到它的 403 Forbidden，nginx 记录 open() ... failed (13: Permission denied)。',
    'scenario.file-unreadable.step1': '一个环境，提供前端的副本，其中 style.css 它的 worker 没有权限读取',
    'scenario.file-unreadable.step2': '在浏览器里打开前端',
    'scenario.file-unreadable.observe1': '浏览器得到 style.css 的 403 Forbidden（页面显示出来但没有样式）',
    'scenario.file-unreadable.observe2': 'nginx 记录 open() "…/style.css" failed (13: Permission denied)',
  },
});

export default defineScenario({
  name: 'file-unreadable',
  summary: t('scenario.file-unreadable.summary'),
  // The embedded engine's workers run as the user who started it: as root they read any file.
  engines: ['nginx'],
  stack: false,
  diagnosis: { conditions: ['access-denied'] },
  observations: 2,
  seconds: 4,
  async steps(run) {
    // Outside the checkout, in a folder the workers may enter: the checkout may be in a private
    // folder (mode 0700), where nobody could not reach even the files it may read.
    const folder = mkdtempSync(join(tmpdir(), 'harness-file-unreadable-'));
    chmodSync(folder, 0o755);
    const root = join(folder, 'frontend');
    try {
      cpSync(defaultFrontendRoot, root, { recursive: true });
      chmodSync(root, 0o755);
      // Real nginx's workers run as nobody when the master is root: mode 600 keeps them out; a plain user's nginx, 000.
      chmodSync(join(root, 'style.css'), process.getuid?.() === 0 ? 0o600 : 0o000);
      run.step(t('scenario.file-unreadable.step1'));
      // As root, harness up runs nginx's workers as the user who started it (root reads any file): here they run as nobody, as a plain nginx's would.
      await run.startStack({ frontendRoot: root, conf: process.getuid?.() === 0 ? { user: 'nobody nogroup' } : {} });
      const page = await run.page();
      const css = page.waitForResponse((r) => r.url().endsWith('/style.css'));
      run.step(t('scenario.file-unreadable.step2'));
      await page.goto(run.stack.url);
      await run.observe(t('scenario.file-unreadable.observe1'), async () => expect((await css).status()).toBe(403));
      await run.observe(t('scenario.file-unreadable.observe2'), () => {
        expect(run.errorLines().filter((l) => l.includes('style.css'))).toEqual([expect.stringContaining(`open() "${join(root, 'style.css')}" failed (13: Permission denied), client: `)]);
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
});
