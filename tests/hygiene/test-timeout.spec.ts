// A Playwright test that times out still stops its stack (fixture teardown).
import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { repoRoot } from '../../harness/paths.js';
import { canBind } from '../../harness/ports.js';
import { alive } from '../support/processes.js';
import { playwrightCli } from '../support/playwright-cli.js';
import { nestedRunPorts } from '../support/ports.js';

test('a test that times out leaves no process of ours and no port held', async ({ engine }, testInfo) => {
  // A whole Playwright run (its start, a worker, a stack, the timeout, the teardown) in one test.
  test.slow();
  const report = testInfo.outputPath('report.json');
  const r = await execa(process.execPath, [playwrightCli, 'test', '-c', 'tests/hygiene/nested/nested.config.ts'], {
    cwd: repoRoot,
    reject: false,
    all: true,
    env: { ...nestedRunPorts(), NESTED_REPORT: report, NESTED_ENGINE: engine, NESTED_OUTPUT: testInfo.outputPath('nested') },
  });
  expect(r.exitCode).toBe(1);
  expect(r.all).toMatch(/Test timeout of \d+ms exceeded/);
  const { pids, ports } = JSON.parse(readFileSync(report, 'utf8')) as { pids: number[]; ports: number[] };
  expect(pids.length).toBeGreaterThanOrEqual(1);
  expect(pids.filter(alive)).toEqual([]);
  for (const p of ports) expect(await canBind('127.0.0.1', p)).toEqual({ ok: true });
});
