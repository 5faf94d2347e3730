import { expect } from '@playwright/test';
import { Readable } from 'node:stream';
import { defineScenario } from './scenario.js';

export default defineScenario({
  name: 'client-gives-up',
  summary: 'A client gives up on its upload halfway (a cancelled upload, a closed tab): with error_log at info, nginx notes "client prematurely closed connection" beside the notices of its normal operation, which the doctor reads as nothing to act on.',
  stack: () => ({ conf: { errorLogLevel: 'info' } }),
  diagnosis: { conditions: [], harmless: ['client-reset', 'info'] },
  observations: 3,
  seconds: 1,
  async steps(run) {
    const declared = 40_000;
    const sent = 5000;
    const half = Readable.from(
      (async function* () {
        yield Buffer.alloc(sent, 0x61);
        await new Promise((r) => setTimeout(r, 100));
        throw new Error('the upload was cancelled');
      })(),
    );
    run.step(`POST /api/common/upload, ${declared} bytes declared, given up after ${sent}`);
    const r = await run.api.send('POST', '/api/common/upload', { body: half, headers: { 'content-length': String(declared), 'content-type': 'application/octet-stream' } });
    await run.observe('the upload never gets an answer, and never reaches the admin server', () => {
      expect(r.status).toBe(0);
      expect(run.stack.admin!.journal.map((e) => e.url)).not.toContain('/admin/common/upload');
    });
    await run.observe('nginx notes [info] "client prematurely closed connection" for it', async () => {
      await expect.poll(() => run.errorLog().filter((e) => e.message === 'client prematurely closed connection').map((e) => [e.level, e.request])).toEqual([['info', 'POST /api/common/upload HTTP/1.1']]);
    });
    await run.observe('beside the [notice] lines of its start (start worker process N), which the info level shows', () => {
      expect(run.errorLog().filter((e) => e.level === 'notice').map((e) => e.message)).toContainEqual(expect.stringMatching(/^start worker process \d+$/));
    });
  },
});
