// Which nginx `--proxy nginx` runs. The one the user names (--nginx, else HARNESS_NGINX) and only
// that; else the nginx.exe of the user's nginx folder (--nginx-dir, Windows); else the system's:
// nginx.exe on PATH on Windows, where no package manager puts it; the usual places, then PATH,
// elsewhere. The host is a parameter, so that the Windows rules are tested on any system.
import { statSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.nginxMissing.windows': 'nginx.exe is not on PATH. Name it with --nginx D:\\nginx-1.20.2\\nginx.exe, or run your whole nginx folder with --nginx-dir D:\\nginx-1.20.2',
    'stack.nginxMissing.posix': 'nginx is not installed: {install} (or `npx harness setup`, which does it as root or through sudo), or name one with --nginx PATH',
  },
  'zh-CN': {
    'stack.nginxMissing.windows': 'PATH 里没有 nginx.exe。请用 --nginx D:\\nginx-1.20.2\\nginx.exe 指定它，或者用 --nginx-dir D:\\nginx-1.20.2 运行你的整个 nginx 目录',
    'stack.nginxMissing.posix': 'nginx 没有安装：{install}（或者运行 `npx harness setup`，它会以 root 或通过 sudo 安装），或者用 --nginx PATH 指定一个',
  },
});

export type NginxHost = 'windows' | 'posix';

export interface NginxLookup {
  host: NginxHost;
  /** --nginx PATH. */
  named?: string;
  /** --nginx-dir DIR: the user's nginx folder (nginx.exe sits at its top on Windows). */
  dir?: string;
  env?: NodeJS.ProcessEnv;
  /** Whether a file is there (injected by the tests). */
  isFile?: (path: string) => boolean;
}

/** Where the distributions and nginx's own `make install` put it. */
const POSIX_PLACES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx', '/usr/bin/nginx'];

export function nginxHost(): NginxHost {
  return process.platform === 'win32' ? 'windows' : 'posix';
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The nginx to run, or undefined when there is none (NginxMissing says what to do). */
export function locateNginx(o: NginxLookup): string | undefined {
  const env = o.env ?? process.env;
  const exists = o.isFile ?? isFile;
  const named = o.named ?? env.HARNESS_NGINX;
  if (named) return exists(named) ? named : undefined;
  const path = o.host === 'windows' ? win32 : posix;
  const onPath = (name: string) =>
    (env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((d) => path.join(d, name))
      .find(exists);
  if (o.host === 'windows') {
    const own = o.dir ? path.join(o.dir, 'nginx.exe') : undefined;
    return (own && exists(own) ? own : undefined) ?? onPath('nginx.exe');
  }
  return POSIX_PLACES.find(exists) ?? onPath('nginx');
}

/** What to do when there is no nginx to run, for this host. */
export function nginxMissingAdvice(host: NginxHost, install: string): string {
  return host === 'windows' ? t('stack.nginxMissing.windows') : t('stack.nginxMissing.posix', { install });
}
