// Who owns a prefix: the `harness up` holding its lock (harness.lock), taken before the stack
// writes anything there and given up once it has stopped. A process is known by its pid and its
// start time (platform.ts), so that a later process given the same pid is never taken for the
// stack: a lock whose process is gone, or is another, is taken over.
import { readFileSync, renameSync, linkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { exitedUnreaped, pidExists, processCommandLine, processStartTime } from '../platform.js';
import { createFile, replaceFile } from '../private-file.js';

/** A process, told apart from a later one given its pid by its start time (where the system tells it). */
export interface ProcessId {
  pid: number;
  startTime?: string;
}

/** This process. */
export function thisProcess(): ProcessId {
  return { pid: process.pid, startTime: processStartTime(process.pid) };
}

/**
 * Whether the process `id` names runs: `running` (its pid and start time both match), `gone` (no
 * such pid, or another process has it now), or `unknown` (the pid is alive, and this system cannot
 * tell whether it is that process: no start time was recorded, or none can be read).
 */
export function processState(id: ProcessId): 'running' | 'gone' | 'unknown' {
  if (!pidExists(id.pid) || exitedUnreaped(id.pid)) return 'gone';
  const now = processStartTime(id.pid);
  if (id.startTime === undefined || now === undefined) return 'unknown';
  return now === id.startTime ? 'running' : 'gone';
}

/**
 * Whether process `pid` runs `harness up`, told by its command line (`node …/harness.js up`, npx's
 * `…/.bin/harness up`, or the build's own `node dist/harness/cli.js up`): a pid and start time copied into a lock or state.json by someone who can
 * write the prefix name another process, never one to ask or to kill. `command`: what it runs.
 * Undefined where the system tells no command line (the fallback): the control channel tells then.
 */
export function harnessUp(pid: number): { is: boolean; command: string } | undefined {
  const argv = processCommandLine(pid);
  if (!argv) return undefined;
  const is = argv.some((a, i) => /(?:^|[\\/])harness(?:\.js|[\\/]cli\.js)?$/.test(a) && argv[i + 1] === 'up');
  return { is, command: argv.join(' ').slice(0, 200) };
}

export function sameProcess(a: ProcessId, b: ProcessId): boolean {
  return a.pid === b.pid && a.startTime === b.startTime;
}

export interface LockHolder extends ProcessId {
  /** The stack's address, once its port is chosen. */
  url?: string;
  startedAt: string;
  /** A `harness up`, which writes state.json once ready: `harness down` waits for it while it starts. */
  up?: boolean;
}

export function lockPath(prefix: string): string {
  return join(prefix, 'harness.lock');
}

/** Why a prefix could not be locked: another `harness up` holds it (or may: `state` unknown). */
export class PrefixTaken extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly state: 'running' | 'unknown',
  ) {
    super(`the prefix is locked by pid ${holder.pid}`);
  }
}

/** The holder of `prefix`'s lock, if one is written there (it may be gone: see processState). */
export function lockHolder(prefix: string): LockHolder | undefined {
  return readLock(lockPath(prefix))?.holder;
}

export interface PrefixLock {
  /** Says the stack's address in the lock, for a second `harness up` to name. */
  update(url: string): void;
  /** Gives the prefix up, if this process still holds it. */
  release(): void;
}

/** The lock's holder, as written; undefined when there is no lock, or no harness wrote it (then it is stale). */
function readLock(path: string): { text: string; holder?: LockHolder } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const h = JSON.parse(text) as LockHolder;
    const optional = (v: unknown) => v === undefined || typeof v === 'string';
    const valid = Number.isInteger(h?.pid) && h.pid > 0 && optional(h.startTime) && optional(h.url) && typeof h.startedAt === 'string' && (h.up === undefined || typeof h.up === 'boolean');
    return { text, holder: valid ? h : undefined };
  } catch {
    return { text };
  }
}

/**
 * Takes a stale lock away, if it is still the one that was judged stale: it is moved aside first
 * (a rename: of two takers, one moves it), and one moved by mistake (a lock made meanwhile by
 * another start) is linked back unless a third has made one since.
 */
function takeOver(path: string, stale: string): void {
  const aside = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // taken by another start
    throw e;
  }
  try {
    if (readFileSync(aside, 'utf8') !== stale) linkSync(aside, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Locks `prefix` (a folder that exists) for this process, or throws PrefixTaken. `url`: the stack's,
 * when known already; `up`: the holder is a `harness up` (it will write state.json).
 */
export function lockPrefix(prefix: string, url?: string, up?: boolean): PrefixLock {
  const path = lockPath(prefix);
  const me: LockHolder = { ...thisProcess(), startedAt: new Date().toISOString(), url, up };
  const write = (h: LockHolder) => JSON.stringify(h) + '\n';
  for (;;) {
    try {
      createFile(path, write(me));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const found = readLock(path);
    if (!found) continue; // released meanwhile
    const state = found.holder ? processState(found.holder) : 'gone';
    if (state !== 'gone') throw new PrefixTaken(found.holder!, state);
    takeOver(path, found.text);
  }
  const mine = () => {
    const h = readLock(path)?.holder;
    return !!h && sameProcess(h, me);
  };
  return {
    update(url) {
      if (mine()) replaceFile(path, write({ ...me, url }));
    },
    release() {
      if (mine()) unlinkSync(path);
    },
  };
}
