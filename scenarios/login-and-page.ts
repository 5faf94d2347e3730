import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { login, expectPage, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.login-and-page.summary': 'The happy path in the browser: admin/123456 logs in through the proxy and pages through the employees.',
    'scenario.login-and-page.step1': 'log in as admin / 123456',
    'scenario.login-and-page.observe1': 'the browser reaches the employee list (#/employee) with page 1 of the seed',
    'scenario.login-and-page.step2': 'go to page 2, then 20 rows a page',
    'scenario.login-and-page.observe2': 'page 2 shows the next 10 employees',
    'scenario.login-and-page.observe3': '20 a page shows the first 20',
    'scenario.login-and-page.observe4': 'the proxy logged no error',
  },
  'zh-CN': {
    'scenario.login-and-page.summary': '浏览器里的正常流程：admin/123456 通过反向代理登录，在员工管理里翻页。',
    'scenario.login-and-page.step1': '用 admin / 123456 登录',
    'scenario.login-and-page.observe1': '浏览器进入员工列表（#/employee），显示初始数据的第 1 页',
    'scenario.login-and-page.step2': '翻到第 2 页，再改成每页 20 条',
    'scenario.login-and-page.observe2': '第 2 页显示接下来的 10 个员工',
    'scenario.login-and-page.observe3': '每页 20 条时显示前 20 个',
    'scenario.login-and-page.observe4': '反向代理没有记录错误',
  },
});

export default defineScenario({
  name: 'login-and-page',
  summary: t('scenario.login-and-page.summary'),
  diagnosis: { conditions: [] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 4,
  async steps(run) {
    const page = await run.page();
    run.step(t('scenario.login-and-page.step1'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.login-and-page.observe1'), async () => {
      await expect(page).toHaveURL(/#\/employee$/);
      await expectPage(page, 1, 10);
    });
    run.step(t('scenario.login-and-page.step2'));
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.login-and-page.observe2'), () => expectPage(page, 2, 10));
    await page.getByRole('combobox', { name: '每页条数' }).selectOption('20');
    await run.observe(t('scenario.login-and-page.observe3'), () => expectPage(page, 1, 20));
    await run.observe(t('scenario.login-and-page.observe4'), () => expect(run.errorLines()).toEqual([]));
  },
});
