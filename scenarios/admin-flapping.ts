import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { login, expectPage, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { isRefusal } from './steps/logs.js';
import type { ApiResponse } from '../harness/scenario-runner/api.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-flapping.summary': 'The admin server stops and starts again while the browser is in use: pages fail with 502, then work again once the 10 s fail window has passed.',
    'scenario.admin-flapping.step1': 'log in and see the list',
    'scenario.admin-flapping.observe1': 'the list shows page 1',
    'scenario.admin-flapping.step2': 'go to page 2 while the admin server is down',
    'scenario.admin-flapping.observe2': 'the browser shows the 502 and what it means',
    'scenario.admin-flapping.step3': 'the admin server is back; probe /api until the proxy tries its peers again',
    'scenario.admin-flapping.observe3': 'until then every probe ({count}) gets 502, logged as "no live upstreams": the peers are not tried',
    'scenario.admin-flapping.observe4': 'the proxy reaches the admin server again {seconds} s after the peers failed: not before fail_timeout (10 s; whole seconds, so up to 11 s) has passed',
    'scenario.admin-flapping.step4': 'reload the list, then go to page 2',
    'scenario.admin-flapping.observe5': 'the list works again and the failure banner is gone',
  },
  'zh-CN': {
    'scenario.admin-flapping.summary': '浏览器使用中后端服务停止又启动：页面先是 502 失败，10 秒的失败窗口过去后恢复正常。',
    'scenario.admin-flapping.step1': '登录并看到列表',
    'scenario.admin-flapping.observe1': '列表显示第 1 页',
    'scenario.admin-flapping.step2': '后端服务停止时翻到第 2 页',
    'scenario.admin-flapping.observe2': '浏览器显示 502 和它的含义',
    'scenario.admin-flapping.step3': '后端服务恢复了；一直探测 /api，直到反向代理重新尝试上游节点',
    'scenario.admin-flapping.observe3': '在此之前每次探测（{count} 次）都得到 502，日志是 "no live upstreams"：上游节点没有被尝试',
    'scenario.admin-flapping.observe4': '上游节点失败 {seconds} 秒后，反向代理重新连上后端服务：不早于 fail_timeout（10 秒；按整秒计，所以最多 11 秒）',
    'scenario.admin-flapping.step4': '重新加载列表，再翻到第 2 页',
    'scenario.admin-flapping.observe5': '列表恢复正常，失败提示消失',
  },
});

export default defineScenario({
  name: 'admin-flapping',
  summary: t('scenario.admin-flapping.summary'),
  faults: ['admin.stop', 'admin.start'],
  diagnosis: { conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 5,
  seconds: 15,
  async steps(run) {
    const page = await run.page();
    run.step(t('scenario.admin-flapping.step1'));
    await login(page, run.stack.url);
    await run.observe(t('scenario.admin-flapping.observe1'), () => expectPage(page, 1, 10));
    await run.fault('admin.stop');
    run.step(t('scenario.admin-flapping.step2'));
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.admin-flapping.observe2'), async () => {
      await expect(page.getByTestId('http-error')).toContainText('502 Bad Gateway');
      await expect(page.getByText('请求出错了：反向代理（nginx）返回了 502 Bad Gateway')).toBeVisible();
    });
    // Both peers failed when the page-2 request was refused: nginx skips them for fail_timeout.
    const failedAt = run.timedErrorLog().filter((l) => isRefusal(l.entry)).at(-1)?.t ?? NaN;
    await run.fault('admin.start');
    run.step(t('scenario.admin-flapping.step3'));
    const before = run.errorLog().length;
    const probes: ApiResponse[] = [];
    await expect(async () => {
      probes.push(await run.api.page('probe'));
      // The stand-in answers 401 to a bad token: the proxy reached it again.
      expect(probes.at(-1)!.status).toBe(401);
    }).toPass({ intervals: [500], timeout: run.within(10_500) });
    const between = probes.slice(0, -1);
    await run.observe(t('scenario.admin-flapping.observe3', { count: between.length }), () => {
      expect(between.length).toBeGreaterThan(0);
      expect(between.map((p) => p.status)).toEqual(between.map(() => 502));
      expect(run.errorLog().slice(before).map((e) => e.message)).toEqual(between.map(() => 'no live upstreams'));
    });
    const reached = probes.at(-1)!;
    const waited = reached.sentAt + reached.ms - failedAt;
    await run.observe(t('scenario.admin-flapping.observe4', { seconds: (waited / 1000).toFixed(2) }), () => {
      expect(failedAt, 'the page-2 request logged a refusal').not.toBeNaN();
      expect(waited).toBeGreaterThanOrEqual(9_950);
      // fail_timeout, then at most one probe interval.
      expect(waited).toBeLessThan(run.within(10_500));
    });
    run.step(t('scenario.admin-flapping.step4'));
    await page.reload();
    await expectPage(page, 1, 10);
    await page.getByRole('button', { name: '下一页' }).click();
    await run.observe(t('scenario.admin-flapping.observe5'), async () => {
      await expectPage(page, 2, 10);
      await expect(page.getByTestId('http-error')).toHaveCount(0);
    });
  },
});
