import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import type { StackOptions } from './tests/fixtures.js';

// The system Chromium (Debian's `chromium` package) where there is one, else Playwright's own
// download: `npx playwright install` cannot reach the network on every machine.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig<StackOptions>({
  testDir: './tests',
  globalSetup: './tests/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.HARNESS_CHROMIUM ?? systemChromium,
      // Chromium's own background traffic is refused on a machine without a network.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'unit', testMatch: /unit\/.*\.spec\.ts/ },
    { name: 'embedded', testIgnore: /unit\/.*\.spec\.ts/, use: { engine: 'embedded' } },
    { name: 'nginx', testIgnore: /unit\/.*\.spec\.ts/, use: { engine: 'nginx' } },
  ],
});
