// `harness chaos inject` changes what a browser on a running `harness up`
// stack sees, and `harness chaos restore` puts it back. The commands a developer types, against
// the stack the `harness up` command runs, with Chromium on the URL it printed.
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { distFile } from '../../harness/paths.js';
import { harnessUp } from '../support/harness-up.js';
import { login, expectPage } from '../../scenarios/steps/browser.js';

const chaos = (prefix: string, ...args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'chaos', ...args, '--prefix', prefix], { reject: false });

test('chaos inject admin.stop: the open page shows the 502; chaos restore: it works again after the fail window', { tag: '@admin-flapping' }, async ({ page, engine }, testInfo) => {
  // The proxy keeps a failed peer down for fail_timeout (10 s), as nginx does: that wait is the subject.
  test.setTimeout(60_000);
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  try {
    await login(page, `http://localhost:${up.port}/`);
    await expectPage(page, 1, 10);
    const banner = page.getByTestId('http-error');
    await expect(banner).toBeHidden();

    const injected = await chaos(up.prefix, 'inject', 'admin.stop');
    expect(injected.exitCode, injected.stderr).toBe(0);
    expect(injected.stdout).toContain('admin.stop applied');
    await page.getByRole('button', { name: '下一页' }).click();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('502 Bad Gateway');

    const restored = await chaos(up.prefix, 'restore');
    expect(restored.exitCode, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('restored: undid admin.stop');
    // 查询 reloads the page shown; once the fail window has passed, it answers again.
    await expect(async () => {
      await page.getByTestId('employee-search-button').click();
      await expect(banner).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 20_000, intervals: [500] });
    await expectPage(page, 1, 10);
    expect(up.output.join('\n')).toContain('chaos: restored (admin.stop)');
  } finally {
    up.child.kill('SIGINT');
    await up.child;
  }
});

test('chaos inject admin.status 503, then 502: the page says the admin server answered each, not the proxy', async ({ page, engine }, testInfo) => {
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  try {
    await login(page, `http://localhost:${up.port}/`);
    await expectPage(page, 1, 10);
    const banner = page.getByTestId('http-error');
    for (const code of [503, 502]) {
      const injected = await chaos(up.prefix, 'inject', 'admin.status', String(code), '--path', '/admin/employee/page', '--times', '1');
      expect(injected.exitCode, injected.stderr).toBe(0);
      await page.getByTestId('employee-search-button').click();
      await expect(banner).toHaveAttribute('data-status', String(code));
      await expect(banner).toHaveAttribute('data-answered-by', 'server');
      await expect(banner).toContainText(`（后端服务自己回答了 ${code}，反向代理只是原样转发：请查看后端日志）`);
      await expect(banner).toContainText(`— the admin server answered ${code} itself and the proxy passed it on`);
      await expect(banner).not.toContainText('nginx');
      await expect(page.getByTestId('toast').filter({ hasText: `请求出错了：后端服务返回了 ${code} ` })).toBeVisible();
    }
  } finally {
    up.child.kill('SIGINT');
    await up.child;
  }
});
