// ngx_open_file_cache.c as open_log_file_cache uses it. A log whose path has variables is opened
// by name for each line; with a cache, a file used `minUses` times stays open, and is written to
// even after its folder was moved away, until it is the least recently used of `max` files when
// another is opened, goes unused for `inactive`, or is older than `valid` and its name now names
// another file. A file used fewer times is closed after each line, but the cache counts its uses.
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import type { OpenLogFileCache } from './conf.js';

interface CachedFile {
  name: string;
  /** Closed while the file is used fewer than min_uses times. */
  fd?: number;
  dev: number;
  ino: number;
  uses: number;
  /** When it was opened or last found the same file by its name (the `valid` clock). */
  checked: number;
  accessed: number;
}

/** ngx_open_file(): append, create as 0644. Throws open()'s error. */
const openAppend = (name: string) => openSync(name, 'a', 0o644);

/** The same file as the cached one, by name: stat() failing or another inode is not. */
function sameFile(f: CachedFile): boolean {
  try {
    const st = statSync(f.name);
    return st.ino === f.ino && st.dev === f.dev;
  } catch {
    return false;
  }
}

export class OpenFileCache {
  /** In order of use, the least recent first (a Map keeps insertion order). */
  private readonly files = new Map<string, CachedFile>();

  constructor(private readonly o: OpenLogFileCache) {}

  /** ngx_open_cached_file(), `use(fd)`, then ngx_close_cached_file(). Throws open()'s error: no line is written. */
  use(name: string, use: (fd: number) => void): void {
    const now = Date.now();
    let f = this.files.get(name);
    if (f) {
      f.uses++;
      if (f.fd !== undefined && now - f.checked >= this.o.validMs) {
        if (sameFile(f)) f.checked = now;
        else this.close(f);
      }
      if (f.fd === undefined) {
        try {
          this.reopen(f, now);
        } catch (e) {
          this.files.delete(name);
          throw e;
        }
      }
      this.files.delete(name);
    } else {
      const fd = openAppend(name);
      // ngx_expire_old_cached_files(cache, 0): the least recently used goes to make room.
      if (this.files.size >= this.o.max) this.expire(0, now);
      f = { name, fd, uses: 1, checked: now, accessed: now, dev: 0, ino: 0 };
      this.stamp(f);
    }
    f.accessed = now;
    this.files.set(name, f);
    try {
      use(f.fd!);
    } finally {
      if (f.uses < this.o.minUses) this.close(f);
      // ngx_open_file_cleanup(): one or two files unused for `inactive` go.
      this.expire(1, now);
    }
  }

  private reopen(f: CachedFile, now: number): void {
    f.fd = openAppend(f.name);
    f.checked = now;
    this.stamp(f);
  }

  private stamp(f: CachedFile): void {
    const st = fstatSync(f.fd!);
    f.dev = st.dev;
    f.ino = st.ino;
  }

  private close(f: CachedFile): void {
    if (f.fd !== undefined) closeSync(f.fd);
    f.fd = undefined;
  }

  /** ngx_expire_old_cached_files(): from 0, the least recently used goes whatever its age; then up to two unused for `inactive`. */
  private expire(n: number, now: number): void {
    while (n < 3) {
      const oldest = this.files.values().next().value as CachedFile | undefined;
      if (!oldest || (n++ !== 0 && now - oldest.accessed <= this.o.inactiveMs)) return;
      this.files.delete(oldest.name);
      this.close(oldest);
    }
  }
}

/** Without open_log_file_cache: opened and closed for each line. */
export function useOnce(name: string, use: (fd: number) => void): void {
  const fd = openAppend(name);
  try {
    use(fd);
  } finally {
    closeSync(fd);
  }
}
