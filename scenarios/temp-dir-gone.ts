import { expect } from 'playwright/test';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'temp-dir-gone',
  summary: t('scenario.temp-dir-gone.summary'),
  profiles: ['linux', 'windows'],
  faults: ['proxy.temp-dir-gone'],
  diagnosis: { conditions: ['temp-dir-missing'] },
  needsStandIn: t('scenario.temp-dir-gone.needsStandIn'),
  observations: 4,
  seconds: 1,
  async steps(run) {
    const { token } = await run.api.login();
    await run.fault('proxy.temp-dir-gone');
    // The dish form's upload: one multipart part named file, as the browser sends it.
    const boundary = '----HarnessDishImage';
    const image = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(40_000, 0x61),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = () => run.api.send('POST', '/api/common/upload', { body: image, headers: { token: token ?? '', 'content-type': `multipart/form-data; boundary=${boundary}` } });
    run.step(t('scenario.temp-dir-gone.step1', { bytes: image.length }));
    const failed = await upload();
    await run.observe(t('scenario.temp-dir-gone.observe1'), () => {
      expect(failed.status).toBe(500);
      expect(failed.body).toContain('<h1>An error occurred.</h1>');
      expect(run.stack.adminShell!.journal.map((e) => e.url)).not.toContain('/admin/common/upload');
    });
    const fn = run.os === 'windows' ? 'CreateFile()' : 'open()';
    const errno = run.os === 'windows' ? '(3: The system cannot find the path specified)' : '(2: No such file or directory)';
    await run.observe(t('scenario.temp-dir-gone.observe2', { fn, errno }), () => {
      const crit = run.errorLines().filter((l) => l.includes('[crit]'));
      expect(crit).toHaveLength(1);
      expect(crit[0]).toContain(`${fn} "`);
      expect(crit[0]).toMatch(new RegExp(`/temp/client_body_temp/0000000001" failed ${errno.replace(/[()]/g, '\\$&')}, client: `));
    });
    await run.observe(t('scenario.temp-dir-gone.observe3'), async () => expect((await run.api.login()).response.status).toBe(200));
    await run.restore();
    run.step(t('scenario.temp-dir-gone.step2'));
    await run.observe(t('scenario.temp-dir-gone.observe4'), async () => {
      const again = await upload();
      expect(again.status).toBe(200);
      expect(again.body).toMatch(/^\{"code":1,"msg":null,"data":"[^"]*\/api\/common\/download\?name=[0-9a-f-]+\.png"\}$/);
      expect(run.stack.adminShell!.journal.map((e) => e.url)).toContain('/admin/common/upload');
    });
  },
});
