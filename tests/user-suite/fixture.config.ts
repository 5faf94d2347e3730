// A user's own Playwright suite with the package's fixture (`sky-harness/test`): a stack per
// worker. Run by tests/hygiene/user-suite.spec.ts; also the recipe docs/your-own-suite.md shows.
import { defineConfig } from '@playwright/test';
import type { StackWorkerFixtures } from 'sky-harness/test';
import { chromiumPath, CHROMIUM_ARGS } from '../../harness/browser.js';

export default defineConfig<StackWorkerFixtures>({
  testDir: '.',
  testMatch: /fixture\.user\.ts$/,
  reporter: 'line',
  workers: 1,
  outputDir: process.env.NESTED_OUTPUT ?? 'test-results',
  use: {
    stackOptions: { proxy: process.env.NESTED_ENGINE === 'nginx' ? 'nginx' : 'embedded' },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
});
