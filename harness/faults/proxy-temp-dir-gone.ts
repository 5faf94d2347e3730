import { chownSync, existsSync, mkdirSync, rmSync, statSync, type Stats } from 'node:fs';
import { FaultError, requireProxy, type Fault, type FaultTarget } from './fault.js';
import { apiLocation } from './stack-conf.js';
import { readConf } from '../stack/registry.js';
import { t } from '../i18n/index.js';

/** Every client_body_temp_path of the stack's conf. */
function clientBodyTempPaths(target: FaultTarget): string[] {
  try {
    const conf = readConf(target.prefix, 'conf/nginx.conf');
    return [...new Set(conf.servers.flatMap((s) => s.locations.map((l) => l.clientBodyTempPath)))];
  } catch (e) {
    throw new FaultError(t('fault.proxy.temp-dir-gone.noConf', { error: (e as Error).message }));
  }
}

export const proxyTempDirGone: Fault = {
  name: 'proxy.temp-dir-gone',
  summary: t('fault.proxy.temp-dir-gone.summary'),
  params: [],
  effect(target) {
    const buffer = apiLocation(target)?.clientBodyBufferSize;
    return t('fault.proxy.temp-dir-gone.effect', { buffer: buffer ? t('fault.proxy.temp-dir-gone.buffer', { size: buffer / 1024 }) : '' });
  },
  async apply(target) {
    requireProxy(target);
    const gone: { path: string; stat: Stats }[] = [];
    for (const path of clientBodyTempPaths(target)) {
      if (!existsSync(path)) continue;
      gone.push({ path, stat: statSync(path) });
      rmSync(path, { recursive: true, force: true });
    }
    if (!gone.length) throw new FaultError(t('fault.proxy.temp-dir-gone.goneAlready', { paths: clientBodyTempPaths(target).join(', ') }));
    return {
      // As nginx made it: mode 0700, owned by the workers' user (nobody, when the master runs as root).
      async undo() {
        for (const { path, stat } of gone) {
          mkdirSync(path, { recursive: true, mode: stat.mode & 0o7777 });
          if (process.getuid?.() === 0) chownSync(path, stat.uid, stat.gid);
        }
      },
    };
  },
};
