// The specs of `harness up`, `harness chaos` and `harness doctor` again, on the portable fallbacks
// that macOS and Windows users get (harness/platform.ts): no /proc, strace, apt-get/dnf, setpriv or
// re-parenting. HARNESS_PORTABLE=1 is set here, at the top of the config, which the runner and each
// worker load before any spec: every harness module and every command a test starts then sees it.
// `npm test` runs it after the main projects: `npx playwright test -c tests/portable.config.ts`.
process.env.HARNESS_PORTABLE = '1';

import { defineConfig } from '@playwright/test';
import base, { runFolder } from '../playwright.config.js';
import type { StackOptions } from './fixtures.js';

export default defineConfig<StackOptions>({
  ...base,
  // Paths in a config are its own folder's: this one is in tests/.
  testDir: '.',
  globalSetup: './global-setup.ts',
  outputDir: runFolder('../test-results/portable'),
  reporter: [['list'], ['html', { open: 'never', outputFolder: runFolder('../playwright-report/portable') }]],
  projects: [{ name: 'portable', testMatch: /(hygiene\/.*|chaos-run|browser\/chaos-inject|engine\/harness-up-workers|unit\/doctor.*|unit\/proxy-port|unit\/setup)\.spec\.ts/, use: { engine: 'embedded' } }],
});
