// The stub front end's 订单管理 against the admin stand-in, through the proxy: the list as the
// course's page asks for it (the same calls, the same parameters), a tab with its columns and badge,
// paging, the details (查看), and the actions 接单 and 拒单 with its reason.
import { test, expect } from '../fixtures.js';
import type { Page } from '@playwright/test';
import { login } from '../../scenarios/steps/browser.js';
import type { Stack } from '../../harness/stack/stack.js';

type Page10 = { total: number; records: { id: number; number: string; status: number }[] };

/** Logged in, on 订单管理 from the menu. */
async function openOrders(page: Page, stack: Stack): Promise<void> {
  await login(page, stack.url);
  await expect(page.getByTestId('employee-table')).toBeVisible();
  await page.getByRole('link', { name: '订单管理' }).click();
  await expect(page).toHaveTitle('订单管理');
}

/** What the admin stand-in answers to `path` (through the proxy, with the page's token). */
async function api<T>(page: Page, stack: Stack, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const r = await page.request.get(new URL(`/api${path}`, stack.url).href, { headers: { token } });
  return (await r.json()).data as T;
}

/** The admin server's order requests, in order (a test's own api() calls come after the page's). */
const orderCalls = (stack: Stack) => stack.admin!.journal.filter((e) => e.url.startsWith('/admin/order/')).map((e) => `${e.method} ${e.url}`);

const numbers = (page: Page) => page.getByTestId('order-row').locator('td:first-child').allTextContents();
const headers = (page: Page) => page.getByTestId('order-table').locator('th').allTextContents();

test('the list: 全部订单 as the course\'s page asks for it, the 待接单 tab with its columns and badge, and paging', async ({ page, startStack }) => {
  const stack = await startStack();
  await openOrders(page, stack);
  await expect.poll(() => orderCalls(stack)).toEqual(['GET /admin/order/conditionSearch?page=1&pageSize=10', 'GET /admin/order/statistics']);
  const all = await api<Page10>(page, stack, '/order/conditionSearch?page=1&pageSize=10');
  await expect(page.getByTestId('pagination-total')).toHaveText(`共 ${all.total} 条`);
  await expect.poll(() => numbers(page)).toEqual(all.records.map((r) => r.number));
  expect(await headers(page)).toEqual(['订单号', '订单状态', '用户名', '手机号', '地址', '下单时间', '实收金额', '操作']);

  await page.getByRole('button', { name: '下一页' }).click();
  const second = await api<Page10>(page, stack, '/order/conditionSearch?page=2&pageSize=10');
  await expect.poll(() => numbers(page)).toEqual(second.records.map((r) => r.number));
  expect(orderCalls(stack)).toContain('GET /admin/order/conditionSearch?page=2&pageSize=10');

  // Two new paid orders wait as 待接单: the badge counts them with the month's.
  await stack.admin!.placeOrder();
  await stack.admin!.placeOrder();
  await page.getByRole('tab', { name: /待接单/ }).click();
  const waiting = await api<Page10>(page, stack, '/order/conditionSearch?page=1&pageSize=10&status=2');
  const counts = await api<{ toBeConfirmed: number }>(page, stack, '/order/statistics');
  await expect.poll(() => numbers(page)).toEqual(waiting.records.map((r) => r.number));
  expect(waiting.total).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('tab', { name: /待接单/ }).getByTestId('order-tab-badge')).toHaveText(String(counts.toBeConfirmed > 99 ? '99+' : counts.toBeConfirmed));
  expect(await headers(page)).toEqual(['订单号', '订单菜品', '地址', '预计送达时间', '实收金额', '备注', '餐具数量', '操作']);
  expect(orderCalls(stack)).toContain('GET /admin/order/conditionSearch?page=1&pageSize=10&status=2');
  // Each waiting row offers what the course's page offers for status 2.
  await expect(page.getByTestId('order-row').first().getByRole('button')).toHaveText(['接单', '拒单', '查看']);
});

test('the search sends 订单号 and 手机号 as the course\'s page does, and a date range as whole days', async ({ page, startStack }) => {
  const stack = await startStack();
  const { order } = await stack.admin!.placeOrder();
  await openOrders(page, stack);
  await page.getByPlaceholder('请填写订单号').fill(order.number);
  await page.getByPlaceholder('请填写手机号').fill(order.phone!);
  const day = order.orderTime.slice(0, 10);
  await page.getByLabel('开始日期').fill(day);
  await page.getByLabel('结束日期').fill(day);
  await page.getByRole('button', { name: '查询' }).click();
  await expect.poll(() => numbers(page)).toEqual([order.number]);
  expect(orderCalls(stack)).toContain(
    `GET /admin/order/conditionSearch?page=1&pageSize=10&number=${order.number}&phone=${order.phone}&beginTime=${day}%2000%3A00%3A00&endTime=${day}%2023%3A59%3A59`,
  );
});

