import { expect } from './steps/expect.js';
import net from 'node:net';
import { Readable } from 'node:stream';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import type { Run } from '../harness/scenario-runner/runner.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.client-gives-up.summary': 'The client side goes away or speaks nonsense (an upload cancelled halfway, a request reset mid-way, https:// typed for the http:// port), and an upload big enough for a temp file: with error_log at info nginx notes each, and the doctor reads them as nothing to act on.',
    'scenario.client-gives-up.step1': 'POST /api/common/upload, {declared} bytes declared, given up after {sent}',
    'scenario.client-gives-up.observe1': 'the upload never gets an answer, and never reaches the admin server',
    'scenario.client-gives-up.observe2': 'nginx notes [info] "client prematurely closed connection" for it',
    'scenario.client-gives-up.step2': 'a client resets its connection halfway through its request\'s headers',
    'scenario.client-gives-up.observe3': 'nginx notes [info] "{recv} ({reset}: ...) while reading client request headers"',
    'scenario.client-gives-up.step3': 'a TLS handshake on the plain-HTTP port (https:// typed for http://)',
    'scenario.client-gives-up.observe4': '400 Bad Request, and [info] "client sent invalid method while reading client request line"',
    'scenario.client-gives-up.step4': 'POST /api/common/upload with a {declared}-byte image, whole this time',
    'scenario.client-gives-up.observe5': 'its body is bigger than client_body_buffer_size: nginx notes [warn] "a client request body is buffered to a temporary file .../client_body_temp/..."',
    'scenario.client-gives-up.observe6': 'beside the [notice] lines of its start (start worker process N), which the info level shows',
  },
  'zh-CN': {
    'scenario.client-gives-up.summary': '客户端中途离开或发来乱码（上传到一半取消、请求中途重置连接、对 http:// 端口用了 https://），还有一个大到要用临时文件的上传：error_log 设为 info 时 nginx 逐一记录，doctor 认为都不需要处理。',
    'scenario.client-gives-up.step1': 'POST /api/common/upload，声明 {declared} 字节，发了 {sent} 后放弃',
    'scenario.client-gives-up.observe1': '这次上传没有响应，也没有到达后端服务',
    'scenario.client-gives-up.observe2': 'nginx 为它记一条 [info] "client prematurely closed connection"',
    'scenario.client-gives-up.step2': '客户端发请求头发到一半重置连接',
    'scenario.client-gives-up.observe3': 'nginx 记一条 [info] "{recv} ({reset}: ...) while reading client request headers"',
    'scenario.client-gives-up.step3': '在普通 HTTP 端口上做 TLS 握手（把 http:// 写成了 https://）',
    'scenario.client-gives-up.observe4': '400 Bad Request，以及 [info] "client sent invalid method while reading client request line"',
    'scenario.client-gives-up.step4': 'POST /api/common/upload，一张 {declared} 字节的图片，这次完整发送',
    'scenario.client-gives-up.observe5': '它的请求体大于 client_body_buffer_size：nginx 记一条 [warn] "a client request body is buffered to a temporary file .../client_body_temp/..."',
    'scenario.client-gives-up.observe6': '还有启动时的 [notice] 行（start worker process N），info 级别会显示它们',
  },
});

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
