// A small file system that a test fills: a tmpfs of its own, which only root may mount. Where it
// cannot be mounted, `mountTmpfs` says why, for the test to skip with that reason.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Fills what is left of it (the file `fill`), so that the next write fails with ENOSPC. */
  fill(): void;
  unmount(): void;
}

/** Mounts a tmpfs of `kb` KiB on `dir` (read-only: nothing can be made in it); a string says why it could not be. */
export function mountTmpfs(dir: string, kb = 1024, o: { readOnly?: boolean } = {}): SmallDisk | string {
  if (process.platform !== 'linux') return 'a tmpfs is Linux only';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k${o.readOnly ? ',ro' : ''}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    return `mount -t tmpfs failed: ${String((e as { stderr?: Buffer }).stderr ?? e).trim()}`;
  }
  return {
    dir,
    fill() {
      try {
        writeFileSync(join(dir, 'fill'), Buffer.alloc((kb + 64) * 1024));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
    },
    // Lazily: a process of the test's may still hold a file open there.
    unmount: () => execFileSync('umount', ['-l', dir], { stdio: 'pipe' }),
  };
}
