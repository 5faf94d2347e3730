// `harness chaos run NAME` with no --proxy or --os: a scenario that needs real nginx, or is about the
// Windows profile, gets it by itself; a choice the user made that cannot run is refused with only the
// flags to change; no nginx installed is said plainly, in the user's language.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { distFile } from '../../harness/paths.js';
import { findNginx } from '../../harness/nginx/engine.js';

async function chaosRun(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = await execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'run', ...args, '--lang', 'zh-CN'], { reject: false, all: true, timeout: 60_000, env });
  return { code: r.exitCode, all: r.all ?? '' };
}

test('a scenario that needs nginx runs on nginx without --proxy', async ({}, testInfo) => {
  test.skip(!findNginx(), 'no nginx installed here (the next test covers that case)');
  test.setTimeout(60_000);
  const r = await chaosRun(['request-rules', '--out', testInfo.outputPath('run')]);
  expect(r.code, r.all).toBe(0);
  expect(r.all).toContain('  nginx 引擎，linux 系统；');
  expect(r.all).toMatch(/\n全部通过：(\d+)\/\1 项检查/);
});

test('no nginx installed: the scenario says it needs real nginx and how to get it, exit 1', async ({}, testInfo) => {
  const r = await chaosRun(['request-rules', '--out', testInfo.outputPath('run')], { HARNESS_NGINX: testInfo.outputPath('no-nginx') });
  expect(r.code).toBe(1);
  expect(r.all.trim().split('\n').at(-1)).toMatch(/^harness: request-rules 需要真实的 nginx：nginx 没有安装：运行 `.*`（或者运行 `npx harness setup`/);
  expect(r.all).not.toMatch(/^\s+at /m);
});

test('a scenario about the Windows profile runs on it without --os; a choice that cannot run names only the flag to change', async ({}, testInfo) => {
  const windows = await chaosRun(['excluded-port', '--out', testInfo.outputPath('windows')]);
  expect(windows.code, windows.all).toBe(0);
  expect(windows.all).toContain('  embedded 引擎，windows 系统；');
  const embedded = await chaosRun(['request-rules', '--proxy', 'embedded', '--out', testInfo.outputPath('embedded')]);
  expect([embedded.code, embedded.all.trim().split('\n').at(-1)]).toEqual([2, 'harness: request-rules 需要 nginx 引擎。请加上 --proxy nginx 再运行。']);
  const linux = await chaosRun(['excluded-port', '--os', 'linux', '--out', testInfo.outputPath('linux')]);
  expect([linux.code, linux.all.trim().split('\n').at(-1)]).toEqual([2, 'harness: excluded-port 针对的是 windows 系统。请加上 --os windows 再运行。']);
});
