// Steps in the admin front end by what a user sees (labels, placeholders, roles), so the same
// steps drive the stub front end or the real one.
import type { Page } from 'playwright/test';
import { expect } from './expect.js';
import { EMPLOYEES, type Employee } from '../../stand-in/admin-server/employees.js';

import type { Run } from '../../harness/scenario-runner/runner.js';
import { scenarioText } from '../texts.js';
import { messages } from '../../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.common.pageTwo': 'go to page 2',
    'scenario.common.checksSeedEmployees': 'it checks the employee list the browser shows against the stand-in\'s seed (共 N 条, each row)',
  },
  'zh-CN': {
    'scenario.common.pageTwo': '翻到第 2 页',
    'scenario.common.checksSeedEmployees': '它要拿浏览器显示的员工列表和管理端替身服务的种子数据核对（共 N 条，以及每一行）',
  },
});

export async function login(page: Page, url: string, username = 'admin', password = '123456'): Promise<void> {
  await page.goto(url);
  await page.getByPlaceholder('账号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Why a scenario that checks the page with expectPage() needs the stand-in (Scenario.needsStandIn). */
export const CHECKS_SEED_EMPLOYEES = t('scenario.common.checksSeedEmployees');

/** The rows the stub's page query gives: id order, `name` a substring of the display name. */
export function expectedPage(page: number, pageSize: number, name?: string): { total: number; rows: Employee[] } {
  const all = EMPLOYEES.filter((e) => !name || e.name.includes(name));
  return { total: all.length, rows: all.slice((page - 1) * pageSize, page * pageSize) };
}

/** The table's rows as [name, username, phone, status text, updateTime]. */
export async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.locator('table tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent!.trim())));
}

export function asRow(e: Employee): string[] {
  return [e.name, e.username, e.phone, e.status === 1 ? '启用' : '禁用', e.updateTime];
}

/** The front end's failure banner after the login's 502: what failed and the likely cause, in the
 *  words of either language (the wording, and whether it names the admin port, may change). */
export async function expectAdminUnreachable(page: Page): Promise<void> {
  const banner = page.getByTestId('http-error');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-status', '502');
  await expect(banner).toHaveAttribute('data-request', /^POST \/api\/employee\/login/);
  await expect(banner).toContainText('502 Bad Gateway');
  await expect(banner).toContainText('后端服务');
  await expect(banner).toContainText(/admin server/);
  await expect(banner).toContainText(/reach|connect|running/);
}

export async function expectPage(page: Page, n: number, size: number, name?: string): Promise<void> {
  const want = expectedPage(n, size, name);
  await expect(page.getByText(`共 ${want.total} 条`)).toBeVisible();
  await expect.poll(() => tableRows(page)).toEqual(want.rows.map(asRow));
}

/** The front end's failure banner for a request: how it failed (`status`: an HTTP status; `network`:
 *  no usable answer at all; `format`: an answer that is not JSON) and for which request. */
export async function expectFailure(page: Page, o: { kind: 'status' | 'network' | 'format'; status?: number; request: RegExp }): Promise<void> {
  const banner = page.getByTestId('http-error');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-kind', o.kind);
  await expect(banner).toHaveAttribute('data-request', o.request);
  if (o.status !== undefined) {
    await expect(banner).toHaveAttribute('data-status', String(o.status));
    await expect(banner).toContainText(String(o.status));
  }
}

/** Logs out (退出登录), back to the login page. */
export async function logout(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await expect(page.getByPlaceholder('账号')).toBeVisible();
}

/**
 * The opening of the admin server's fault scenarios: logged in on page 1 of 员工管理, then `fault`
 * applied and page 2 asked for (the step named `step`). The page, for what the scenario observes.
 */
export async function pageTwoUnder(run: Run, fault: string, step = t('scenario.common.pageTwo')): Promise<Page> {
  const page = await run.page();
  run.step(scenarioText('scenario.common.loginInBrowser'));
  await login(page, run.stack.url);
  await expectPage(page, 1, 10);
  await run.fault(fault);
  run.step(step);
  await page.getByRole('button', { name: '下一页' }).click();
  return page;
}
