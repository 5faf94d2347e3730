// The stub front end's employee controls against the admin stand-in, through the proxy: 添加员工 (the
// form's rules and messages, 保存, 保存并继续添加, a duplicate account), 修改 (the record loaded, the
// change saved) and 启用/禁用 with its confirmation (取消 changes nothing; 确定 does, and a disabled
// account can no longer log in).
import { test, expect } from '../fixtures.js';
import type { Page } from '@playwright/test';
import { login } from '../../scenarios/steps/browser.js';
import { EMPLOYEES } from '../../stand-in/admin-server/employees.js';

const TOTAL = EMPLOYEES.length;

async function openList(page: Page, url: string): Promise<void> {
  await login(page, url);
  await expect(page.getByText(`共 ${TOTAL} 条`)).toBeVisible();
}

const toast = (page: Page, text: string) => expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();

/** 查询 by a name only one employee has, and wait for that one row. */
async function search(page: Page, name: string): Promise<void> {
  await page.getByPlaceholder('请输入员工姓名').fill(name);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('共 1 条')).toBeVisible();
  await expect(page.getByTestId('employee-row')).toHaveCount(1);
}

test('添加员工: the form\'s rules, then 保存 adds the account (status 启用, password 123456) and returns to the list', async ({ page, startStack }) => {
  const stack = await startStack();
  await openList(page, stack.url);
  await page.getByRole('button', { name: '+ 添加员工' }).click();
  await expect(page.getByTestId('employee-form-title')).toHaveText('添加员工');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByTestId('employee-username-error')).toHaveText('请输入账号');
  await expect(page.getByTestId('employee-name-error')).toHaveText('请输入员工姓名');
  await expect(page.getByTestId('employee-phone-error')).toHaveText('请输入手机号');
  await expect(page.getByTestId('employee-idNumber-error')).toHaveText('请输入身份证号码');

  await page.getByLabel('账号:').fill('No');
  await page.getByLabel('手机号:').fill('12345678901');
  await page.getByLabel('身份证号:').fill('1234');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByTestId('employee-username-error')).toHaveText('账号输入不符，请输入3-20个字符');
  await expect(page.getByTestId('employee-phone-error')).toHaveText('请输入正确的手机号!');
  await expect(page.getByTestId('employee-idNumber-error')).toHaveText('身份证号码不正确');

  await page.getByLabel('账号:').fill('xiaoming');
  await page.getByLabel('员工姓名:').fill('小明');
  await page.getByLabel('手机号:').fill('13912345678');
  await page.getByText('女', { exact: true }).click();
  await page.getByLabel('身份证号:').fill('11010119900101002X');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await toast(page, '员工添加成功！');
  await expect(page.getByText(`共 ${TOTAL + 1} 条`)).toBeVisible();
  await search(page, '小明');
  await expect(page.getByTestId('employee-row')).toContainText(['小明', 'xiaoming', '13912345678', '启用'].join(''));

  const added = [...stack.admin!.state.employees.values()].find((e) => e.username === 'xiaoming')!;
  expect({ sex: added.sex, idNumber: added.idNumber, status: added.status, password: added.password }).toEqual({
    sex: '0', idNumber: '11010119900101002X', status: 1, password: 'e10adc3949ba59abbe56e057f20f883e',
  });
});

test('添加员工: 保存并继续添加 clears the form for the next one; a taken account is the server\'s message', async ({ page, startStack }) => {
  const stack = await startStack();
  await openList(page, stack.url);
  await page.getByRole('button', { name: '+ 添加员工' }).click();
  const fill = async (username: string, name: string) => {
    await page.getByLabel('账号:').fill(username);
    await page.getByLabel('员工姓名:').fill(name);
    await page.getByLabel('手机号:').fill('13800000001');
    await page.getByLabel('身份证号:').fill('110101199001010047');
  };
  await fill('first01', '甲一');
  await page.getByRole('button', { name: '保存并继续添加' }).click();
  await toast(page, '员工添加成功！');
  await expect(page.getByLabel('账号:')).toHaveValue('');
  await expect(page.getByTestId('employee-sex-男')).toBeChecked();
  await fill('zhangsan', '又一个张三');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await toast(page, "'zhangsan'已存在");
  await expect(page.getByTestId('employee-form-title')).toBeVisible(); // still on the form
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText(`共 ${TOTAL + 1} 条`)).toBeVisible();
});

test('修改: the form is filled from GET /employee/{id} (修改员工信息, sex), and 保存 changes the row', async ({ page, startStack }) => {
  const stack = await startStack();
  await openList(page, stack.url);
  await search(page, '李四');
  await page.getByTestId('employee-row').getByRole('button', { name: '修改' }).click();
  await expect(page.getByTestId('employee-form-title')).toHaveText('修改员工信息');
  await expect(page.getByLabel('账号:')).toHaveValue('lisi');
  await expect(page.getByLabel('员工姓名:')).toHaveValue('李四');
  await expect(page.getByTestId('employee-sex-男')).toBeChecked();
  await expect(page.getByRole('button', { name: '保存并继续添加' })).toHaveCount(0);
  await page.getByLabel('员工姓名:').fill('李四四');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await toast(page, '员工信息修改成功！');
  await search(page, '李四四');
  await expect(page.getByTestId('employee-row')).toContainText('lisi');
});

test('禁用 asks first: 取消 changes nothing, 确定 disables the account (账号被锁定 at login), 启用 brings it back', async ({ page, startStack }) => {
  const stack = await startStack();
  await openList(page, stack.url);
  await search(page, '王五');
  const row = page.getByTestId('employee-row');
  await row.getByRole('button', { name: '禁用' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toContainText('确认调整该账号的状态?');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('启用');
  expect(stack.admin!.state.employees.get(4)!.status).toBe(1);

  await row.getByRole('button', { name: '禁用' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '账号状态更改成功！');
  await expect(row.locator('td').nth(3)).toHaveText('禁用');
  await expect(row.getByRole('button', { name: '启用' })).toBeVisible();

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByPlaceholder('账号')).toBeVisible(); // logged out: the login page
  await login(page, stack.url, 'wangwu');
  await toast(page, '账号被锁定');

  await login(page, stack.url);
  await search(page, '王五');
  await page.getByTestId('employee-row').getByRole('button', { name: '启用' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('employee-row').locator('td').nth(3)).toHaveText('启用');
});

test('the admin account\'s 修改 and 禁用 are disabled, as in the real page', async ({ page, startStack }) => {
  const stack = await startStack();
  await openList(page, stack.url);
  const adminRow = page.getByTestId('employee-row').first();
  await expect(adminRow).toContainText('admin');
  await expect(adminRow.getByRole('button', { name: '修改' })).toBeDisabled();
  await expect(adminRow.getByRole('button', { name: '禁用' })).toBeDisabled();
});
