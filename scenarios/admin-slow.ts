import { expect } from '@playwright/test';
import { defineScenario } from './scenario.js';

export default defineScenario({
  name: 'admin-slow',
  summary: 'The admin server answers slower than proxy_read_timeout (an IDE breakpoint): a GET times out on both peers and gets 504; a POST is not retried once sent.',
  stack: () => ({ conf: { proxyReadTimeout: '1s' } }),
  faults: ['admin.slow'],
  diagnosis: 'upstream-timeout',
  seconds: 4,
  async steps(run) {
    const { token } = await run.api.login();
    await run.fault('admin.slow', '1500');
    run.step('GET /api/employee/page (proxy_read_timeout 1s)');
    const get = await run.api.page(token ?? '');
    await run.observe('the GET gets 504 (the conf\'s error_page: html/50x.html) after both peers timed out, about 2 s', () => {
      expect(get.status).toBe(504);
      expect(get.body).toContain('<h1>An error occurred.</h1>');
      expect(get.ms).toBeGreaterThanOrEqual(1900);
      expect(get.ms).toBeLessThan(4000);
    });
    await run.observe('two lines "upstream timed out (110: Connection timed out) while reading response header from upstream"', () => {
      const t = run.errorLog().filter((e) => e.message === 'upstream timed out');
      expect(t.map((e) => [e.errno?.code, e.action])).toEqual([
        [110, 'reading response header from upstream'],
        [110, 'reading response header from upstream'],
      ]);
    });
    run.step('POST /api/employee/login once the fail window is over (the peers were marked failed)');
    const before = run.errorLog().length;
    let post: Awaited<ReturnType<typeof run.api.login>> | undefined;
    await expect(async () => {
      post = await run.api.login();
      expect(post.response.status).toBe(504);
    }).toPass({ intervals: [1000], timeout: 15_000 });
    await run.observe('the POST is tried on one peer only: a single timeout line, 504 after about 1 s', () => {
      expect(post!.response.ms).toBeGreaterThanOrEqual(900);
      expect(post!.response.ms).toBeLessThan(1900);
      const lines = run.errorLog().slice(before).filter((e) => e.message === 'upstream timed out' && e.request?.startsWith('POST'));
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(new Set(lines.map((e) => e.conn)).size).toBe(lines.length);
    });
  },
});
