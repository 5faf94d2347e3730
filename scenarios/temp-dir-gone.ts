import { expect } from './steps/expect.js';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.temp-dir-gone.summary': 'The client_body_temp folder is removed while the proxy runs (a cleanup tool, a folder deleted by hand): an upload bigger than client_body_buffer_size gets 500 and a [crit] line; a login still works; once the folder is back, the upload goes through.',
    'scenario.temp-dir-gone.step1': 'POST /api/common/upload with {bytes} bytes (more than client_body_buffer_size, 8k)',
    'scenario.temp-dir-gone.observe1': 'the upload gets 500 (the conf\'s error_page: html/50x.html), and never reaches the admin server',
    'scenario.temp-dir-gone.observe2': 'nginx logs [crit] {fn} ".../temp/client_body_temp/0000000001" failed {errno}',
    'scenario.temp-dir-gone.observe3': 'a small body (the login) is kept in memory and still works',
    'scenario.temp-dir-gone.step2': 'the same upload once the folder is back',
    'scenario.temp-dir-gone.observe4': 'it reaches the admin server, which keeps the image and answers its URL',
    'scenario.temp-dir-gone.needsStandIn': 'it checks the stand-in\'s answer to an upload (a /api/common/download URL of its own)',
  },
  'zh-CN': {
    'scenario.temp-dir-gone.summary': '反向代理运行时 client_body_temp 目录被删除（清理工具、手动删除）：大于 client_body_buffer_size 的上传得到 500 和一行 [crit]；登录仍然正常；目录恢复后，上传也恢复正常。',
    'scenario.temp-dir-gone.step1': 'POST /api/common/upload，{bytes} 字节（大于 client_body_buffer_size，8k）',
    'scenario.temp-dir-gone.observe1': '上传得到 500（配置里的 error_page：html/50x.html），没有到达后端服务',
    'scenario.temp-dir-gone.observe2': 'nginx 记录 [crit] {fn} ".../temp/client_body_temp/0000000001" failed {errno}',
    'scenario.temp-dir-gone.observe3': '小的请求体（登录）放在内存里，仍然正常',
    'scenario.temp-dir-gone.step2': '目录恢复后再做同样的上传',
    'scenario.temp-dir-gone.observe4': '它到达后端服务，后端服务保存图片并返回它的 URL',
    'scenario.temp-dir-gone.needsStandIn': '它要检查管理端替身服务对上传的响应（一个它自己的 /api/common/download 地址）',
  },
});

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
