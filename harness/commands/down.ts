// `harness down` (docker compose's): stops the stack running from a prefix, as Ctrl-C in its
// terminal would (through its control channel, so that it stops the same way on every platform),
// and waits until its process has exited. A stack still starting (its lock is held, its state.json
// not written yet) is waited for, then stopped. It never asks or signals a process it cannot
// confirm is that stack: state.json is checked before its control channel is called (state.ts).
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';
import { readState, stateOrNone, type StackState } from '../stack/state.js';
import { callControl } from '../control/channel.js';
import { harnessUp, lockHolder, processState, type LockHolder } from '../stack/owner.js';
import { UserError } from '../errors.js';
import { messages } from '../i18n/index.js';
import { commandText } from './texts.js';

const t = messages({
  en: {
    'down.none': 'no stack is running from {prefix}: nothing to stop.',
    'down.stillRuns': 'the stack of {prefix} (pid {pid}) was asked to stop {seconds} s ago and still runs. Look at its output (harness logs harness --prefix {given}), then stop it with Ctrl-C or kill {pid}.',
    'down.stopped': 'stopped the stack of {prefix} (pid {pid}); nothing of it is left running.',
    'down.starting': 'the stack of {prefix} (pid {pid}) is starting: it stops as soon as its start has ended...',
    'down.endedStarting': 'the stack of {prefix} (pid {pid}) ended during its start; nothing of it is left running.',
    'down.notReady': 'the stack of {prefix} (pid {pid}) has been starting for {seconds} s and is still not ready. Look at its output (harness logs harness --prefix {given}), then stop it with Ctrl-C in its terminal.',
  },
  'zh-CN': {
    'down.none': '{prefix} 没有正在运行的环境：不需要停止。',
    'down.stillRuns': '已经在 {seconds} 秒前要求 {prefix} 的环境（pid {pid}）停止，但它还在运行。请看它的输出（harness logs harness --prefix {given}），然后按 Ctrl-C 或用 kill {pid} 停止它。',
    'down.stopped': '已停止 {prefix} 的环境（pid {pid}）；它已经没有任何东西在运行。',
    'down.starting': '{prefix} 的环境（pid {pid}）正在启动：启动一结束就停止它……',
    'down.endedStarting': '{prefix} 的环境（pid {pid}）在启动过程中结束了；它已经没有任何东西在运行。',
    'down.notReady': '{prefix} 的环境（pid {pid}）已经启动了 {seconds} 秒，还没有就绪。请看它的输出（harness logs harness --prefix {given}），然后在它的终端里按 Ctrl-C 停止它。',
  },
});

/** How long a stack may take to stop: its faults undone, its processes reaped (a few seconds at most). */
const STOP_DEADLINE_MS = 30_000;
/** How long a stack may take to start: real nginx's five tries of a busy port, a slow machine. */
const START_DEADLINE_MS = 60_000;
const POLL_MS = 50;

const pause = () => new Promise((r) => setTimeout(r, POLL_MS));

/**
 * The `harness up` holding the prefix's lock while it starts, if one does: its lock says so from the
 * start. A stack of the package API's (no state.json, ever) or a lock naming another program does not count.
 */
function startingHolder(prefix: string): LockHolder | undefined {
  const holder = lockHolder(prefix);
  if (!holder?.up || processState(holder) === 'gone') return undefined;
  return harnessUp(holder.pid)?.is === false ? undefined : holder;
}

/** The starting stack's state once it is ready, or undefined when it ended first. */
async function whenReady(prefix: string, holder: LockHolder, given: string): Promise<StackState | undefined> {
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    const state = stateOrNone(prefix);
    if (state?.pid === holder.pid) return state;
    if (lockHolder(prefix)?.pid !== holder.pid || processState(holder) === 'gone') return undefined;
    if (Date.now() > deadline) throw new UserError(t('down.notReady', { prefix, pid: holder.pid, seconds: START_DEADLINE_MS / 1000, given }));
    await pause();
  }
}

export async function down(o: { prefix: string }, out: (s: string) => void): Promise<number> {
  const prefix = resolve(o.prefix);
  let state = readState(prefix);
  if (!state) {
    const holder = startingHolder(prefix);
    if (!holder) {
      out(t('down.none', { prefix }));
      return 0;
    }
    out(t('down.starting', { prefix, pid: holder.pid }));
    state = await whenReady(prefix, holder, o.prefix);
    if (!state) {
      out(t('down.endedStarting', { prefix, pid: holder.pid }));
      return 0;
    }
  }
  // The channel answers only the stack that state.json names (its token): no other process is asked.
  await callControl(prefix, '/stop');
  const deadline = Date.now() + STOP_DEADLINE_MS;
  while (processState(state) === 'running' || (processState(state) === 'unknown' && stateOrNone(prefix)?.pid === state.pid)) {
    if (Date.now() > deadline) throw new UserError(t('down.stillRuns', { prefix, pid: state.pid, seconds: STOP_DEADLINE_MS / 1000, given: o.prefix }));
    await pause();
  }
  out(t('down.stopped', { prefix, pid: state.pid }));
  return 0;
}

export const builder = (y: Argv) => y.option('prefix', stackPrefixOption(commandText('cli.prefix.stack')));

export const handler = (a: Args<typeof builder>) => guard(() => down({ prefix: a.prefix }, print));
