// The order reminders on the stub front end, over its WebSocket through the proxy's `location /ws/`:
// `harness app order` and `harness app remind`, typed against a running `harness up` as the
// reminders guide shows them, reach the open page as the course's notifications (待接单, 催单) with
// their chimes, and a click opens the order; a socket that cannot connect shows the course's
// persistent 错误 notification.
import { execa } from 'execa';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.js';
import { distFile } from '../../harness/paths.js';
import { harnessUp } from '../support/harness-up.js';
import { login } from '../../scenarios/steps/browser.js';
import { AdminTokens } from '../../stand-in/admin-server/token.js';

const harnessApp = (prefix: string, ...args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'app', ...args, '--prefix', prefix], { reject: false });

const notification = (page: Page, title: string) => page.getByTestId('notification').filter({ has: page.getByTestId('notification-title').getByText(title, { exact: true }) });

test('harness app order and app remind: the open page shows 待接单 and 催单 with their chimes; a click opens the order in 订单管理', async ({ page, engine }, testInfo) => {
  test.setTimeout(60_000);
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  try {
    await login(page, `http://localhost:${up.port}/`);
    await expect(page.locator('#app')).toHaveAttribute('data-socket', 'open');

    const ordered = await harnessApp(up.prefix, 'order');
    expect(ordered.exitCode, ordered.stderr).toBe(0);
    const [, id, number] = /^order (\d+) placed and paid \(订单号 (\d+),/m.exec(ordered.stdout) ?? [];
    expect(ordered.stdout).toContain('来单提醒 (type 1) pushed to 1 open admin page.');
    const waiting = notification(page, '待接单');
    await expect(waiting.getByTestId('notification-text')).toHaveText(`您有1个订单待处理,订单号：${number},请及时接单`);
    await expect(waiting).toHaveAttribute('data-chime', 'type-1');

    const reminded = await harnessApp(up.prefix, 'remind', id);
    expect(reminded.exitCode, reminded.stderr).toBe(0);
    expect(reminded.stdout).toContain(`催单 (type 2) for order ${id} (订单号 ${number}) pushed to 1 open admin page.`);
    const reminder = notification(page, '催单');
    await expect(reminder.getByTestId('notification-text')).toHaveText(`订单号：${number}去处理`);
    await expect(reminder).toHaveAttribute('data-chime', 'type-2');

    // Both stay until closed or clicked. The click opens 订单管理 with that order's details.
    await reminder.click();
    const details = page.getByTestId('order-dialog');
    await expect(details.getByTestId('order-detail-number')).toHaveText(number);
    await expect(details.getByRole('button', { name: '接 单' })).toBeVisible();
    await expect(page).toHaveURL(/#\/order$/);
    await expect(reminder).toHaveCount(0);
    await expect(waiting).toBeVisible();
    await details.getByRole('button', { name: '接 单' }).click();
    await expect(details).toHaveCount(0);
    await expect(page.getByTestId('toast').filter({ hasText: '操作成功' })).toBeVisible();
  } finally {
    up.child.kill('SIGINT');
    await up.child;
  }
});

test('a WebSocket that cannot connect (the admin server down): the course\'s 错误 notification, which stays', async ({ page, startStack }) => {
  const stack = await startStack({ admin: 'down' });
  // Logged in before the server went down: the token cookie the page keeps.
  const token = await new AdminTokens().sign(1, Date.now());
  await page.context().addCookies([{ name: 'token', value: token, url: stack.url }]);
  await page.goto(stack.url + '#/order');
  const error = notification(page, '错误');
  await expect(error.getByTestId('notification-text')).toHaveText('服务器错误，无法接收实时报警信息');
  // The order list's 502 toast comes and goes after 3 s; the notification stays.
  const toast = page.getByTestId('toast').filter({ hasText: '请求出错了：反向代理（nginx）返回了 502 Bad Gateway' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0);
  await expect(error).toBeVisible();
  await expect(page.getByTestId('http-error')).toHaveAttribute('data-answered-by', 'proxy');
});
