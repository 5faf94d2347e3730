import { expect } from 'playwright/test';
import net from 'node:net';
import { Readable } from 'node:stream';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import type { Run } from '../harness/scenario-runner/runner.js';
import { t } from '../harness/i18n/index.js';

/** Bytes a client writes on a connection of its own, then how it leaves: a reset, or a close after
 *  reading the answer. On the timeline as a client request when its request line is readable. */
function raw(run: Run, bytes: Buffer, leave: 'reset' | 'close'): Promise<string> {
  const line = /^([A-Z]+) (\S+) HTTP\//.exec(bytes.toString('latin1'));
  run.timeline.poll();
  const ev = line ? run.timeline.request('client', line[1], line[2]) : undefined;
  return new Promise((resolve) => {
    const got: Buffer[] = [];
    // Once the kernel has the bytes: TCP keeps the order, so the proxy reads them, then the reset or FIN.
    const c = net.connect({ host: '127.0.0.1', port: run.stack.spec.proxyPort }, () => c.write(bytes, () => (leave === 'reset' ? c.resetAndDestroy() : c.end())));
    c.on('data', (d) => got.push(d));
    c.on('error', () => undefined);
    c.on('close', () => {
      if (ev) {
        ev.end = run.timeline.now();
        ev.detail = 'failed';
        ev.short = leave;
      }
      run.timeline.poll();
      resolve(Buffer.concat(got).toString('latin1'));
    });
  });
}

export default defineScenario({
  name: 'client-gives-up',
  summary: t('scenario.client-gives-up.summary'),
  profiles: ['linux', 'windows'],
  stack: () => ({ conf: { errorLogLevel: 'info' } }),
  diagnosis: { conditions: [], harmless: ['client-closed', 'client-reset', 'client-bad-request', 'body-buffered', 'info'] },
  observations: 6,
  seconds: 2,
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
    run.step(t('scenario.client-gives-up.step1', { declared, sent }));
    const r = await run.api.send('POST', '/api/common/upload', { body: half, headers: { 'content-length': String(declared), 'content-type': 'application/octet-stream' } });
    await run.observe(t('scenario.client-gives-up.observe1'), () => {
      expect(r.status).toBe(0);
      expect(run.stack.adminShell!.journal.map((e) => e.url)).not.toContain('/admin/common/upload');
    });
    await run.observe(t('scenario.client-gives-up.observe2'), async () => {
      await expect.poll(() => run.errorLog().filter((e) => e.message === 'client prematurely closed connection').map((e) => [e.level, e.request])).toEqual([['info', 'POST /api/common/upload HTTP/1.1']]);
    });
    run.step(t('scenario.client-gives-up.step2'));
    await raw(run, Buffer.from('GET /api/employee/page HTTP/1.1\r\nHost: localhost\r\n'), 'reset');
    const [recv, reset] = run.os === 'windows' ? ['WSARecv() failed', 10054] : ['recv() failed', 104];
    await run.observe(t('scenario.client-gives-up.observe3', { recv, reset }), async () => {
      await expect.poll(() => run.errorLog().filter((e) => e.message === recv).map((e) => [e.level, e.errno?.code, e.action])).toEqual([['info', reset, 'reading client request headers']]);
    });
    run.step(t('scenario.client-gives-up.step3'));
    const answer = await raw(run, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]), 'close');
    await run.observe(t('scenario.client-gives-up.observe4'), async () => {
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      await expect.poll(() => run.errorLog().filter((e) => e.message === 'client sent invalid method').map((e) => [e.level, e.action])).toEqual([['info', 'reading client request line']]);
    });
    // An image as the admin pages upload it (multipart), which the admin server reads whole before
    // it answers: a body it refused unread would race its close (a reset) against nginx's sending.
    const boundary = 'harness-upload';
    const image = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(declared, 0x61),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    run.step(t('scenario.client-gives-up.step4', { declared }));
    await run.api.send('POST', '/api/common/upload', { body: image, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    await run.observe(t('scenario.client-gives-up.observe5'), async () => {
      await expect.poll(() => run.errorLog().filter((e) => e.level === 'warn' && e.message.startsWith('a client request body is buffered to a temporary file ')).map((e) => e.request)).toEqual(['POST /api/common/upload HTTP/1.1']);
    });
    await run.observe(t('scenario.client-gives-up.observe6'), () => {
      expect(run.errorLog().filter((e) => e.level === 'notice').map((e) => e.message)).toContainEqual(expect.stringMatching(/^start worker process \d+$/));
    });
  },
});
