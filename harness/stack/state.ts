// The running `harness up` stack's state file (.harness/state.json): how `harness chaos inject`
// finds it. It names the stack's process by pid and start time (owner.ts): a file whose process is
// gone, or is another now, is stale and ignored. It holds the control channel's token: mode 0600,
// written as a new file (private-file.ts), and removed only by the stack it names.
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { processState, sameProcess, type ProcessId } from './owner.js';
import { replaceFile } from '../private-file.js';

export interface StackState extends ProcessId {
  url: string;
  control: { url: string; token: string };
  engine: string;
  os: string;
  prefix: string;
  proxyPort: number;
  adminPort: number;
  startedAt: string;
  /** The proxy's logs; `harness` is the stack's own output, where it runs detached (`up --detach`). */
  logs?: { error: string; access: string; harness?: string };
}

export function statePath(prefix: string): string {
  return join(prefix, 'state.json');
}

function readFile(prefix: string): StackState | undefined {
  try {
    return JSON.parse(readFileSync(statePath(prefix), 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

/**
 * The state of a stack that may be running now, or undefined. Where the system cannot tell its
 * process from a later one with its pid, a live pid is enough: its control channel then tells.
 */
export function readState(prefix: string): StackState | undefined {
  const s = readFile(prefix);
  return s && processState(s) !== 'gone' ? s : undefined;
}

export function writeState(s: StackState): void {
  replaceFile(statePath(s.prefix), JSON.stringify(s, null, 2) + '\n');
}

/** Removes state.json if it names `owner`; a file another stack wrote is left to it. */
export function removeState(prefix: string, owner: ProcessId): void {
  const s = readFile(prefix);
  if (!s || !sameProcess(s, owner)) return;
  try {
    unlinkSync(statePath(prefix));
  } catch {
    // already gone
  }
}