test('接单 takes a waiting order (待派送); 拒单 asks for a reason first; 查看 shows the order\'s details', async ({ page, startStack }) => {
  const stack = await startStack();
  const { order: first } = await stack.admin!.placeOrder();
  const { order: second } = await stack.admin!.placeOrder();
  await openOrders(page, stack);
  await page.getByRole('tab', { name: /待接单/ }).click();
  const row = (id: number) => page.locator(`[data-testid="order-row"][data-id="${id}"]`);

  await row(first.id).getByRole('button', { name: '接单' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '操作成功' })).toBeVisible();
  expect(stack.admin!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toContain('PUT /admin/order/confirm 200');
  expect(stack.admin!.state.orders.get(first.id)!.status).toBe(3);
  await expect(row(first.id)).toHaveCount(0);

  await row(second.id).getByRole('button', { name: '拒单' }).click();
  const reason = page.getByTestId('reason-dialog');
  await expect(reason).toContainText('拒绝原因');
  await reason.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '请选择拒绝原因' })).toBeVisible();
  await reason.getByLabel('拒绝原因').selectOption('餐厅已打烊，暂时无法接单');
  await reason.getByRole('button', { name: '确 定' }).click();
  await expect(reason).toHaveCount(0);
  await expect(row(second.id)).toHaveCount(0);
  expect(stack.admin!.state.orders.get(second.id)).toMatchObject({ status: 6, rejectionReason: '餐厅已打烊，暂时无法接单' });

  await page.getByRole('tab', { name: /待派送/ }).click();
  await row(first.id).getByRole('button', { name: '查看' }).click();
  const details = page.getByTestId('order-dialog');
  await expect(details.getByTestId('order-detail-number')).toHaveText(first.number);
  await expect(details.getByTestId('order-detail-status')).toHaveText('待派送');
  await expect(details.getByRole('button')).toHaveText(['×', '返 回', '派 送']);
  expect(orderCalls(stack)).toContain(`GET /admin/order/details/${first.id}`);
  await details.getByRole('button', { name: '派 送' }).click();
  await expect(details).toHaveCount(0);
  expect(stack.admin!.state.orders.get(first.id)!.status).toBe(4);
});

test('处理完自动跳转下一条: after 接 单 in a waiting order\'s dialog on 待接单 the next waiting order opens; unticked, none does', async ({ page, startStack }) => {
  const stack = await startStack();
  for (let i = 0; i < 3; i++) await stack.admin!.placeOrder();
  await openOrders(page, stack);
  await page.getByRole('tab', { name: /待接单/ }).click();
  const details = page.getByTestId('order-dialog');
  const firstNumber = async () => (await api<Page10>(page, stack, '/order/conditionSearch?page=1&pageSize=10&status=2')).records[0].number;

  const before = await firstNumber();
  await expect.poll(() => numbers(page).then((n) => n[0])).toBe(before);
  await page.getByTestId('order-row').first().getByRole('button', { name: '查看' }).click();
  await expect(details.getByTestId('order-auto-next')).toBeChecked();
  await expect(details.getByTestId('order-detail-number')).toHaveText(before);
  await details.getByRole('button', { name: '接 单' }).click();
  const after = await firstNumber();
  expect(after).not.toBe(before);
  await expect(details.getByTestId('order-detail-number')).toHaveText(after);

  await details.getByTestId('order-auto-next').uncheck();
  await details.getByRole('button', { name: '拒 单' }).click();
  const reason = page.getByTestId('reason-dialog');
  await reason.getByLabel('拒绝原因').selectOption('自定义原因');
  await reason.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '请输入拒绝原因' })).toBeVisible();
  await reason.getByLabel('原因', { exact: true }).fill('今天不做鱼');
  await reason.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '操作成功' }).last()).toBeVisible();
  await expect.poll(() => numbers(page).then((n) => n[0])).toBe(await firstNumber());
  await expect(details).toHaveCount(0);
  expect(stack.admin!.journal.filter((e) => e.url === '/admin/order/rejection').map((e) => e.status)).toEqual([200]);
});
