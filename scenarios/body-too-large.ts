import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'body-too-large',
  summary: t('scenario.body-too-large.summary'),
  diagnosis: { conditions: ['body-too-large'] },
  observations: 3,
  seconds: 1,
  async steps(run) {
    const { token } = await run.api.login();
    const image = Buffer.alloc(1879336, 0x61);
    run.step(t('scenario.body-too-large.step1', { bytes: image.length }));
    const r = await run.api.send('POST', '/api/common/upload', { body: image, headers: { token: token ?? '', 'content-type': 'application/octet-stream' } });
    await run.observe(t('scenario.body-too-large.observe1'), () => {
      expect(r.status).toBe(413);
      expect(r.body).toContain('<center><h1>413 Request Entity Too Large</h1></center>');
    });
    await run.observe(t('scenario.body-too-large.observe2', { bytes: image.length }), () => {
      expect(run.errorLog().map((e) => `${e.level} ${e.message}`)).toEqual([`error client intended to send too large body: ${image.length} bytes`]);
    });
    await run.observe(t('scenario.body-too-large.observe3'), () => {
      expect(run.stack.adminShell!.journal.map((e) => e.url)).not.toContain('/admin/common/upload');
    });
  },
});
