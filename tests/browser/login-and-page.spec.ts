// Login and paging in a real browser, through the proxy, against the admin stand-in.
import { test, expect } from '../fixtures.js';
import { login, expectPage, expectedPage, expectAdminUnreachable } from '../../scenarios/steps/browser.js';
import { AdminTokens } from '../../stand-in/admin-server/token.js';

test.describe('the admin front end through the proxy', { tag: '@login-and-page' }, () => {
  test('admin/123456 logs in and reaches the employee list', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url);
    await expect(page).toHaveURL(/#\/employee$/);
    await expect(page.getByRole('columnheader', { name: '员工姓名' })).toBeVisible();
    for (const h of ['账号', '手机号', '账号状态', '最后操作时间', '操作']) await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    await expectPage(page, 1, 10);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')?.value).toMatch(/^eyJhbGciOiJIUzI1NiJ9\./);
    // The token went to the admin server as the `token` header, through /api → /admin.
    expect(stack.admin!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toContain('GET /admin/employee/page?page=1&pageSize=10 200');
  });

  test('pages through the list at two page sizes', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url);
    await expectPage(page, 1, 10);
    await page.getByRole('button', { name: '下一页' }).click();
    await expectPage(page, 2, 10);
    const last = Math.ceil(expectedPage(1, 10).total / 10);
    await page.getByRole('button', { name: String(last), exact: true }).click();
    await expectPage(page, last, 10);
    await page.getByRole('combobox', { name: '每页条数' }).selectOption('20');
    await expectPage(page, 1, 20);
    await page.getByRole('button', { name: '下一页' }).click();
    await expectPage(page, 2, 20);
    const urls = stack.admin!.journal.filter((e) => e.url.startsWith('/admin/employee/page')).map((e) => e.url);
    expect(urls).toEqual([
      '/admin/employee/page?page=1&pageSize=10',
      '/admin/employee/page?page=2&pageSize=10',
      `/admin/employee/page?page=${last}&pageSize=10`,
      '/admin/employee/page?page=1&pageSize=20',
      '/admin/employee/page?page=2&pageSize=20',
    ]);
  });

  test('searches by name', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url);
    await expectPage(page, 1, 10);
    await page.getByPlaceholder('请输入员工姓名').fill('张');
    await page.getByRole('button', { name: '查询' }).click();
    await expectPage(page, 1, 10, '张');
    expect(stack.admin!.journal.at(-1)!.url).toBe('/admin/employee/page?page=1&pageSize=10&name=%E5%BC%A0');
  });

  test('a wrong password shows 密码错误', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url, 'admin', 'wrong-password');
    await expect(page.getByText('密码错误')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('a disabled account shows 账号被锁定', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url, 'zhaoliu', '123456');
    await expect(page.getByText('账号被锁定')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('an unknown account shows 账号不存在', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url, 'nobody', '123456');
    await expect(page.getByText('账号不存在')).toBeVisible();
  });

  test('logout returns to the login page and forgets the token', async ({ page, startStack }) => {
    const stack = await startStack();
    await login(page, stack.url);
    await expectPage(page, 1, 10);
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    expect(stack.admin!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toContain('POST /admin/employee/logout 200');
    await page.goto(stack.url + '#/employee');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('a token the admin server refuses (401: expired after its 2 h) sends the page back to login', async ({ page, startStack }) => {
    const stack = await startStack();
    // Signed as the server signs, but three hours ago: the cookie a browser keeps overnight.
    const expired = await new AdminTokens().sign(1, Date.now() - 3 * 3_600_000);
    await page.context().addCookies([{ name: 'token', value: expired, url: stack.url }]);
    await page.goto(stack.url + '#/employee');
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(page.getByTestId('http-error')).toBeHidden();
    expect(stack.admin!.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual(['GET /admin/employee/page?page=1&pageSize=10 401']);
    // The refused token is dropped, or the route guard would send the page straight back to the list.
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
  });

  test('with the admin server down, the login page shows what failed', { tag: '@admin-down' }, async ({ page, startStack }) => {
    const stack = await startStack({ admin: 'down' });
    await login(page, stack.url);
    await expectAdminUnreachable(page);
    const banner = page.getByTestId('http-error');
    // What failed (the proxy answered 502) and the likely cause (the admin server is not where
    // proxy_pass points). The admin port is this stack's own: the page cannot know it, nor claim it.
    await expect(banner).toContainText('Login request failed: 502 Bad Gateway — the proxy (nginx) answered, but could not reach the admin server');
    await expect(banner).toContainText("on the port nginx.conf's proxy_pass names");
    await expect(banner).not.toContainText(String(stack.spec.adminPort));
    await expect(page).toHaveURL(/#\/login$/);
  });
});
