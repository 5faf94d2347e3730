// `harness proxy` (and `node dist/harness/embedded/main.js`): a master in this process, in the
// foreground, as `nginx -g 'daemon off;'` runs, with the control channel the harness's faults come
// through, until SIGTERM/SIGINT/SIGQUIT/SIGHUP or a start failure.
import { Master, type MasterOptions } from './master.js';
import { StartupError } from './errors.js';
import { startControl } from './command-channel.js';
import { gracefulStopSignal } from '../../platform.js';
import { watchStopRequests } from '../../stop-request.js';

export interface RunOptions extends MasterOptions {
  /** Where to write the control channel's address and token (no channel without it). */
  controlFile?: string;
}

/**
 * The process's exit code: 0 after a stop (or a successful `-t`), 1 when the start failed. SIGHUP
 * (its terminal closed) stops it too: the embedded engine has no reload. It returns once every
 * worker has exited and been reaped; a signal that comes while the master starts is acted on once
 * the start is over (with no listener it would end the process before its workers).
 */
export async function runMaster(opts: RunOptions): Promise<number> {
  const master = new Master(opts);
  const stopRequest = watchStopRequests();
  const graceful = gracefulStopSignal();
  const quit = graceful ? new Promise<NodeJS.Signals>((r) => process.on(graceful, () => r(graceful))) : new Promise<never>(() => undefined);
  let control: Awaited<ReturnType<typeof startControl>> | undefined;
  try {
    await master.start();
    if (opts.test) return 0;
    // The spare boots once the workers serve (WorkerPool.spawnSpare says why not before).
    master.spawnSpare();
    if (opts.controlFile) control = await startControl(master, opts.controlFile);
  } catch (e) {
    // A start that failed has no worker left: the listen() failures end theirs before the emerg.
    if (e instanceof StartupError) return 1;
    await master.stop();
    throw e;
  }
  const signal = await Promise.race([stopRequest.asked.then(() => stopRequest.signal), quit]);
  await control?.close();
  await master.stop(signal);
  return 0;
}
