import { chownSync, existsSync, mkdirSync, rmSync, statSync, type Stats } from 'node:fs';
import { FaultError, requireProxy, type Fault, type FaultTarget } from './fault.js';
import { apiLocation } from './stack-conf.js';
import { readConf } from '../stack/registry.js';

/** Every client_body_temp_path of the stack's conf. */
function clientBodyTempPaths(target: FaultTarget): string[] {
  try {
    const conf = readConf(target.prefix, 'conf/nginx.conf');
    return [...new Set(conf.servers.flatMap((s) => s.locations.map((l) => l.clientBodyTempPath)))];
  } catch (e) {
    throw new FaultError(`proxy.temp-dir-gone needs the stack's nginx.conf to find client_body_temp_path, and it cannot be read: ${(e as Error).message}`);
  }
}

export const proxyTempDirGone: Fault = {
  name: 'proxy.temp-dir-gone',
  summary: 'The client_body_temp folder is removed while the proxy runs (a cleanup tool, a folder deleted by hand): the next request whose body needs a temp file (bigger than client_body_buffer_size, an upload) gets 500 and nginx\'s "[crit] open() ".../client_body_temp/0000000001" failed (2: No such file or directory)" (Windows: CreateFile() ... (3: The system cannot find the path specified)).',
  params: [],
  effect(target) {
    const buffer = apiLocation(target)?.clientBodyBufferSize;
    return `client_body_temp is gone: the next request to /api whose body is bigger than client_body_buffer_size${buffer ? ` (${buffer / 1024}k in this stack's conf)` : ''} gets 500 Internal Server Error and one [crit] line; smaller bodies (a login, a search) are kept in memory and still work (one with a Content-Length up to 1.25 times the buffer). nginx makes its temp folders only at start: \`harness chaos restore\` makes it again.`;
  },
  async apply(target) {
    requireProxy(target);
    const gone: { path: string; stat: Stats }[] = [];
    for (const path of clientBodyTempPaths(target)) {
      if (!existsSync(path)) continue;
      gone.push({ path, stat: statSync(path) });
      rmSync(path, { recursive: true, force: true });
    }
    if (!gone.length) throw new FaultError(`client_body_temp is gone already (${clientBodyTempPaths(target).join(', ')}): \`harness chaos restore\` makes it again.`);
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
