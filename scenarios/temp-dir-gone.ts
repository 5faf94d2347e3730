import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';

export default defineScenario({
  name: 'temp-dir-gone',
  summary: 'The client_body_temp folder is removed while the proxy runs (a cleanup tool, a folder deleted by hand): an upload bigger than client_body_buffer_size gets 500 and a [crit] line; a login still works; once the folder is back, the upload goes through.',
  profiles: ['linux', 'windows'],
  faults: ['proxy.temp-dir-gone'],
  diagnosis: { conditions: ['temp-dir-missing'] },
  needsStandIn: "it checks the stand-in's answer to an upload (a /api/common/download URL of its own)",
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
    run.step(`POST /api/common/upload with ${image.length} bytes (more than client_body_buffer_size, 8k)`);
    const failed = await upload();
    await run.observe('the upload gets 500 (the conf\'s error_page: html/50x.html), and never reaches the admin server', () => {
      expect(failed.status).toBe(500);
      expect(failed.body).toContain('<h1>An error occurred.</h1>');
      expect(run.stack.adminShell!.journal.map((e) => e.url)).not.toContain('/admin/common/upload');
    });
    const fn = run.os === 'windows' ? 'CreateFile()' : 'open()';
    const errno = run.os === 'windows' ? '(3: The system cannot find the path specified)' : '(2: No such file or directory)';
    await run.observe(`nginx logs [crit] ${fn} ".../temp/client_body_temp/0000000001" failed ${errno}`, () => {
      const crit = run.errorLines().filter((l) => l.includes('[crit]'));
      expect(crit).toHaveLength(1);
      expect(crit[0]).toContain(`${fn} "`);
      expect(crit[0]).toMatch(new RegExp(`/temp/client_body_temp/0000000001" failed ${errno.replace(/[()]/g, '\\$&')}, client: `));
    });
    await run.observe('a small body (the login) is kept in memory and still works', async () => expect((await run.api.login()).response.status).toBe(200));
    await run.restore();
    run.step('the same upload once the folder is back');
    await run.observe('it reaches the admin server, which keeps the image and answers its URL', async () => {
      const again = await upload();
      expect(again.status).toBe(200);
      expect(again.body).toMatch(/^\{"code":1,"msg":null,"data":"[^"]*\/api\/common\/download\?name=[0-9a-f-]+\.png"\}$/);
      expect(run.stack.adminShell!.journal.map((e) => e.url)).toContain('/admin/common/upload');
    });
  },
});
