// The running `harness up` stack's state file (.harness/state.json): how `harness chaos inject`
// finds it. Only the harness's own pid is trusted: a stale file (its process gone) is ignored.
import { readFileSync, writeFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface StackState {
  pid: number;
  url: string;
  control: { url: string; token: string };
  engine: string;
  os: string;
  prefix: string;
  proxyPort: number;
  adminPort: number;
  startedAt: string;
}

export function statePath(prefix: string): string {
  return join(prefix, 'state.json');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The state of a stack that is running now, or undefined. */
export function readState(prefix: string): StackState | undefined {
  let s: StackState;
  try {
    s = JSON.parse(readFileSync(statePath(prefix), 'utf8')) as StackState;
  } catch {
    return undefined;
  }
  return alive(s.pid) ? s : undefined;
}

export function writeState(s: StackState): void {
  writeFileSync(statePath(s.prefix), JSON.stringify(s, null, 2) + '\n', { mode: 0o600 });
}

export function removeState(prefix: string): void {
  try {
    unlinkSync(statePath(prefix));
  } catch {
    // already gone
  }
}
