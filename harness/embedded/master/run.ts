// `harness proxy`: a master in this process (in the foreground, as `nginx -g 'daemon off;'` runs, or
// as the daemon daemon.ts started), with the control channel the harness's faults come through, until a stop signal or a start
// failure. nginx's signals: SIGQUIT graceful, SIGTERM/SIGINT fast, SIGHUP reload, SIGUSR1 reopen.
import { dirname, join } from 'node:path';
import { Master, type MasterOptions } from './master.js';
import { StartupError } from './errors.js';
import { startControl } from './command-channel.js';
import { confDump } from './dump.js';
import { confPath } from '../../nginx-conf/load.js';
import { gracefulStopSignal } from '../../platform.js';
import { watchStopRequests } from '../../stop-request.js';
import { becomesDaemon, daemonize, tellDaemonParent } from './daemon.js';

export interface RunOptions extends MasterOptions {
  /** Where to write the control channel's address and token; beside the pid file by default. */
  controlFile?: string;
  /** `-T`: after the test, the conf files on stdout. */
  dump?: boolean;
}

/** The control file's place when none is given: where nginx writes its own file, the pid file. */
export const CONTROL_FILE = 'harness-control.json';

/** Windows has no SIGHUP (a closed console stops the command) and no SIGUSR1. */
const posix = process.platform !== 'win32';

/**
 * The process's exit code: 0 after a stop (or a successful `-t`), 1 when the start failed. It
 * returns once every worker has exited and been reaped; a signal that comes while the master
 * starts is acted on once the start is over (with no listener it would end the process before
 * its workers). `argv`, the command line, is what the daemon is started with (daemon.ts).
 */
export async function runMaster(opts: RunOptions, argv: readonly string[] = []): Promise<number> {
  const master = new Master(opts);
  if (!opts.test) {
    // nginx reads its conf before it forks: a conf it refuses is said here, in the foreground.
    try {
      if (becomesDaemon(master.readConf(), opts.os)) return await daemonize(argv);
    } catch (e) {
      if (e instanceof StartupError) return 1;
      throw e;
    }
  }
  // SIGHUP is nginx's reload where the system has it; a closed terminal on Windows.
  const stopRequest = watchStopRequests({ except: posix ? ['SIGHUP'] : [] });
  const graceful = gracefulStopSignal();
  const quit = graceful ? new Promise<NodeJS.Signals>((r) => process.on(graceful, () => r(graceful))) : new Promise<never>(() => undefined);
  let control: Awaited<ReturnType<typeof startControl>> | undefined;
  try {
    await master.start();
    if (opts.test) {
      if (opts.dump) process.stdout.write(confDump(confPath(opts), (p) => master.displayPath(p), master.os.lineEnd));
      return 0;
    }
    // The spare boots once the workers serve (WorkerPool.spawnSpare says why not before).
    master.spawnSpare();
    control = await startControl(master, opts.controlFile ?? join(dirname(master.conf.pid), CONTROL_FILE));
    tellDaemonParent();
  } catch (e) {
    // A start that failed has no worker left: the listen() failures end theirs before the emerg.
    if (e instanceof StartupError) return 1;
    await master.stop();
    throw e;
  }
  if (posix) {
    process.on('SIGHUP', () => void master.reload());
    process.on('SIGUSR1', () => master.reopen());
  }
  const signal = await Promise.race([stopRequest.asked.then(() => stopRequest.signal), quit]);
  if (signal === graceful) void stopRequest.asked.then(() => master.stop(stopRequest.signal));
  await control?.close();
  await master.stop(signal);
  return 0;
}
