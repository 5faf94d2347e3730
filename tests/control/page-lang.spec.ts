// The control page in the stack's language: `harness up --lang zh-CN` serves a Chinese page to a
// browser set to English (the stack's language wins over the browser's), with the faults' forms,
// their answers and the panels in Chinese; a stack in English serves English to a Chinese browser.
import { test, expect } from '../fixtures.js';
import type { Up } from '../support/harness-up.js';
import { upWithControl, openControl } from '../support/control-page.js';

let up: Up | undefined;

test.afterEach(async () => {
  up?.child.kill('SIGINT');
  await up?.child;
  up = undefined;
});

test.describe('a browser set to English', () => {
  test.use({ locale: 'en-US' });

  test('harness up --lang zh-CN: the page, a fault injected from its form, a bad value and the restore, all in Chinese', async ({ page, engine }, testInfo) => {
    testInfo.skip(engine !== 'embedded', 'the page\'s words are the harness\'s, whichever engine runs');
    up = await upWithControl(engine, testInfo.outputPath('up'), ['--lang', 'zh-CN']);
    await openControl(page, up);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle('harness · 控制页');
    await expect(page.locator('#connection')).toHaveText('已连接');
    await expect(page.getByTestId('uptime')).toHaveText(/^\d+ 秒$/);
    await expect(page.locator('#faults-title')).toHaveText('故障');
    await expect(page.locator('#timeline-title')).toHaveText('时间线');
    await expect(page.getByTestId('admin-mode')).toHaveText('在两个回环地址上监听');
    await expect(page.getByRole('link', { name: '打开前端 ↗' })).toBeVisible();
    await expect(page.locator('#timeline-legend')).toContainText('检查成立');

    const stop = page.getByTestId('fault-admin.stop');
    await expect(stop.locator('p.summary')).toHaveText('后端服务在两个回环地址上都停止监听：每个 /api 请求都被拒绝连接，随后是 "no live upstreams"。');
    await stop.locator('summary').click();
    await stop.getByRole('button', { name: '施加故障' }).click();
    await expect(stop.locator('.result')).toHaveText(/^已施加 admin\.stop：后端服务在两个回环地址上都停止监听/);
    await expect(page.getByTestId('admin-mode')).toHaveText('没有监听（down）');

    // A bad value: the harness's own check, in its language, word for word in the form.
    const status = page.getByTestId('fault-admin.status');
    await status.locator('summary').click();
    await expect(status.getByText('返回的 HTTP 状态码（400–599）')).toBeVisible();
    await status.locator('[name="code"]').fill('200');
    await status.getByRole('button', { name: '施加故障' }).click();
    await expect(status.locator('.result')).toHaveText(/^admin\.status "200"：CODE 是返回的 HTTP 状态码，400 到 599 之间的整数；例如 500。/);

    await page.getByTestId('restore').click();
    await expect(page.locator('#restore-result')).toHaveText('已恢复：撤销了 admin.stop');
    await expect(page.getByTestId('applied')).toHaveText('无');
  });
});

test.describe('a browser set to Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('harness up in English (HARNESS_LANG=en): the page is in English, whatever the browser\'s language', async ({ page, engine }, testInfo) => {
    testInfo.skip(engine !== 'embedded', 'the page\'s words are the harness\'s, whichever engine runs');
    up = await upWithControl(engine, testInfo.outputPath('up'));
    await openControl(page, up);
    expect(await page.evaluate(() => navigator.language)).toBe('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#faults-title')).toHaveText('Faults');
    await expect(page.getByTestId('admin-mode')).toHaveText('listening on both loopbacks');
  });
});
