import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.body-too-large.summary': 'An upload over client_max_body_size (1 MiB, nginx\'s default) is refused with 413 before it reaches the admin server.',
    'scenario.body-too-large.step1': 'POST /api/common/upload with {bytes} bytes',
    'scenario.body-too-large.observe1': 'the client gets nginx\'s 413 page',
    'scenario.body-too-large.observe2': 'the error log says "client intended to send too large body: {bytes} bytes"',
    'scenario.body-too-large.observe3': 'the admin server never saw the upload',
  },
  'zh-CN': {
    'scenario.body-too-large.summary': '超过 client_max_body_size（1 MiB，nginx 的默认值）的上传在到达后端服务之前就被拒绝，返回 413。',
    'scenario.body-too-large.step1': 'POST /api/common/upload，{bytes} 字节',
    'scenario.body-too-large.observe1': '客户端得到 nginx 的 413 页面',
    'scenario.body-too-large.observe2': 'error log 里是 "client intended to send too large body: {bytes} bytes"',
    'scenario.body-too-large.observe3': '后端服务根本没收到这次上传',
  },
});

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
