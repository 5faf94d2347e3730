// What a crash on demand may be (a signal, or an exit code the OS profile can show), checked in one
// place for the control channels and `harness chaos inject`; and how Windows reports the signals.
import { constants } from 'node:os';
import type { OsName } from './os-profile.js';

export interface CrashRequest {
  /** The worker to crash; any serving worker when absent. */
  pid?: number;
  signal?: NodeJS.Signals;
  /** Linux: 0-255. Windows: the NTSTATUS or exit code, 0-FFFFFFFF (nginx prints it in hex). */
  code?: number;
}

/** Bad input to a crash: the message says what was wrong and what is accepted. */
export class CrashRequestError extends Error {}

// Signals after which a worker is still there: stopped, ignored by default, or (SIGUSR1) taken by
// Node to start its inspector. A "crash" by one of them would never end.
const NOT_ENDING = new Set(['SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGCONT', 'SIGCHLD', 'SIGCLD', 'SIGURG', 'SIGWINCH', 'SIGPIPE', 'SIGUSR1']);

const SIGNAL_HINT = 'a signal name that ends a process, e.g. SIGSEGV (the default), SIGKILL, SIGABRT, SIGBUS, SIGILL, SIGFPE, or SIGTERM/SIGQUIT (a graceful exit with code 0)';

function checkSignal(s: unknown): NodeJS.Signals {
  if (typeof s !== 'string' || !(s in constants.signals)) throw new CrashRequestError(`unknown signal ${JSON.stringify(s)}: give ${SIGNAL_HINT}`);
  if (NOT_ENDING.has(s)) throw new CrashRequestError(`${s} does not end a worker (it stops it, is ignored, or starts Node's inspector): give ${SIGNAL_HINT}`);
  return s as NodeJS.Signals;
}

function checkCode(os: OsName, c: unknown): number {
  if (os === 'linux') {
    const n = typeof c === 'number' ? c : typeof c === 'string' && /^\d{1,3}$/.test(c) ? Number(c) : NaN;
    if (Number.isInteger(n) && n >= 0 && n <= 255) return n;
    throw new CrashRequestError(`exit code ${JSON.stringify(c)} cannot be shown by the linux profile: give a decimal exit code 0-255 (NTSTATUS codes such as C0000005 need --os windows)`);
  }
  // A string is the hex text nginx prints (`exited with code C0000005`); a JSON number is the value.
  const n = typeof c === 'number' ? c : typeof c === 'string' && /^[0-9A-Fa-f]{1,8}$/.test(c) ? parseInt(c, 16) : NaN;
  if (Number.isInteger(n) && n >= 0 && n <= 0xffffffff) return n;
  throw new CrashRequestError(`exit code ${JSON.stringify(c)} is not a Windows exit status: give up to 8 hex digits, e.g. C0000005 (access violation) or C0000142 (DLL initialisation failed)`);
}

/** Checks a crash request (JSON from a control channel, or the fault's argument). */
export function crashRequest(os: OsName, input: { pid?: unknown; signal?: unknown; code?: unknown }): CrashRequest {
  const out: CrashRequest = {};
  if (input.pid !== undefined) {
    if (!Number.isInteger(input.pid) || (input.pid as number) <= 0) throw new CrashRequestError(`pid ${JSON.stringify(input.pid)} is not a process id: give a worker's pid (GET /status lists them), or none for any worker`);
    out.pid = input.pid as number;
  }
  if (input.signal !== undefined && input.code !== undefined) throw new CrashRequestError('give a signal or an exit code, not both');
  if (input.signal !== undefined) out.signal = checkSignal(input.signal);
  if (input.code !== undefined) out.code = checkCode(os, input.code);
  return out;
}

/**
 * The exit code Windows reports for a process that met what the signal means on Linux (the
 * NTSTATUS of the matching exception, winnt.h / ntstatus.h): a bad memory access is
 * STATUS_ACCESS_VIOLATION; a page that cannot be read in (what SIGBUS reports for a mapped file)
 * STATUS_IN_PAGE_ERROR; STATUS_ILLEGAL_INSTRUCTION; an integer division by zero (the SIGFPE that
 * happens in practice: floating-point traps are masked on both) STATUS_INTEGER_DIVIDE_BY_ZERO;
 * int3 STATUS_BREAKPOINT; abort() in the MSVC runtime ends the process with code 3. A process
 * ended from outside (SIGKILL, or any other fatal signal: `taskkill /F`, TerminateProcess(h, 1))
 * exits with code 1.
 */
const NTSTATUS: Partial<Record<NodeJS.Signals, number>> = {
  SIGSEGV: 0xc0000005,
  SIGBUS: 0xc0000006,
  SIGILL: 0xc000001d,
  SIGFPE: 0xc0000094,
  SIGTRAP: 0x80000003,
  SIGABRT: 3,
};

export function windowsExitCode(signal: NodeJS.Signals): number {
  return NTSTATUS[signal] ?? 1;
}

/** `%Xul`: upper-case hex without 0x, as Windows nginx prints an exit code. */
export function windowsCodeText(code: number): string {
  return code.toString(16).toUpperCase();
}
