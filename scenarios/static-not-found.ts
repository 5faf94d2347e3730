import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.static-not-found.summary': 'A bookmark of a page without its # (http://localhost/employee, a route the front end draws itself): nginx looks for a file of that name in the front end\'s folder, answers 404 and logs open() ... failed.',
    'scenario.static-not-found.step1': 'open http://localhost:PORT/employee in the browser',
    'scenario.static-not-found.observe1': 'the browser shows nginx\'s 404 Not Found page',
    'scenario.static-not-found.observe2': 'nginx logs {fn} "…/employee" failed {errno}',
  },
  'zh-CN': {
    'scenario.static-not-found.summary': '一个少了 # 的书签（http://localhost/employee，这是前端自己绘制的路由）：nginx 在前端目录里找这个名字的文件，返回 404，并记录 open() ... failed。',
    'scenario.static-not-found.step1': '在浏览器里打开 http://localhost:PORT/employee',
    'scenario.static-not-found.observe1': '浏览器显示 nginx 的 404 Not Found 页面',
    'scenario.static-not-found.observe2': 'nginx 记录 {fn} "…/employee" failed {errno}',
  },
});

export default defineScenario({
  name: 'static-not-found',
  summary: t('scenario.static-not-found.summary'),
  profiles: ['linux', 'windows'],
  diagnosis: { conditions: ['static-not-found'] },
  observations: 2,
  seconds: 4,
  async steps(run) {
    const page = await run.page();
    run.step(t('scenario.static-not-found.step1'));
    const r = await page.goto(`${run.stack.url}employee`);
    await run.observe(t('scenario.static-not-found.observe1'), async () => {
      expect(r?.status()).toBe(404);
      await expect(page.locator('h1')).toHaveText('404 Not Found');
    });
    const [fn, errno] = run.os === 'windows' ? ['CreateFile()', '(2: The system cannot find the file specified)'] : ['open()', '(2: No such file or directory)'];
    await run.observe(t('scenario.static-not-found.observe2', { fn, errno }), () => {
      // The browser asks for /favicon.ico as well, for the 404 page: a line of its own.
      const lines = run.errorLines().filter((l) => l.includes('"GET /employee HTTP/1.1"'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`[error]`);
      expect(lines[0]).toContain(`${fn} "`);
      expect(lines[0]).toMatch(new RegExp(`/employee" failed \\${errno.slice(0, -1)}\\), client: (127\\.0\\.0\\.1|::1), server: localhost, request: "GET /employee HTTP/1\\.1"`));
    });
  },
});
