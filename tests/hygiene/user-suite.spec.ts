// The package in a user's own Playwright suite, both ways the docs give: the `sky-harness/test`
// fixture (a stack per worker, faults through it) and `harness up` as the suite's webServer. Each
// is a whole Playwright run inside this test, and leaves no process behind.
import { execa } from 'execa';
import { test, expect } from '../fixtures.js';
import { repoRoot } from '../../harness/paths.js';
import { playwrightCli } from '../support/playwright-cli.js';
import { nestedRunPorts } from '../support/ports.js';
import { descendants } from '../support/processes.js';

for (const config of ['fixture', 'webserver']) {
  test(`a user's suite with ${config === 'fixture' ? 'the sky-harness/test fixture' : 'harness up as its webServer'}: green, nothing left running`, async ({ engine }, testInfo) => {
    test.slow();
    const run = execa(process.execPath, [playwrightCli, 'test', '-c', `tests/user-suite/${config}.config.ts`], {
      cwd: repoRoot,
      reject: false,
      all: true,
      env: { ...nestedRunPorts(), NESTED_ENGINE: engine, NESTED_OUTPUT: testInfo.outputPath('nested') },
    });
    const r = await run;
    expect(r.exitCode, r.all).toBe(0);
    expect(r.all).toMatch(config === 'fixture' ? /3 passed/ : /1 passed/);
    expect(descendants(run.pid!)).toEqual([]);
  });
}
