// `harness up --detach` (docker compose's `up -d`): the same `harness up`, started as a process of
// its own with its output in <prefix>/logs/harness.log; this command returns once that stack is
// ready (its state.json names it), or says why it did not start (Ctrl-C meanwhile stops the start).
// `harness down` stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../paths.js';
import { stateOrNone, type StackState } from '../stack/state.js';
import { signalExitCode, watchStopRequests } from '../stop-request.js';
import { ownFolder } from '../stack/prefix.js';
import { LinkedFile, openAppend } from '../private-file.js';
import { UserError } from '../errors.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'up.detach.link': '{path} is a link, or not a plain file of yours: the stack never writes its log through a link. Remove it, or use another --prefix.',
  },
  'zh-CN': {
    'up.detach.link': '{path} 是一个链接，或者不是属于你的普通文件：环境从不通过链接写日志。请删除它，或者换一个 --prefix。',
  },
});

/** Set in the detached stack's environment: it has no terminal, and outlives the command that started it. */
const DETACHED = 'HARNESS_DETACHED';

/** The detached stack's own output (every component's lines), or undefined when this stack runs in the foreground. */
export function detachedLog(): string | undefined {
  return process.env[DETACHED] || undefined;
}

/** How often the starting command looks for the stack's state.json (a stat and a read). */
const POLL_MS = 10;

/** The last lines of what this start wrote to the stack's output (from `from` on: the file is shared with earlier starts). */
function tail(file: string, from: number, lines = 30): string {
  try {
    return readFileSync(file).subarray(from).toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** A `harness up` started in the background: its process, its output file, and where this start's output begins in it. */
interface DetachedStart {
  child: ChildProcess;
  log: string;
  from: number;
  exited: Promise<number>;
}

/** Starts `harness up` with `args` in the background, its output in <prefix>/logs/harness.log. */
function spawnStack(args: string[], prefix: string): DetachedStart {
  const logs = join(prefix, 'logs');
  ownFolder(prefix);
  ownFolder(logs);
  const log = join(logs, 'harness.log');
  let out: number;
  try {
    out = openAppend(log);
  } catch (e) {
    if (e instanceof LinkedFile) throw new UserError(t('up.detach.link', { path: log }));
    throw e;
  }
  const from = fstatSync(out).size;
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'up', ...args], {
    detached: true,
    stdio: ['ignore', out, out],
    // Its command checked the build (bin/harness.js) a moment ago: the stack's start skips the check.
    env: { ...process.env, [DETACHED]: log, HARNESS_BUILD_CHECKED: '1' },
    windowsHide: true,
  });
  closeSync(out);
  const exited = new Promise<number>((r) => child.once('exit', (code, signal) => r(code ?? signalExitCode(signal!))));
  return { child, log, from, exited };
}

/** `up`'s --detach, as yargs takes it alone (`--detach`, `--detach=true`, `-d`). */
export const DETACH_FLAG = /^(?:--detach(?:=true)?|-d)$/;

/** Everything but --detach of `harness up`'s arguments, as the detached stack gets them. */
export function withoutDetach(args: string[]): string[] {
  return args.filter((a) => !DETACH_FLAG.test(a));
}

/**
 * Starts `harness up` with `args` (the command line less --detach) in the background and waits until
 * it is ready: its state, or the exit code and output of a start that failed.
 */
export async function upDetached(args: string[], prefix: string): Promise<{ state: StackState } | { code: number; output: string; log: string }> {
  const { child, log, from, exited } = spawnStack(args, prefix);
  let code: number | undefined;
  void exited.then((c) => (code = c));
  // Ctrl-C or SIGTERM while it starts stops the start: the stack (a process group of its own, which
  // the terminal does not signal) gets the same signal, and its exit is this command's.
  const stopRequest = watchStopRequests();
  let stopping = false;
  void stopRequest.asked.then(() => {
    stopping = true;
    child.kill(stopRequest.signal ?? 'SIGTERM');
  });
  try {
    for (;;) {
      const state = stateOrNone(prefix);
      if (state && state.pid === child.pid && !stopping) {
        child.unref();
        return { state };
      }
      if (code !== undefined) return { code, output: tail(log, from), log };
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    stopRequest.close();
  }
}
