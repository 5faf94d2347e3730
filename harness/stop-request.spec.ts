// Stop requests in a process that runs many commands (the scenarios run `up` again and again in
// one process): one listener per stop signal, and a closed request no longer asked. Run in a
// process of its own, which can be sent signals without touching the test runner.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.js';

const module = pathToFileURL(join(repoRoot, 'dist', 'harness', 'stop-request.js')).href;

const script = `
const { watchStopRequests } = await import(${JSON.stringify(module)});
for (let i = 0; i < 25; i++) watchStopRequests().close();
const listeners = process.listenerCount('SIGHUP');
const closed = watchStopRequests();
const open = watchStopRequests();
closed.close();
let closedAsked = false;
closed.asked.then(() => (closedAsked = true));
// A signal handle does not keep the event loop alive: this does, until the signal is heard.
const alive = setInterval(() => undefined, 1000);
process.kill(process.pid, 'SIGHUP');
const why = await open.asked;
clearInterval(alive);
// Both would have been asked in the same listener call: one more turn runs the closed one's reaction.
await null;
open.close();
console.log(JSON.stringify({ listeners, why, exitCode: open.exitCode, closedAsked }));
`;

test('many commands in one process: one listener per stop signal; a signal asks the open requests, not the closed ones', () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 10_000 });
  expect(JSON.parse(out)).toEqual({ listeners: 1, why: 'SIGHUP', exitCode: 129, closedAsked: false });
});
