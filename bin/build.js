// Keeps dist/ in step with the TypeScript source, so neither `harness` nor the test suite can ever
// run a stale build. The stamp lists every source file's path, size and mtime: an edit, a deleted
// file, or one restored with an older mtime all change it (a newest-mtime check misses the last
// two). `npm run build` and `prepare` come through here too, so a fresh clone compiles once, at
// `npm install`, and the stamp says so. The check runs before every command, so it stays cheap: a
// walk and a stat per file, no hash (node:crypto alone takes longer to load than the walk).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const sourceDirs = ['harness', 'stubs', 'scenarios', 'tests', 'bench'];
const sourceFiles = ['tsconfig.json', 'package.json', 'playwright.config.ts'];

/** `path size mtime` of a file, its path relative to the project. */
function entry(dir, rel) {
  const s = statSync(dir + sep + rel, { throwIfNoEntry: false });
  return s ? `${rel} ${s.size} ${s.mtimeMs}` : undefined;
}

function collect(dir, rel, out) {
  let entries;
  try { entries = readdirSync(dir + sep + rel, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const r = rel + sep + e.name;
    if (e.isDirectory()) collect(dir, r, out);
    else if (e.name.endsWith('.ts')) out.push(entry(dir, r));
  }
}

/** Every source file's path, size and mtime, a line each (of this project, or of a copy's `dir`). */
export function sourceSignature(dir = root) {
  const lines = sourceFiles.map((f) => entry(dir, f)).filter((l) => l !== undefined);
  for (const d of sourceDirs) collect(dir, d, lines);
  return lines.sort().join('\n');
}

function builtSignature() {
  try { return readFileSync(stamp, 'utf8').trim(); } catch { return undefined; }
}

export function ensureBuilt({ quiet = false, force = false } = {}) {
  // Taken before compiling: a file saved during the build makes the next run build again.
  const signature = sourceSignature();
  const built = builtSignature();
  if (!force && built === signature) return;
  if (!quiet) {
    process.stderr.write(built === undefined ? 'harness: compiling the TypeScript source (first build)...\n' : 'harness: the TypeScript source changed since the last build; compiling (tsc)...\n');
  }
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
  writeFileSync(stamp, signature + '\n');
}

// `node bin/build.js` (prepare: when the source changed) and `node bin/build.js --force` (npm run build).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureBuilt({ force: process.argv.includes('--force') });
