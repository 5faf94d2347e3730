// A Playwright run inside a test (tests/hygiene/test-timeout.spec.ts): one test that times out.
import { defineConfig } from '@playwright/test';
import type { StackOptions } from '../../fixtures.js';

export default defineConfig<StackOptions>({
  testDir: '.',
  testMatch: /\.nested\.ts$/,
  // No limit until the test has its stack up; it then sets its own timeout (a second later).
  timeout: 0,
  reporter: 'line',
  outputDir: process.env.NESTED_OUTPUT ?? 'test-results',
  projects: [{ name: 'nested', use: { engine: process.env.NESTED_ENGINE === 'nginx' ? 'nginx' : 'embedded' } }],
});
