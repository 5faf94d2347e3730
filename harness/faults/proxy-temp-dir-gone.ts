import { chownSync, existsSync, rmSync, statSync, type Stats } from 'node:fs';
import { makeFolder } from '../make-folder.js';
import { FaultError, requireProxy, type Fault, type FaultTarget } from './fault.js';
import { apiLocation, loadConfReader } from './stack-conf.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The client_body_temp folder is removed while the proxy runs (a cleanup tool, a folder deleted by hand): the next request whose body needs a temp file (bigger than client_body_buffer_size, an upload) gets 500 and nginx\'s "[crit] open() ".../client_body_temp/0000000001" failed (2: No such file or directory)" (Windows: CreateFile() ... (3: The system cannot find the path specified)).',
    brief: 'The client_body_temp folder is removed while the proxy runs',
    effect: 'client_body_temp is gone: the next request to /api whose body is bigger than client_body_buffer_size{buffer} gets 500 Internal Server Error and one [crit] line; smaller bodies (a login, a search) are kept in memory and still work (one with a Content-Length up to 1.25 times the buffer). nginx makes its temp folders only at start: `harness chaos restore` makes it again.',
    buffer: ' ({size}k in this stack\'s conf)',
    noConf: 'proxy.temp-dir-gone needs the stack\'s nginx.conf to find client_body_temp_path, and it cannot be read: {error}',
    goneAlready: 'client_body_temp is gone already ({paths}): `harness chaos restore` makes it again.',
  },
  'zh-CN': {
    summary: '反向代理运行时 client_body_temp 目录被删除（清理工具、手动删除）：下一个需要临时文件的请求体（大于 client_body_buffer_size，例如上传）得到 500，nginx 记录 "[crit] open() ".../client_body_temp/0000000001" failed (2: No such file or directory)"（Windows 上是 CreateFile() ... (3: The system cannot find the path specified)）。',
    brief: '反向代理运行时 client_body_temp 目录被删除',
    effect: 'client_body_temp 已被删除：下一个请求体大于 client_body_buffer_size{buffer} 的 /api 请求会得到 500 Internal Server Error 和一行 [crit]；较小的请求体（登录、搜索）放在内存里，仍然正常（Content-Length 不超过缓冲区 1.25 倍的也一样）。nginx 只在启动时创建临时目录：`harness chaos restore` 会重新创建它。',
    buffer: '（这个环境的配置里是 {size}k）',
    noConf: 'proxy.temp-dir-gone 需要读取环境的 nginx.conf 来找到 client_body_temp_path，但读取失败：{error}',
    goneAlready: 'client_body_temp 已经被删除了（{paths}）：`harness chaos restore` 会重新创建它。',
  },
});

/** Every client_body_temp_path of the stack's conf. */
async function clientBodyTempPaths(target: FaultTarget): Promise<string[]> {
  const loadNginxConf = await loadConfReader();
  try {
    const conf = loadNginxConf(target.prefix, 'conf/nginx.conf');
    return [...new Set(conf.servers.flatMap((s) => s.locations.map((l) => l.clientBodyTempPath)))];
  } catch (e) {
    throw new FaultError(t('noConf', { error: (e as Error).message }));
  }
}

export const proxyTempDirGone: Fault = {
  name: 'proxy.temp-dir-gone',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [],
  effect(target) {
    const buffer = apiLocation(target)?.clientBodyBufferSize;
    return t('effect', { buffer: buffer ? t('buffer', { size: buffer / 1024 }) : '' });
  },
  async apply(target) {
    requireProxy(target);
    const gone: { path: string; stat: Stats }[] = [];
    const paths = await clientBodyTempPaths(target);
    for (const path of paths) {
      if (!existsSync(path)) continue;
      gone.push({ path, stat: statSync(path) });
      rmSync(path, { recursive: true, force: true });
    }
    if (!gone.length) throw new FaultError(t('goneAlready', { paths: paths.join(', ') }));
    return {
      // As nginx made it: mode 0700, owned by the workers' user (nobody, when the master runs as root).
      async undo() {
        for (const { path, stat } of gone) {
          makeFolder(path, stat.mode & 0o7777);
          if (process.getuid?.() === 0) chownSync(path, stat.uid, stat.gid);
        }
      },
    };
  },
};
