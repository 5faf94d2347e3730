#!/usr/bin/env node
// `npm run test:under-load`: the specs where timing and process life matter (hygiene, engine,
// scenarios), ten times each on both engines, while two busy loops keep both cores of the machine
// loaded, as a shared CI runner is. A test that fails here waits on a clock instead of an event.
// `npm run test:under-load -- tests/engine/workers.spec.ts` repeats that spec alone.
// The loops end by themselves at their deadline (HARNESS_LOAD_MINUTES, 180 by default), and are
// ended by their pid as soon as the run is over. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const minutes = Number(process.env.HARNESS_LOAD_MINUTES ?? 180);
const loop = `const end = Date.now() + ${minutes * 60_000}; while (Date.now() < end);`;
const hogs = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
// Spec paths given replace the default ones (to repeat one spec under load); flags are passed on.
const given = process.argv.slice(2);
const specs = given.some((a) => a.startsWith('tests/')) ? [] : ['tests/hygiene', 'tests/engine', 'tests/scenarios.spec.ts'];
const args = ['test', ...specs, '--project', 'embedded', '--project', 'nginx', '--repeat-each', '10', ...given];
process.stdout.write(`under-load: ${hogs.length} busy loops (pids ${hogs.map((h) => h.pid).join(', ')}, ${minutes} min at most); playwright ${args.join(' ')}\n`);
const started = Date.now();
// Playwright's command run by node itself, not through npx, whose exit on SIGTERM left it running.
const run = spawn(process.execPath, [createRequire(import.meta.url).resolve('@playwright/test/cli'), ...args], { stdio: 'inherit' });
const stopHogs = () => Promise.all(hogs.map((h) => h.exitCode === null && h.signalCode === null && new Promise((r) => (h.once('exit', r), h.kill()))));
// A stop of any kind is Playwright's Ctrl-C: it interrupts the run and tears the tests' stacks down.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => run.kill('SIGINT'));
run.on('exit', async (code, signal) => {
  await stopHogs();
  process.stdout.write(`under-load: playwright ended (${signal ?? 'exit code ' + code}) after ${((Date.now() - started) / 60_000).toFixed(1)} min\n`);
  process.exitCode = code ?? 1;
});
