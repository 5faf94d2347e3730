// `mkdir -p`, one level at a time. Node's mkdirSync({ recursive: true }) never returns where mkdir(2)
// says ENOENT below a folder that exists (/proc/1/x, some FUSE and network file systems): it makes
// the parent again, forever, at full CPU, and no signal is handled meanwhile.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** Makes `path` and its missing parents; an error (with its code) names the level that could not be made. */
export function makeFolder(path: string, mode?: number): void {
  const missing: string[] = [];
  for (let p = path; !statSync(p, { throwIfNoEntry: false }); p = dirname(p)) {
    if (dirname(p) === p) break;
    missing.unshift(p);
  }
  for (const p of missing) {
    try {
      mkdirSync(p, mode === undefined ? undefined : { mode });
    } catch (e) {
      // Another process made the same folder since the stat (two `harness up` on one new prefix).
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(p).isDirectory()) throw e;
    }
  }
  // An existing path that is no folder: mkdir's own EEXIST or ENOTDIR, as recursive mkdir gives them.
  if (!missing.length && !statSync(path).isDirectory()) mkdirSync(path);
}
