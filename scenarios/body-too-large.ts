import { expect } from 'playwright/test';
import { defineScenario } from '../harness/chaos/scenario.js';

export default defineScenario({
  name: 'body-too-large',
  summary: 'An upload over client_max_body_size (1 MiB, nginx\'s default) is refused with 413 before it reaches the admin server.',
  diagnosis: { conditions: ['body-too-large'] },
  observations: 3,
  seconds: 1,
  async steps(run) {
    const { token } = await run.api.login();
    const image = Buffer.alloc(1879336, 0x61);
    run.step(`POST /api/common/upload with ${image.length} bytes`);
    const r = await run.api.send('POST', '/api/common/upload', { body: image, headers: { token: token ?? '', 'content-type': 'application/octet-stream' } });
    await run.observe('the client gets nginx\'s 413 page', () => {
      expect(r.status).toBe(413);
      expect(r.body).toContain('<center><h1>413 Request Entity Too Large</h1></center>');
    });
    await run.observe(`the error log says "client intended to send too large body: ${image.length} bytes"`, () => {
      expect(run.errorLog().map((e) => `${e.level} ${e.message}`)).toEqual([`error client intended to send too large body: ${image.length} bytes`]);
    });
    await run.observe('the admin server never saw the upload', () => {
      expect(run.stack.adminShell!.journal.map((e) => e.url)).not.toContain('/admin/common/upload');
    });
  },
});
