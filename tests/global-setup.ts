// Compiles the source before any test runs, so child processes (proxy, workers) never run a
// stale dist/. The same check guards `npx harness`.
// @ts-expect-error plain JS module shared with bin/harness.js
import { ensureBuilt } from '../bin/build.js';

export default function globalSetup(): void {
  ensureBuilt();
}
