// `harness chaos run NAME` as a developer types it: the command wraps the same runner that
// scenarios.spec.ts drives, so here it is the command's own part that is checked: its progress and
// verdict lines, its exit codes, the browser it launches itself, the timeline files it writes, and
// `--doctor` over the run's logs. One browser scenario and one process scenario, on each engine.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { test, expect } from './fixtures.js';
import { distFile } from '../harness/paths.js';

const chaosRun = (args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'chaos', 'run', ...args], { reject: false, all: true });

for (const [name, condition] of [
  ['login-and-page', undefined],
  ['worker-crash', 'worker-crashed'],
] as const) {
  test(`harness chaos run ${name}: a verdict per observation, exit 0, the timeline files${condition ? ', and the doctor names ' + condition : ''}`, async ({ engine }, testInfo) => {
    test.setTimeout(60_000);
    const out = testInfo.outputPath('run');
    const r = await chaosRun([name, '--proxy', engine, '--out', out, ...(condition ? ['--doctor'] : [])]);
    expect(r.exitCode, r.all).toBe(0);
    expect(r.all).toMatch(/PASSED: (\d+) of \1 observations hold\./);
    expect(r.all).not.toMatch(/FAIL/);
    const timeline = JSON.parse(readFileSync(join(out, 'timeline.json'), 'utf8')) as { events: unknown[] };
    expect(timeline.events.length).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'timeline.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    if (condition) expect(r.all).toMatch(new RegExp(`harness doctor on the stack's logs:[\\s\\S]*error\\.log: .*: ${condition} ×1\\.`));
  });
}

test('harness chaos run: an unknown scenario is a usage error (exit 2) that lists the scenarios', async ({ engine }, testInfo) => {
  const r = await chaosRun(['no-such-scenario', '--proxy', engine, '--out', testInfo.outputPath('run')]);
  expect(r.exitCode).toBe(2);
  expect(r.all).toContain('no scenario "no-such-scenario"');
  expect(r.all).toContain('admin-down');
  expect(existsSync(testInfo.outputPath('run'))).toBe(false);
});
