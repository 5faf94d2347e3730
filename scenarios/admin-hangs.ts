import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { expectFailure, pageTwoUnder, CHECKS_SEED_EMPLOYEES } from './steps/browser.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.admin-hangs.summary': 'The admin server reads requests and never answers (a thread stuck on a lock, a breakpoint): the page waits out proxy_read_timeout on both loopbacks and gets 504; after `chaos restore` both addresses still sit out fail_timeout, so the next request gets 502 at once.',
    'scenario.admin-hangs.step1': 'go to page 2 (proxy_read_timeout 1s)',
    'scenario.admin-hangs.observe1': 'after about 2 s (1 s on each loopback) the page says 504 Gateway Time-out',
    'scenario.admin-hangs.observe2': 'two lines "upstream timed out ({errno}: ...) while reading response header from upstream", one per loopback',
    'scenario.admin-hangs.step2': '查询 (reload the list) right after the restore',
    'scenario.admin-hangs.observe3': '502 at once: both addresses timed out, so nginx counts both as failed for fail_timeout (10 s)',
    'scenario.admin-hangs.observe4': 'nginx logs "no live upstreams" for it',
  },
  'zh-CN': {
    'scenario.admin-hangs.summary': '后端服务读完请求后一直不响应（线程卡在锁上、断点）：页面在两个回环地址上都等满 proxy_read_timeout，得到 504；`chaos restore` 之后两个地址在 fail_timeout 内仍不可用，所以下一个请求立即得到 502。',
    'scenario.admin-hangs.step1': '翻到第 2 页（proxy_read_timeout 1s）',
    'scenario.admin-hangs.observe1': '大约 2 秒后（每个回环地址 1 秒），页面提示 504 Gateway Time-out',
    'scenario.admin-hangs.observe2': '两行 "upstream timed out ({errno}: ...) while reading response header from upstream"，每个回环地址一行',
    'scenario.admin-hangs.step2': '恢复后马上点 查询（重新加载列表）',
    'scenario.admin-hangs.observe3': '立即 502：两个地址都超时了，所以 nginx 在 fail_timeout（10 秒）内把两个都算作失败',
    'scenario.admin-hangs.observe4': 'nginx 为它记录 "no live upstreams"',
  },
});

export default defineScenario({
  name: 'admin-hangs',
  summary: t('scenario.admin-hangs.summary'),
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.hang'],
  diagnosis: { conditions: ['upstream-timeout', 'no-live-upstreams'] },
  needsStandIn: CHECKS_SEED_EMPLOYEES,
  observations: 4,
  seconds: 8,
  async steps(run) {
    const errno = run.os === 'windows' ? 10060 : 110;
    const page = await pageTwoUnder(run, 'admin.hang --path /admin/employee/page', t('scenario.admin-hangs.step1'));
    await run.observe(t('scenario.admin-hangs.observe1'), async () => {
      await expectFailure(page, { kind: 'status', status: 504, request: /^GET \/api\/employee\/page\?page=2/ });
      const ms = Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'));
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(run.within(2000));
    });
    await run.observe(t('scenario.admin-hangs.observe2', { errno }), () => {
      const timedOut = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(timedOut.map((e) => [e.errno?.code, e.action])).toEqual([
        [errno, 'reading response header from upstream'],
        [errno, 'reading response header from upstream'],
      ]);
      expect(new Set(timedOut.map((e) => e.upstream)).size).toBe(2);
    });
    await run.restore();
    run.step(t('scenario.admin-hangs.step2'));
    await page.getByTestId('employee-search-button').click();
    await run.observe(t('scenario.admin-hangs.observe3'), async () => {
      await expectFailure(page, { kind: 'status', status: 502, request: /^GET \/api\/employee\/page/ });
      // At once: no timeout was waited for it (still the 504's two lines), whatever the machine's load.
      expect(run.errorLog().filter((e) => e.message === 'upstream timed out')).toHaveLength(2);
      expect(Number(await page.getByTestId('http-error').getAttribute('data-elapsed-ms'))).toBeLessThan(run.within(0));
    });
    await run.observe(t('scenario.admin-hangs.observe4'), () => expect(run.errorLog().at(-1)?.message).toBe('no live upstreams'));
  },
});
