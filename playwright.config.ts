import { defineConfig } from '@playwright/test';
import type { StackOptions } from './tests/fixtures.js';
import { chromiumPath, CHROMIUM_ARGS } from './harness/chaos/browser.js';

export default defineConfig<StackOptions>({
  testDir: './tests',
  globalSetup: './tests/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The system Chromium (Debian's `chromium`) where there is one, else Playwright's own download.
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    // The unit tests, and each fault's test beside it in harness/stack/faults/.
    { name: 'unit', testDir: '.', testMatch: [/tests\/unit\/.*\.spec\.ts/, /harness\/stack\/faults\/.*\.spec\.ts/] },
    { name: 'embedded', testIgnore: /unit\/.*\.spec\.ts/, use: { engine: 'embedded' } },
    { name: 'nginx', testIgnore: /unit\/.*\.spec\.ts/, use: { engine: 'nginx' } },
  ],
});
