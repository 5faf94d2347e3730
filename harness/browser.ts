// The browser the harness drives: the system Chromium where there is one (Debian's `chromium`;
// `npx playwright install` cannot download everywhere), else Playwright's own.
import { existsSync } from 'node:fs';

/** Chromium's own background traffic is refused on a machine without a network. */
export const CHROMIUM_ARGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumPath(): string | undefined {
  return process.env.HARNESS_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}
