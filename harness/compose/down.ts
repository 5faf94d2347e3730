// `harness down` (docker compose's): stops the stack running from a prefix, as Ctrl-C in its
// terminal would (through its control channel, so that it stops the same way on every platform),
// and waits until its process has exited. It never signals a process it cannot confirm is that stack.
import { resolve } from 'node:path';
import { readState } from '../stack/state.js';
import { callControl } from '../control/channel.js';
import { processState } from '../stack/owner.js';
import { UserError } from '../errors.js';
import { t } from '../i18n/index.js';

/** How long a stack may take to stop: its faults undone, its processes reaped (a few seconds at most). */
const STOP_DEADLINE_MS = 30_000;
const POLL_MS = 50;

export async function down(o: { prefix: string }, out: (s: string) => void): Promise<number> {
  const prefix = resolve(o.prefix);
  const state = readState(prefix);
  if (!state) {
    out(t('compose.down.none', { prefix }));
    return 0;
  }
  // The channel answers only the stack that state.json names (its token): no other process is asked.
  await callControl(prefix, '/stop');
  const deadline = Date.now() + STOP_DEADLINE_MS;
  while (processState(state) === 'running' || (processState(state) === 'unknown' && readState(prefix)?.pid === state.pid)) {
    if (Date.now() > deadline) throw new UserError(t('compose.down.stillRuns', { prefix, pid: state.pid, seconds: STOP_DEADLINE_MS / 1000, given: o.prefix }));
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  out(t('compose.down.stopped', { prefix, pid: state.pid }));
  return 0;
}
