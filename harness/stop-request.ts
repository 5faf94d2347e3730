// What asks a foreground command (`harness up`, `proxy`, `chaos run`, `setup`) to stop: Ctrl-C,
// SIGTERM, a closed terminal, or its parent gone. Task runners, `timeout` and IDEs signal only the
// pid they started: npx's, whose shell dies and leaves the command re-parented with its children.
// A signal with no listener ends the process at once and leaves its children to end by
// themselves after it; with these listeners the command stops what it started, waits until each
// has exited and been reaped, and only then ends.
import { constants } from 'node:os';
import { parentGone, stopSignals } from './platform.js';

/** How often the parent is looked for (a getppid() call). */
const PARENT_POLL_MS = 250;

export interface StopRequest {
  /** Resolves with why the command was asked to stop: `Ctrl-C`, `SIGTERM`, `the parent process (pid N) is gone`. */
  readonly asked: Promise<string>;
  /** The signal that asked, if one did. */
  readonly signal: NodeJS.Signals | undefined;
  /** The exit code of a command stopped this way: 128 + the signal's number (130 for Ctrl-C), else 1. */
  readonly exitCode: number;
  /**
   * Stops listening: the parent is no longer watched, and a signal no longer asks this command (it
   * is still heard, and dropped, so that a second Ctrl-C cannot cut a stop short).
   */
  close(): void;
}

/** A stop signal that came while the CLI loaded, before the command listened for its own. */
let early: NodeJS.Signals | undefined;
let earlyHeard = false;
let listeningBefore = false;

/**
 * Listens from the CLI's start (bin/harness.js, when it starts a process before the command runs):
 * a stop signal then no longer ends the CLI at once, and the command's stop request, once made, is
 * asked at once. The CLI never exits between the two, so nothing the command starts meanwhile is left.
 */
export function listenBeforeTheCommand(): void {
  // Once: a second listener would make the count below 2, and no early signal would be kept.
  if (listeningBefore) return;
  listeningBefore = true;
  for (const [signal] of stopSignals()) process.on(signal, () => process.listenerCount(signal) === 1 && (early ??= signal));
}

/** An early stop signal no command heard (it ended, or failed, first): the CLI ends as that signal would end it. */
export function unheardEarlySignal(): NodeJS.Signals | undefined {
  return earlyHeard ? undefined : early;
}

/** The commands listening now: a stop signal asks each of them. */
const listening = new Set<(why: string, signal: NodeJS.Signals) => void>();
let signalsHeard = false;

/**
 * One listener per stop signal for the life of the process, however many commands run in it (the
 * scenarios run `up` again and again in one process): a listener per command piled up. `on`, not
 * `once`: execa's exit hook re-raises a signal it thinks nobody else listens to, which would end
 * the command before it has stopped anything.
 */
function hearStopSignals(): void {
  if (signalsHeard) return;
  signalsHeard = true;
  for (const [s, why] of stopSignals()) process.on(s, () => listening.forEach((ask) => ask(why, s)));
}

/** `onAsked` is called each time the command is asked (a second Ctrl-C included). */
export function watchStopRequests(o: { parent?: boolean; onAsked?: (why: string) => void; except?: NodeJS.Signals[] } = {}): StopRequest {
  let timer: NodeJS.Timeout | undefined;
  let signal: NodeJS.Signals | undefined;
  let first = true;
  let resolve!: (why: string) => void;
  const asked = new Promise<string>((r) => (resolve = r));
  const ask = (why: string, s?: NodeJS.Signals) => {
    // A signal the command gives another meaning (`harness proxy`'s SIGHUP: nginx's reload).
    if (s && o.except?.includes(s)) return;
    if (first) signal = s;
    first = false;
    o.onAsked?.(why);
    resolve(why);
  };
  hearStopSignals();
  listening.add(ask);
  if (early) {
    earlyHeard = true;
    ask(stopSignals().find(([s]) => s === early)![1], early);
  }
  if (o.parent) {
    const parent = process.ppid;
    timer = setInterval(() => parentGone(parent) && ask(`the parent process (pid ${parent}) is gone`), PARENT_POLL_MS).unref();
  }
  return {
    asked,
    get signal() {
      return signal;
    },
    get exitCode() {
      return signal ? signalExitCode(signal) : 1;
    },
    close: () => {
      clearInterval(timer);
      listening.delete(ask);
    },
  };
}

/** The exit code of a command a signal stopped, as a shell reports it: 128 + the signal's number. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal as keyof typeof constants.signals] ?? 0);
}
