import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

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
