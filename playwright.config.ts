import { defineConfig } from '@playwright/test';

// Playwright gives its workers FORCE_COLOR=1, for its own output. The commands a test runs (and the
// doctor a test calls) would then colour theirs, as FORCE_COLOR asks: the tests read plain text.
// Each worker loads this file before any spec; the commands' own colour rules have tests of their own.
delete process.env.FORCE_COLOR;
// The specs read the harness's English; a spec of the Chinese asks for it (--lang zh-CN).
process.env.HARNESS_LANG = 'en';
import type { StackOptions } from './tests/fixtures.js';
import { chromiumPath, CHROMIUM_ARGS } from './harness/browser.js';
import { repoRoot } from './harness/paths.js';

/**
 * The shard this run is (`--shard=K/N`), read where the runner loads this file and passed on to its
 * workers (which load it too, without the flag) through the environment: each shard writes its own
 * output and report folders and takes its own ports (tests/support/ports.ts), so two shards can run
 * at once on one machine.
 */
const flag = process.argv.findIndex((a) => a === '--shard' || a.startsWith('--shard='));
if (flag >= 0) process.env.HARNESS_SHARD = process.argv[flag].includes('=') ? process.argv[flag].split('=')[1] : process.argv[flag + 1];

/** `folder`, or its subfolder for this shard (`test-results/shard-1-of-2`). */
export const runFolder = (folder: string) => (process.env.HARNESS_SHARD ? `${folder}/shard-${process.env.HARNESS_SHARD.replace('/', '-of-')}` : folder);

/**
 * What runs leave in the checkout (output, reports, stacks, the build, the install): never
 * collected as tests, whatever a test leaves there (a spec file in a copy of the repository).
 * Anchored at the checkout, whose own path may hold any of these names.
 */
const OUTPUT_FOLDERS = new RegExp(`^${repoRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(test-results|playwright-report|blob-report|\\.harness|dist|node_modules)/`);

export default defineConfig<StackOptions>({
  testDir: './tests',
  testIgnore: OUTPUT_FOLDERS,
  globalSetup: './tests/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: runFolder('test-results'),
  reporter: [['list'], ['html', { open: 'never', outputFolder: runFolder('playwright-report') }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The system Chromium (Debian's `chromium`) where there is one, else Playwright's own download.
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    // The unit tests: tests/unit/, and the specs beside the modules they test (harness/, stand-in/).
    { name: 'unit', testDir: '.', testMatch: [/tests\/unit\/.*\.spec\.ts/, /(harness|stand-in)\/.*\.spec\.ts/] },
    { name: 'embedded', testIgnore: [OUTPUT_FOLDERS, /unit\/.*\.spec\.ts/], use: { engine: 'embedded' } },
    { name: 'nginx', testIgnore: [OUTPUT_FOLDERS, /unit\/.*\.spec\.ts/], use: { engine: 'nginx' } },
  ],
});
