import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, expectPage, login, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { scenarioText } from './texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-slow-answers.summary': 'Answers that come slowly but within proxy_read_timeout (latency with a long tail, a body that trickles, a slow link, a late close) still load, late, and nginx logs nothing; a pause in the body longer than proxy_read_timeout cuts the answer: "upstream timed out ... while reading upstream".',
    'scenario.admin-slow-answers.step1': 'page 2, each answer about 300 ms late (lognormal: median 300 ms, sd 100 ms)',
    'scenario.admin-slow-answers.observe1': 'page 2 loads, late',
    'scenario.admin-slow-answers.step2': 'page 3, its body in 4 pieces over 800 ms',
    'scenario.admin-slow-answers.observe2': 'page 3 loads whole, after about 0.8 s',
    'scenario.admin-slow-answers.step3': 'page 2, its connection closed 700 ms after the last byte',
    'scenario.admin-slow-answers.observe3': 'page 2 loads when the admin server closes, 0.7 s late',
    'scenario.admin-slow-answers.step4': 'page 3 over 1 KiB/s',
    'scenario.admin-slow-answers.observe4': 'page 3 loads, and nginx has logged nothing so far',
    'scenario.admin-slow-answers.step5': 'page 4, its body in 2 pieces 1.5 s apart (proxy_read_timeout 1s)',
    'scenario.admin-slow-answers.observe5': 'the browser gets the head, then the connection is cut: the page says the request failed',
    'scenario.admin-slow-answers.observe6': 'nginx logs "upstream timed out (110: Connection timed out) while reading upstream"',
  },
  'zh-CN': {
    'scenario.admin-slow-answers.summary': '响应来得慢但没超过 proxy_read_timeout（长尾延迟、响应体一点点来、慢速网络、晚关闭）时仍能加载，只是晚了，nginx 不记录日志；响应体中间停顿超过 proxy_read_timeout 时响应被截断："upstream timed out ... while reading upstream"。',
    'scenario.admin-slow-answers.step1': '第 2 页，每个响应晚约 300 毫秒（lognormal：中位数 300 毫秒，标准差 100 毫秒）',
    'scenario.admin-slow-answers.observe1': '第 2 页加载出来了，晚了一些',
    'scenario.admin-slow-answers.step2': '第 3 页，响应体分 4 块在 800 毫秒内发完',
    'scenario.admin-slow-answers.observe2': '第 3 页完整加载，用了约 0.8 秒',
    'scenario.admin-slow-answers.step3': '第 2 页，最后一个字节发出 700 毫秒后才关闭连接',
    'scenario.admin-slow-answers.observe3': '后端服务关闭连接时第 2 页才加载出来，晚了 0.7 秒',
    'scenario.admin-slow-answers.step4': '第 3 页，速度 1 KiB/s',
    'scenario.admin-slow-answers.observe4': '第 3 页加载出来了，到现在 nginx 没有记录任何日志',
    'scenario.admin-slow-answers.step5': '第 4 页，响应体分 2 块，间隔 1.5 秒（proxy_read_timeout 1s）',
    'scenario.admin-slow-answers.observe5': '浏览器收到响应头，然后连接被断开：页面提示请求失败',
    'scenario.admin-slow-answers.observe6': 'nginx 记录 "upstream timed out (110: Connection timed out) while reading upstream"',
  },
});

export default defineScenario({
  name: 'admin-slow-answers',
  summary: t('scenario.admin-slow-answers.summary'),
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.latency', 'admin.dribble', 'admin.bandwidth', 'admin.slow-close'],
  diagnosis: { conditions: ['upstream-timeout'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 6,
  seconds: 13,
  async steps(run) {
    const page = await run.page();
    const pageTook = async (n: number, click: string) => {
      const answered = page.waitForResponse((r) => r.url().includes(`/api/employee/page?page=${n}`));
      await page.getByRole('button', { name: click }).click();
      const r = await answered;
      await r.finished();
      await expectPage(page, n, 10);
      return r.request().timing().responseEnd;
    };
    run.step(scenarioText('scenario.common.loginInBrowser'));
    await login(page, run.stack.url);
    await expectPage(page, 1, 10);
    await run.fault('admin.latency 300 --jitter 100 --distribution lognormal --seed 7 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step1'));
    await run.observe(t('scenario.admin-slow-answers.observe1'), async () => expect(await pageTook(2, '下一页')).toBeGreaterThanOrEqual(100));
    await run.restore();
    await run.fault('admin.dribble 4 800 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step2'));
    await run.observe(t('scenario.admin-slow-answers.observe2'), async () => expect(await pageTook(3, '下一页')).toBeGreaterThanOrEqual(780));
    await run.restore();
    await run.fault('admin.slow-close 700 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step3'));
    await run.observe(t('scenario.admin-slow-answers.observe3'), async () => expect(await pageTook(2, '上一页')).toBeGreaterThanOrEqual(690));
    await run.restore();
    await run.fault('admin.bandwidth 1 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step4'));
    await run.observe(t('scenario.admin-slow-answers.observe4'), async () => {
      expect(await pageTook(3, '下一页')).toBeGreaterThanOrEqual(200);
      expect(run.errorLines()).toEqual([]);
    });
    await run.restore();
    await run.fault('admin.dribble 2 3000 --path /admin/employee/page');
    run.step(t('scenario.admin-slow-answers.step5'));
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.admin-slow-answers.observe5'), () =>
      expectFailure(page, { kind: 'network', request: /^GET \/api\/employee\/page\?page=4/ }),
    );
    await run.observe(t('scenario.admin-slow-answers.observe6'), () => {
      expect(run.errorLog().map((e) => [e.message, e.errno?.code, e.action])).toEqual([['upstream timed out', 110, 'reading upstream']]);
    });
  },
});
