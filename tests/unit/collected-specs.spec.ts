// What a run collects as tests: the repository's own spec files only, whatever earlier runs left in
// test-results/ (a spec file, a copy of the repository). Listed by two shards at once, as two
// shards run at once on one machine (`npm test`, then `--shard=1/2` and `--shard=2/2`).
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from '../../harness/paths.js';
import { playwrightCli } from '../support/playwright-cli.js';

interface JsonSuite {
  file?: string;
  suites?: JsonSuite[];
}

/** The spec files a `--list --reporter=json` run names, relative to the repository. */
function listedFiles(report: { config: { rootDir: string }; suites: JsonSuite[] }): string[] {
  const files: string[] = [];
  const walk = (s: JsonSuite) => {
    if (s.file) files.push(relative(repoRoot, join(report.config.rootDir, s.file)));
    s.suites?.forEach(walk);
  };
  report.suites.forEach(walk);
  return files;
}

test('spec files a run left in test-results/ (a copy of the repository) are never collected: two shards listed at once name only the repository\'s own', async ({}, testInfo) => {
  test.setTimeout(120_000);
  // What a test could leave in its output folder: a copy of the repository's specs, one per project.
  const left = testInfo.outputPath('clone');
  for (const spec of ['harness/embedded/http/uri.spec.ts', 'tests/engine/left-behind.spec.ts', 'harness/faults/left-behind.spec.ts']) {
    mkdirSync(dirname(join(left, spec)), { recursive: true });
    writeFileSync(join(left, spec), "import { test } from '@playwright/test';\ntest('left behind', () => {\n  throw new Error('collected from test-results/');\n});\n");
  }
  // The repository's own: every spec file git does not ignore (test-results/ is ignored).
  const own = new Set((await execa('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.spec.ts'], { cwd: repoRoot })).stdout.split('\n'));
  const shards = await Promise.all(['1/2', '2/2'].map((s) => execa(process.execPath, [playwrightCli, 'test', '--list', `--shard=${s}`, '--reporter=json'], { cwd: repoRoot, reject: false })));
  for (const r of shards) expect(r.exitCode, r.stderr).toBe(0);
  const listed = new Set(shards.flatMap((r) => listedFiles(JSON.parse(r.stdout))));
  expect([...listed].filter((f) => !own.has(f))).toEqual([]);
  expect(listed.size).toBeGreaterThan(0);
});
