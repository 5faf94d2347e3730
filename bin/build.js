// Keeps dist/ in step with the TypeScript source, so neither `harness` nor the test suite
// can ever run a stale build: compare the newest source mtime with the last build's stamp.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const sourceDirs = ['harness', 'stubs', 'scenarios', 'tests', 'bench'];

function newestSource(dir, newest = 0) {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return newest; }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = newestSource(p, newest);
    else if (e.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export function isStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const files = ['tsconfig.json', 'package.json', 'playwright.config.ts'].map((f) => join(root, f));
  let newest = Math.max(...files.filter(existsSync).map((f) => statSync(f).mtimeMs));
  for (const d of sourceDirs) newest = newestSource(join(root, d), newest);
  return newest > built;
}

export function ensureBuilt({ quiet = false } = {}) {
  if (!isStale()) return;
  if (!quiet) process.stderr.write('harness: the TypeScript source changed since the last build; compiling (tsc)...\n');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) {
    process.stderr.write('harness: TypeScript is not installed. Run `npm install` in ' + root + ' first.\n');
    process.exit(1);
  }
  try {
    execFileSync(process.execPath, [tsc, '-p', root], { stdio: 'inherit' });
  } catch {
    process.stderr.write('harness: the TypeScript build failed (errors above). Fix them, then run the command again.\n');
    process.exit(1);
  }
  writeFileSync(stamp, new Date().toISOString() + '\n');
}
