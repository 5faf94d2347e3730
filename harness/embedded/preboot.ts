// A worker process started by the CLI's entry point before anything else loads, for the commands
// that run the embedded engine (`harness up`, `harness proxy`): a Node worker needs ~0.1 s to start
// and load its modules, and that time now passes on the other core while the CLI loads yargs and
// the stack. The master adopts it as its first worker and tells it its job (`configure`); a
// pre-booted worker nobody adopts is ended as soon as the command knows it needs none, and at the
// latest when the command is over: the CLI ends only once it has exited (bin/harness.js).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { distFile } from '../paths.js';
import { parseCommandLine } from './master/command-line.js';
import { listenBeforeTheCommand, signalExitCode, unheardEarlySignal } from '../stop-request.js';

/** For bin/harness.js: `up` and `proxy` listen for stop signals from the CLI's start, whichever engine runs. */
export { listenBeforeTheCommand };

// Compiled, whether the master runs from dist/ or from the source (inside the test runner).
export const WORKER_ENTRY = distFile('harness/embedded/worker-main.js');
/**
 * Node's flags for every worker (plain Node, whatever runs the master): V8's young generation held
 * to 2 MiB a semi-space (its default is 16). A worker's garbage is short-lived (a request's heads
 * and closures), so a small young generation is scavenged as fast and gives 13-15 MiB of RSS back
 * per worker: measured side by side against 8 MiB, req/s and p99 were the same or better on the
 * keep-alive and the default conf (docs/figures.md).
 */
export const WORKER_EXEC_ARGV = ['--max-semi-space-size=2'];

let prebooted: ChildProcess | undefined;

/**
 * Whether the command line will run the embedded engine: a guess made before yargs has parsed it,
 * so it only has to be right in the common case (a wrong guess costs an idle process, ended later).
 */
export function wantsWorker(argv: string[]): boolean {
  const [command, ...rest] = argv;
  if (command === 'proxy') return proxyServes(rest);
  if (command !== 'up') return false;
  // `up --detach` starts its stack as a process of its own, which pre-boots that stack's worker.
  if (rest.some((a) => ['--help', '-h', '--version', '-t', '--test', '--detach', '--detach=true', '-d'].includes(a))) return false;
  const i = rest.findIndex((a) => a === '--proxy' || a.startsWith('--proxy='));
  const engine = i < 0 ? 'embedded' : rest[i] === '--proxy' ? rest[i + 1] : rest[i].slice('--proxy='.length);
  return engine === 'embedded';
}

/** `harness proxy` runs a master unless it only prints (-v -V -h), tests (-t -T) or signals (-s). */
function proxyServes(argv: string[]): boolean {
  try {
    const c = parseCommandLine(argv);
    return !c.version && !c.test && !c.signal;
  } catch {
    return false;
  }
}

/** Starts a worker that loads its modules and waits for its job. Neither keeps the CLI alive. */
export function preboot(): void {
  if (prebooted) return;
  // Listening first: a signal between the fork and the listener would end the CLI before its worker.
  listenBeforeTheCommand();
  prebooted = fork(WORKER_ENTRY, [], { stdio: 'inherit', execArgv: WORKER_EXEC_ARGV });
  prebooted.on('error', () => undefined);
  prebooted.once('exit', () => (prebooted = undefined));
  prebooted.unref();
  prebooted.channel?.unref();
}

/** The pre-booted worker, for the master to adopt (once); it keeps the master alive from then on. */
export function takePrebooted(): ChildProcess | undefined {
  const child = prebooted;
  prebooted = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null || !child.connected) return undefined;
  child.ref();
  child.channel?.ref();
  return child;
}

/**
 * Ends a pre-booted worker nobody adopted (the stack runs real nginx, failed to start, or the
 * command line was bad) and resolves once it has exited and been reaped.
 */
export async function discardPrebooted(): Promise<void> {
  const child = prebooted;
  prebooted = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  // Referenced again, so that the CLI waits for the exit rather than ending first.
  child.ref();
  const exited = once(child, 'exit');
  // It leaves when its channel closes; one that has no channel any more is ended by signal.
  if (child.connected) child.disconnect();
  else child.kill('SIGTERM');
  await exited;
}

/**
 * The CLI's last step (bin/harness.js): a worker nobody adopted is ended and waited for, and a stop
 * signal that came while the CLI loaded and no command heard sets the exit code it would have.
 */
export async function afterTheCommand(): Promise<void> {
  await discardPrebooted();
  const signal = unheardEarlySignal();
  if (signal) process.exitCode = signalExitCode(signal);
}
