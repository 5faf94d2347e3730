// Keeps dist/ in step with the TypeScript source, so neither `harness` nor the test suite can ever
// run a stale build. The stamp lists every source file's path, size and mtime: an edit, a deleted
// file, or one restored with an older mtime all change it (a newest-mtime check misses the last
// two). `npm run build` and `prepare` come through here too, so a fresh clone compiles once, at
// `npm install`, and the stamp says so. The check runs before every command, so it stays cheap: a
// walk and a stat per file, no hash (node:crypto alone takes longer to load than the walk), and
// `harness` stats only the sources of what it runs.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
/** The answers bin/answer-cache.js keeps: a build's, emptied when the next build starts. */
export const ANSWERS = join(root, 'dist', '.answers');
const sourceDirs = ['harness', 'stand-in', 'scenarios', 'tests', 'bench'];
const sourceFiles = ['tsconfig.json', 'package.json', 'playwright.config.ts', 'bin/bundle.js'];
/**
 * What `harness` runs is made of these alone: its check stats them (about half the files), and the
 * tests' and the bench's entries check everything (tests/global-setup.ts, `npm run bench`).
 */
const cliDirs = ['harness', 'stand-in', 'scenarios'];
const cliFiles = ['tsconfig.json', 'package.json', 'bin/bundle.js'];

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

/** Every source file's path, size and mtime, a line each (of this project, or of a copy's `dir`); or of `dirs` and `files` only. */
export function sourceSignature(dir = root, dirs = sourceDirs, files = sourceFiles) {
  const lines = files.map((f) => entry(dir, f)).filter((l) => l !== undefined);
  for (const d of dirs) collect(dir, d, lines);
  return lines.sort().join('\n');
}

/** The lines of a signature that are of `dirs` and `files`, in its order. */
function signatureOf(signature, dirs, files) {
  return signature
    .split('\n')
    .filter((l) => dirs.some((d) => l.startsWith(d + sep)) || files.some((f) => l.startsWith(f + ' ')))
    .join('\n');
}

/**
 * Chinese when the user reads Chinese. This runs before the TypeScript is compiled, so it cannot
 * load harness/i18n: it reads the environment in the same order as harness/i18n/locale.ts
 * (HARNESS_LANG, then the first of LC_ALL, LC_MESSAGES, LANG, then the system's locale, asked of
 * PluralRules as there: DateTimeFormat costs 30-45 ms of CPU), and
 * tests/unit/bin-build.spec.ts checks that the two agree.
 */
export function readsChinese(env = process.env, systemLocale = () => new Intl.PluralRules().resolvedOptions().locale) {
  const chosen = /^\s*(en|zh)(?:[-_]|\s*$)/i.test(env.HARNESS_LANG ?? '') ? env.HARNESS_LANG.trim() : undefined;
  const first = chosen ?? ['LC_ALL', 'LC_MESSAGES', 'LANG'].map((n) => env[n]).find(Boolean) ?? systemLocale();
  return /^zh(?:[-_.@]|$)/i.test(first);
}

// Asked only when the build says something: the check before every command stays a walk and a stat per file.
let zh;
const say = (en, zhCN) => process.stderr.write(`harness: ${(zh ??= readsChinese()) ? zhCN : en}\n`);

function builtSignature() {
  try { return readFileSync(stamp, 'utf8').trim(); } catch { return undefined; }
}

/**
 * Runs `build` holding dist/.build-lock: two runs at once (two shards, a test run and a command)
 * never compile into dist/ together; the second waits, then finds dist/ current. A lock whose
 * process is gone (a build killed midway) is taken over.
 */
function withBuildLock(build) {
  const lock = join(root, 'dist', '.build-lock');
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    let owner;
    try { owner = Number(readFileSync(join(lock, 'pid'), 'utf8')); } catch { owner = undefined; }
    if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  try {
    build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** An installed package (npm pack's tarball) ships dist/ and not the TypeScript source: nothing to build. */
const isPackage = !existsSync(join(root, 'harness', 'cli.ts'));

/** Builds when the source changed since the last build: all of it, or with `forCli` what `harness` runs. */
export function ensureBuilt({ quiet = false, force = false, forCli = false } = {}) {
  if (isPackage) return;
  if (!force && isCurrent(forCli)) return;
  withBuildLock(() => build({ quiet, force }));
}

function isCurrent(forCli) {
  const built = builtSignature();
  if (!forCli) return built === sourceSignature();
  return built !== undefined && signatureOf(built, cliDirs, cliFiles) === sourceSignature(root, cliDirs, cliFiles);
}

function build({ quiet, force }) {
  // Loaded only to compile: the check before every command does not need it.
  const { execFileSync } = process.getBuiltinModule('node:child_process');
  // Taken before compiling: a file saved during the build makes the next run build again.
  const signature = sourceSignature();
  const built = builtSignature();
  // Another run may have compiled while this one waited for the lock.
  if (!force && built === signature) return;
  if (!quiet) {
    if (built === undefined) say('compiling the TypeScript source (first build)...', '正在编译 TypeScript 源码（第一次构建）……');
    else say('the TypeScript source changed since the last build; compiling (tsc)...', 'TypeScript 源码在上次构建后有改动，正在重新编译（tsc）……');
  }
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const [name, file] of [['TypeScript', tsc], ['esbuild', join(root, 'node_modules', 'esbuild', 'package.json')]]) {
    if (existsSync(file)) continue;
    say(`${name} is not installed. Run \`npm install\` in ${root} first.`, `${name} 没有安装。请先在 ${root} 里运行 \`npm install\`。`);
    process.exit(1);
  }
  rmSync(ANSWERS, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [tsc, '-p', root], { stdio: 'inherit' });
  } catch {
    say('the TypeScript build failed (errors above). Fix them, then run the command again.', 'TypeScript 构建失败（错误见上方）。改正后再运行一次命令。');
    process.exit(1);
  }
  pruneStale();
  // What `harness` runs (bin/bundle.js), made from tsc's output.
  try {
    execFileSync(process.execPath, [join(root, 'bin', 'bundle.js')], { stdio: 'inherit' });
  } catch {
    say('bundling dist/ with esbuild failed (errors above).', '用 esbuild 打包 dist/ 失败（错误见上方）。');
    process.exit(1);
  }
  writeFileSync(stamp, signature + '\n');
}

/**
 * tsc never removes what it wrote for a source that is gone (renamed or deleted): its .js would
 * stay importable, and a test or the bundle could run it. What has no .ts beside it is removed.
 */
function pruneStale() {
  const walk = (rel) => {
    let entries;
    try { entries = readdirSync(join(root, 'dist', rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const r = join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else {
        const source = r.replace(/\.(js|js\.map|d\.ts)$/, '.ts');
        if (source !== r && !existsSync(join(root, source))) rmSync(join(root, 'dist', r));
      }
    }
  };
  for (const d of sourceDirs) walk(d);
}

// `node bin/build.js` (prepare: when the source changed) and `node bin/build.js --force` (npm run build).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureBuilt({ force: process.argv.includes('--force') });
