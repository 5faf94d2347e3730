// Playwright's own command, for the tests that run a Playwright run inside a test: run by node
// itself (npx would add a process, and a second of start on a loaded machine).
import { createRequire } from 'node:module';

export const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');
