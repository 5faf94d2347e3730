// The running `harness up` stack's state file (.harness/state.json): how `harness chaos inject`
// finds it. It names the stack's process by pid and start time (owner.ts): a file whose process is
// gone, or is another now, is stale and ignored. It holds the control channel's token: mode 0600,
// written as a new file (private-file.ts), and removed only by the stack it names.
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { harnessUp, processState, sameProcess, type ProcessId } from './owner.js';
import { replaceFile } from '../private-file.js';
import { UserError } from '../errors.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.state.unreadable': '{path} cannot be read as the state file of a harness up, so nothing it names is asked or stopped. If no harness up runs from this folder, delete it.',
    'stack.state.badShape': '{path} is not a state file that harness up wrote ({field} is missing or wrong; the control channel is always on 127.0.0.1), so nothing it names is asked or stopped. If no harness up runs from this folder, delete it.',
    'stack.state.notHarness': '{path} names pid {pid}, but that process is not a harness up (it runs: {command}). Nothing is asked of it, and it is not a process to stop. No stack runs from this folder: delete {path}.',
  },
  'zh-CN': {
    'stack.state.unreadable': '{path} 无法作为 harness up 的状态文件读取，所以不会询问或停止它里面写的任何东西。如果这个目录没有 harness up 在运行，请删除它。',
    'stack.state.badShape': '{path} 不是 harness up 写的状态文件（{field} 缺失或不对；控制通道总是在 127.0.0.1 上），所以不会询问或停止它里面写的任何东西。如果这个目录没有 harness up 在运行，请删除它。',
    'stack.state.notHarness': '{path} 写的是 pid {pid}，但这个进程不是 harness up（它运行的是：{command}）。不会询问它，它也不是要停止的进程。这个目录没有环境在运行：请删除 {path}。',
  },
});

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

/** A state.json that no harness up wrote, or whose process is not one: what is wrong, and what to do. */
export class StateRefused extends UserError {}

/** The control channel listens on 127.0.0.1 only: a URL elsewhere would send its token away. */
const CONTROL_URL = /^http:\/\/127\.0\.0\.1:\d{1,5}$/;

/** What is wrong with the shape of a parsed state.json, or undefined. */
function shapeProblem(s: Partial<StackState>): string | undefined {
  const text = (v: unknown) => typeof v === 'string';
  const port = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 65535;
  if (!Number.isInteger(s.pid) || s.pid! <= 0) return 'pid';
  if (s.startTime !== undefined && !text(s.startTime)) return 'startTime';
  if (!text(s.control?.url) || !CONTROL_URL.test(s.control!.url)) return 'control.url';
  if (!text(s.control?.token) || !/^[0-9a-f]{16,}$/.test(s.control!.token)) return 'control.token';
  if (!port(s.proxyPort) || !port(s.adminPort)) return 'proxyPort';
  for (const k of ['url', 'engine', 'os', 'prefix', 'startedAt'] as const) if (!text(s[k])) return k;
  if (s.logs !== undefined && !(text(s.logs?.error) && text(s.logs?.access) && (s.logs.harness === undefined || text(s.logs.harness)))) return 'logs';
  return undefined;
}

function readFile(prefix: string): unknown {
  try {
    return JSON.parse(readFileSync(statePath(prefix), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The state of a stack that may be running now, or undefined (none, or its process is gone).
 * Where the system cannot tell its process from a later one with its pid, a live pid is enough:
 * its control channel then tells. Throws StateRefused for a file no harness up wrote (its shape,
 * a control URL off loopback) or whose pid runs another program: nothing it names is called.
 */
export function readState(prefix: string): StackState | undefined {
  const path = statePath(prefix);
  const s = readFile(prefix);
  if (s === undefined) {
    if (existsSync(path)) throw new StateRefused(t('stack.state.unreadable', { path }));
    return undefined;
  }
  const problem = typeof s === 'object' && s ? shapeProblem(s as Partial<StackState>) : 'JSON';
  if (problem) throw new StateRefused(t('stack.state.badShape', { path, field: problem }));
  const state = s as StackState;
  if (processState(state) === 'gone') return undefined;
  const runs = harnessUp(state.pid);
  if (runs && !runs.is) throw new StateRefused(t('stack.state.notHarness', { path, pid: state.pid, command: runs.command }));
  return state;
}

/** readState() for a caller that only looks: undefined for no stack, and for a state.json it refuses. */
export function stateOrNone(prefix: string): StackState | undefined {
  try {
    return readState(prefix);
  } catch (e) {
    if (e instanceof StateRefused) return undefined;
    throw e;
  }
}

export function writeState(s: StackState): void {
  replaceFile(statePath(s.prefix), JSON.stringify(s, null, 2) + '\n');
}

/** Removes state.json if it names `owner`; a file another stack wrote is left to it. */
export function removeState(prefix: string, owner: ProcessId): void {
  const s = readFile(prefix) as ProcessId | undefined;
  if (!s || !sameProcess(s, owner)) return;
  try {
    unlinkSync(statePath(prefix));
  } catch {
    // already gone
  }
}
