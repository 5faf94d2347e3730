// `daemon on`, nginx's default on Linux (ngx_daemon()): nginx reads its conf and opens its sockets,
// then forks; the parent exits 0, and the child, in a session of its own with stdin and stdout on
// /dev/null, writes the pid file, runs the master, and sends stderr to the error log once it
// serves (ngx_log_redirect_stderr()). Node cannot fork a running process, so `harness proxy`
// starts itself again, detached, as that child, and passes on what the child prints to stderr
// until it serves: a start that fails prints its [emerg] lines, and the command exits with the
// child's code. Once the child serves, the command exits 0 and the pipe is closed: what the daemon
// would print after that is dropped (nginx's goes to its error log; the master writes none there
// once it runs). nginx.exe has no daemon: the Windows profile (and a Windows host) stays in the
// foreground.
import { spawn } from 'node:child_process';
import { distFile } from '../../paths.js';
import { watchStopRequests } from '../../stop-request.js';
import { discardPrebooted } from '../preboot.js';
import type { NginxConf } from '../../nginx-conf/model.js';
import type { OsName } from '../../os-profile.js';

/** Set in the child's environment: it is the daemon, and tells its parent when it serves. */
const DAEMON_CHILD = 'HARNESS_DAEMON_CHILD';

/** Whether a command that read `conf` becomes a daemon: the Linux profile, and `daemon on` (the default). */
export function becomesDaemon(conf: NginxConf, os: OsName): boolean {
  return os === 'linux' && process.platform !== 'win32' && !process.env[DAEMON_CHILD] && conf.daemon;
}

/**
 * Starts the daemon with the same command line and waits until it serves (0) or its start fails
 * (its exit code). Stopped meanwhile (Ctrl-C), it stops the daemon's start too: nothing is left.
 */
export async function daemonize(argv: readonly string[]): Promise<number> {
  await discardPrebooted();
  const child = spawn(process.execPath, [...process.execArgv, distFile('harness/embedded/main.js'), ...argv], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, [DAEMON_CHILD]: '1' },
  });
  child.stderr!.pipe(process.stderr, { end: false });
  const stop = watchStopRequests();
  try {
    return await new Promise<number>((resolve) => {
      child.once('message', () => {
        child.disconnect();
        child.stderr!.unpipe(process.stderr);
        child.stderr!.destroy();
        child.unref();
        resolve(0);
      });
      // 'close': once its stderr has all been passed on.
      child.once('close', (code, signal) => resolve(stop.signal ? stop.exitCode : (code ?? (signal ? 1 : 0))));
      child.once('error', () => resolve(1));
      void stop.asked.then(() => child.kill('SIGTERM'));
    });
  } finally {
    stop.close();
  }
}

/** In the daemon, once it serves: its parent may exit, and close the stderr pipe it reads. */
export function tellDaemonParent(): void {
  if (!process.env[DAEMON_CHILD] || !process.send) return;
  // A write to the closed pipe (EPIPE) is dropped, not an uncaught error.
  process.stderr.on('error', () => undefined);
  process.send({ serving: true }, () => process.disconnect());
}
