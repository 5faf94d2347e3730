#!/usr/bin/env node
// Entry point of `npx harness`: build if the source is newer than dist/, then run the CLI.
import { ensureBuilt } from './build.js';

ensureBuilt();
// The commands that run the embedded engine start its first worker now, so that it loads while
// the CLI does (dist/harness/proxy/preboot.js).
if (process.argv[2] === 'up' || process.argv[2] === 'proxy') {
  const { wantsWorker, preboot } = await import('../dist/harness/proxy/preboot.js');
  if (wantsWorker(process.argv.slice(2))) preboot();
}
await import('../dist/harness/cli.js');
