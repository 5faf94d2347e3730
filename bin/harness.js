#!/usr/bin/env node
// Entry point of `npx harness`: build if the source is newer than dist/, then run the CLI.
import { ensureBuilt } from './build.js';

ensureBuilt();
// The commands that run the embedded engine start its first worker now, so that it loads while
// the CLI does (dist/harness/embedded/preboot.js).
const worker = process.argv[2] === 'up' || process.argv[2] === 'proxy' ? await import('../dist/harness/embedded/preboot.js') : undefined;
if (worker?.wantsWorker(process.argv.slice(2))) worker.preboot();
try {
  await import('../dist/harness/cli.js');
} finally {
  // Whatever the command did, it is over only once a worker it did not adopt has exited.
  await worker?.afterTheCommand();
}
