// The build check that runs before every `harness` command and the suite: a fresh clone compiles
// and bundles once (at npm install's `prepare`), not again at the first `npx harness`; a source file deleted,
// or restored with an older mtime, is a change a newest-mtime check would miss; two runs at once
// compile once; what tsc wrote for a deleted source goes with it.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../harness/paths.js';
// @ts-expect-error plain JS module shared with bin/harness.js
import { readsChinese, sourceSignature } from '../../bin/build.js';
import { detectLang } from '../../harness/i18n/locale.js';

const signature = sourceSignature as (dir?: string) => string;

test('the build speaks Chinese exactly where the harness does (it runs before harness/i18n is compiled)', () => {
  const envs: NodeJS.ProcessEnv[] = [
    { LANG: 'zh_CN.UTF-8' },
    { LANG: 'zh_TW.UTF-8' },
    { LANG: 'en_US.UTF-8' },
    { LANG: 'C' },
    { LC_ALL: 'C', LANG: 'zh_CN.UTF-8' },
    { LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' },
    { HARNESS_LANG: 'en', LANG: 'zh_CN.UTF-8' },
    { HARNESS_LANG: 'zh', LANG: 'C' },
    { HARNESS_LANG: 'zh_CN' },
    { HARNESS_LANG: 'fr', LANG: 'zh_CN.UTF-8' },
    { LANG: '' },
  ];
  for (const system of ['zh-CN', 'en-US', 'de-DE']) {
    for (const env of envs) {
      const harness = detectLang(env, () => system) === 'zh-CN';
      expect((readsChinese as (e: NodeJS.ProcessEnv, s: () => string) => boolean)(env, () => system), `${JSON.stringify(env)} on a ${system} system`).toBe(harness);
    }
  }
});

test('the source signature changes with an edit, a deletion and a restore with the old mtime', async ({}, testInfo) => {
  const dir = testInfo.outputPath('tree');
  const file = join(dir, 'harness', 'a.ts');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(join(dir, 'tsconfig.json'), '{}');
  writeFileSync(file, 'export const a = 1;\n');
  writeFileSync(join(dir, 'harness', 'b.ts'), 'export const b = 1;\n');
  // A whole second, which utimes() sets exactly (a copy's restored mtime is what it was).
  const mtime = new Date('2026-01-01T00:00:00Z');
  utimesSync(file, mtime, mtime);
  const original = signature(dir);
  expect(signature(dir)).toBe(original);
  unlinkSync(file);
  const deleted = signature(dir);
  expect(deleted).not.toBe(original);
  // Restored as `cp -p` or an archive restores it: older than the build made without it.
  writeFileSync(file, 'export const a = 1;\n');
  utimesSync(file, mtime, mtime);
  expect(signature(dir)).not.toBe(deleted);
  expect(signature(dir)).toBe(original);
  writeFileSync(file, 'export const a = 10;\n');
  utimesSync(file, mtime, mtime);
  expect(signature(dir)).not.toBe(original); // same mtime, another size
});

test('a fresh clone: npm install\'s prepare compiles and stamps; the first harness command does not compile again; two at once compile once', async () => {
  // The first compile bounds the rest (see freshClone); on a busy machine it alone can take minutes.
  test.setTimeout(600_000);
  // In the system's temp folder, removed after the test: a clone left in test-results/ would hold
  // the repo's spec files, which the next run would collect as its own.
  const clone = mkdtempSync(join(tmpdir(), 'harness-clone-'));
  try {
    await freshClone(clone);
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
});

async function freshClone(clone: string): Promise<void> {
  const tracked = (await execa('git', ['ls-files'], { cwd: repoRoot })).stdout.split('\n').filter((f) => !f.startsWith('bench/results/'));
  for (const f of tracked) {
    try {
      cpSync(join(repoRoot, f), join(clone, f), { recursive: true });
    } catch {
      // deleted in the working tree: not in a clone of it either
    }
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(clone, 'node_modules'));
  const started = Date.now();
  const prepare = await execa('npm', ['run', 'prepare'], { cwd: clone, all: true, reject: false });
  // Two more compiles follow (one of them with a second command waiting on it): each as long as
  // the first, with room for the commands' own start.
  const compile = Date.now() - started;
  test.setTimeout(compile + 3 * compile + 60_000);
  expect(prepare.exitCode, prepare.all).toBe(0);
  expect(prepare.all).toContain('compiling the TypeScript source (first build)');
  expect(readFileSync(join(clone, 'dist', '.build-stamp'), 'utf8').trim()).toBe(signature(clone));
  // And bundled what `harness` runs (bin/bundle.js).
  expect(existsSync(join(clone, 'dist', 'bundle', 'harness', 'cli.js'))).toBe(true);
  const first = await execa(process.execPath, [join(clone, 'bin', 'harness.js'), '--help'], { all: true });
  expect(first.all).not.toContain('compiling');
  // Its answer is kept (bin/answer-cache.js) until the next build: one made of an older source is never printed.
  const answers = join(clone, 'dist', '.answers');
  const kept = readdirSync(answers).filter((f) => f.startsWith('help.'));
  expect(kept).toHaveLength(1);
  expect(readFileSync(join(answers, kept[0]), 'utf8').trimEnd()).toBe(first.stdout);
  writeFileSync(join(answers, kept[0]), 'an answer of the build before\n');
  // A source file of what harness runs deleted: the next command rebuilds, though no file is newer than the stamp.
  rmSync(join(clone, 'harness', 'make-folder.spec.ts'));
  const after = await execa(process.execPath, [join(clone, 'bin', 'harness.js'), '--help'], { all: true });
  expect(after.all).toContain('the TypeScript source changed since the last build; compiling');
  // The build emptied the folder: the answer printed, and kept again, is the new build's.
  expect(after.stdout).toBe(first.stdout);
  expect(readFileSync(join(answers, kept[0]), 'utf8').trimEnd()).toBe(after.stdout);
  // And what tsc wrote for it is gone: a stale .js could still be imported and run.
  for (const out of ['make-folder.spec.js', 'make-folder.spec.js.map', 'make-folder.spec.d.ts']) expect(existsSync(join(clone, 'dist', 'harness', out)), out).toBe(false);
  expect(existsSync(join(clone, 'dist', 'harness', 'make-folder.js'))).toBe(true);
  // A test's source is none of harness's: harness does not compile for it, the tests' own check does.
  rmSync(join(clone, 'tests', 'unit', 'docs-links.spec.ts'));
  expect((await execa(process.execPath, [join(clone, 'bin', 'harness.js'), '--version', '--lang', 'en'], { all: true, reject: false })).all).not.toContain('compiling');
  const tests = await execa(process.execPath, ['--input-type=module', '-e', `import { ensureBuilt } from ${JSON.stringify(pathToFileURL(join(clone, 'bin', 'build.js')).href)}; ensureBuilt();`], { all: true });
  expect(tests.all).toContain('compiling');
  expect(existsSync(join(clone, 'dist', 'tests', 'unit', 'docs-links.spec.js'))).toBe(false);
  // Two commands at once on a changed source (two shards starting): one compiles, the other waits
  // for it and finds dist/ current.
  rmSync(join(clone, 'harness', 'stack', 'owner.spec.ts'));
  const both = await Promise.all([1, 2].map(() => execa(process.execPath, [join(clone, 'bin', 'harness.js'), '--help'], { all: true, reject: false })));
  expect(both.map((r) => r.exitCode)).toEqual([0, 0]);
  expect(both.filter((r) => r.all!.includes('compiling'))).toHaveLength(1);
  expect(readFileSync(join(clone, 'dist', '.build-stamp'), 'utf8').trim()).toBe(signature(clone));
}
