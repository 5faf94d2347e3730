#!/usr/bin/env node
// Entry point of `npx harness`: build if the source is newer than dist/, then run the CLI from the
// bundle (dist/bundle/, bin/bundle.js): a few files to load instead of a module graph.

// A stop signal while the CLI loads (the build check, the bundle) is held from the first line, and
// raised again once the command's own listener is in place: `up` then ends its start and says so;
// any other command ends as the signal would have ended it.
const STOP_SIGNALS = process.platform === 'win32' ? ['SIGINT', 'SIGBREAK'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
const held = new Set();
const hold = (signal) => held.add(signal);
for (const s of STOP_SIGNALS) process.on(s, hold);

// `harness --version` is the package's version: it needs neither the build check nor the CLI.
if (process.argv.length === 3 && process.argv[2] === '--version') {
  const { readFileSync } = await import('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else if (process.env.HARNESS_BUILD_CHECKED === '1') {
  // The `harness up` of a detached stack (harness/stack-life/detach.ts), started by a command that
  // checked the build a moment before: no check, no kept answer. Not passed on to what it starts.
  delete process.env.HARNESS_BUILD_CHECKED;
  await runCommand();
} else {
  const { ensureBuilt } = await import('./build.js');
  ensureBuilt({ forCli: true });
  const { answerFromCache } = await import('./answer-cache.js');
  if (!answerFromCache(process.argv.slice(2))) await runCommand();
}

async function runCommand() {
  // The commands that run the embedded engine start its first worker now, so that it loads while
  // the CLI does (harness/embedded/preboot.ts).
  const worker = process.argv[2] === 'up' || process.argv[2] === 'proxy' ? await import('../dist/bundle/harness/embedded/preboot.js') : undefined;
  // Either engine: a stop signal from here on is the command's to hear (it ends the start), not the CLI's end.
  worker?.listenBeforeTheCommand();
  if (worker?.wantsWorker(process.argv.slice(2))) worker.preboot();
  for (const s of STOP_SIGNALS) process.off(s, hold);
  for (const s of held) process.kill(process.pid, s);
  try {
    // A plain `up --detach` needs none of yargs: its stack's own `harness up` checks the command line.
    const detached = process.argv[2] === 'up' ? await import('../dist/bundle/harness/commands/up-detached.js') : undefined;
    // `harness proxy` reads nginx's command line itself: it needs none of yargs either.
    if (!(await detached?.upDetachedAtOnce(process.argv.slice(2)))) await import(process.argv[2] === 'proxy' ? '../dist/bundle/harness/embedded/main.js' : '../dist/bundle/harness/cli.js');
  } finally {
    // Whatever the command did, it is over only once a worker it did not adopt has exited.
    await worker?.afterTheCommand();
  }
}
