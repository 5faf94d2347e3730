// A user's nginx folder, shaped as the course ships nginx-1.20.2 for Windows: conf/nginx.conf (the
// course's conf, on the test's ports), conf/mime.types, html/ with the built front end in html/sky,
// logs/ with the pid file of an nginx that has long gone, and no temp/ (nginx.exe itself is left
// out: this system runs its own nginx on the folder). `files()` lists what is in it, to show what a
// run wrote there.
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COURSE_CONF } from './course-conf.js';
import { userLine } from './proxy-under-test.js';
import { nginxAssets, repoRoot } from '../../harness/paths.js';

/** The pid a stale logs/nginx.pid names, as Windows nginx writes it (CRLF). */
export const STALE_PID = '6120\r\n';

export function courseNginxFolder(dir: string, port: number, adminPort: number): string {
  mkdirSync(join(dir, 'conf'), { recursive: true });
  mkdirSync(join(dir, 'logs'));
  mkdirSync(join(dir, 'html'));
  writeFileSync(join(dir, 'conf', 'nginx.conf'), userLine() + COURSE_CONF.replace('listen       80;', `listen       ${port};`).replaceAll(':8080', `:${adminPort}`));
  cpSync(join(nginxAssets, 'mime.types'), join(dir, 'conf', 'mime.types'));
  cpSync(join(nginxAssets, '50x.html'), join(dir, 'html', '50x.html'));
  cpSync(join(repoRoot, 'tests', 'fixtures', 'course-frontend'), join(dir, 'html', 'sky'), { recursive: true });
  writeFileSync(join(dir, 'logs', 'nginx.pid'), STALE_PID);
  return dir;
}

/** Every file and folder under `dir` (relative, folders ending in /), with each file's bytes. */
export function files(dir: string): Map<string, Buffer | 'folder'> {
  const all = new Map<string, Buffer | 'folder'>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) {
        all.set(relative(dir, path) + '/', 'folder');
        walk(path);
      } else all.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return all;
}
