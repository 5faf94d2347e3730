#!/usr/bin/env node
// Entry point of `npx harness`: build if the source is newer than dist/, then run the CLI from the
// bundle (dist/bundle/, bin/bundle.js): a few files to load instead of a module graph.
import { ensureBuilt } from './build.js';

ensureBuilt();
// The commands that run the embedded engine start its first worker now, so that it loads while
// the CLI does (harness/embedded/preboot.ts).
const worker = process.argv[2] === 'up' || process.argv[2] === 'proxy' ? await import('../dist/bundle/harness/embedded/preboot.js') : undefined;
if (worker?.wantsWorker(process.argv.slice(2))) worker.preboot();
try {
  // `harness proxy` reads nginx's command line itself: it needs none of yargs.
  await import(process.argv[2] === 'proxy' ? '../dist/bundle/harness/embedded/main.js' : '../dist/bundle/harness/cli.js');
} finally {
  // Whatever the command did, it is over only once a worker it did not adopt has exited.
  await worker?.afterTheCommand();
}
