// The file system as the static handler reads it: stat() without a throw, and small files' contents
// kept while their stat says they are unchanged (nginx has open_file_cache off by default, so a
// file is always served as it now is; this saves the open, fstat, read and close, not the stat).
import { readFileSync, statSync, type Stats } from 'node:fs';

/** stat(), with the error (ENOENT, EACCES, ENOTDIR...) as its result instead of a throw. */
export function statOrError(path: string): Stats | NodeJS.ErrnoException {
  try {
    return statSync(path);
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/**
 * Small files' contents, so that a file served again costs a stat (which every request still
 * makes) instead of open, fstat, read and close. An entry is used only while the file's stat is
 * the one it was read under; a file changed less than SETTLED_MS before it was read is not kept,
 * since another change within the file system's timestamp granularity could leave its stat as it
 * was. So a file that changes is always served as it now is, as nginx (without
 * open_file_cache) does.
 */
interface CachedFile {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  data: Buffer;
}

/** A file (or directory) changed less than this before it was read is not kept: see smallFile(). */
export const SETTLED_MS = 1000;
const CACHE_BYTES = 16 * 1024 * 1024;
const contents = new Map<string, CachedFile>();
let cachedBytes = 0;

function sameFile(c: CachedFile, st: Stats): boolean {
  return c.ino === st.ino && c.dev === st.dev && c.size === st.size && c.mtimeMs === st.mtimeMs && c.ctimeMs === st.ctimeMs;
}

/** The contents of the small file `path`, whose stat is `st` (throws as readFileSync does). */
export function smallFile(path: string, st: Stats): Buffer {
  const known = contents.get(path);
  if (known && sameFile(known, st)) return known.data;
  if (known) {
    contents.delete(path);
    cachedBytes -= known.size;
  }
  const data = readFileSync(path);
  if (data.length === st.size && Date.now() - st.ctimeMs > SETTLED_MS) {
    // The oldest entries make room (a Map iterates in insertion order).
    for (const [p, c] of contents) {
      if (cachedBytes + data.length <= CACHE_BYTES) break;
      contents.delete(p);
      cachedBytes -= c.size;
    }
    contents.set(path, { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, data });
    cachedBytes += data.length;
  }
  return data;
}
