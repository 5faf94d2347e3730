// A user's own Playwright suite with `harness up` as its webServer (the recipe of
// docs/your-own-suite.md): Playwright starts the stack, waits for its front page, and stops it with
// SIGTERM after the run. Run by tests/hygiene/user-suite.spec.ts, which hands it its ports.
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

const [port, adminPort] = (process.env.HARNESS_TEST_PORTS ?? '18080-18081').split('-').map(Number);

export default defineConfig({
  testDir: '.',
  testMatch: /webserver\.user\.ts$/,
  reporter: 'line',
  outputDir: process.env.NESTED_OUTPUT ?? 'test-results',
  use: { baseURL: `http://localhost:${port}/` },
  webServer: {
    command: `node bin/harness.js up --port ${port} --admin-port ${adminPort} --proxy ${process.env.NESTED_ENGINE ?? 'embedded'} --prefix ${join(process.env.NESTED_OUTPUT ?? 'test-results', 'stack')}`,
    cwd: join(import.meta.dirname, '..', '..'),
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
