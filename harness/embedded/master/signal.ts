// `-s stop|quit|reopen|reload`: ngx_signal_process(): read the conf (its errors as a start's), then
// the pid file it names, and send the master that signal, with nginx's lines when it cannot.
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { Master, type MasterOptions } from './master.js';
import { openErrno } from '../../os-profile.js';
import { StartupError } from './errors.js';
import type { SignalName } from './command-line.js';

const SIGNAL: Record<SignalName, NodeJS.Signals> = { stop: 'SIGTERM', quit: 'SIGQUIT', reopen: 'SIGUSR1', reload: 'SIGHUP' };

/** kill(2)'s errors as nginx prints them. */
const KILL_ERRNO: Record<string, string> = { ESRCH: '3: No such process', EPERM: '1: Operation not permitted' };

/** The exit code: 0 once the signal is sent, 1 when it could not be. */
export function signalMaster(opts: MasterOptions, name: SignalName): number {
  const master = new Master(opts);
  try {
    master.readConf();
  } catch (e) {
    if (e instanceof StartupError) return 1;
    throw e;
  }
  master.write('notice', 'signal process started');
  const file = master.conf.pid;
  let text: string;
  try {
    text = readFileSync(file, 'latin1').slice(0, 22);
  } catch (e) {
    master.tell('error', `${master.os.openFileFn} "${master.displayPath(file)}" failed`, openErrno(e));
    return 1;
  }
  const number = text.replace(/[\r\n]+$/, '');
  const pid = /^\d+$/.test(number) ? Number(number) : NaN;
  if (!(pid > 0)) {
    master.tell('error', `invalid PID number "${number}" in "${master.displayPath(file)}"`);
    return 1;
  }
  const signal = SIGNAL[name];
  try {
    process.kill(pid, signal);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    master.tell('alert', `kill(${pid}, ${constants.signals[signal]}) failed (${KILL_ERRNO[code] ?? code})`);
    return 1;
  }
  return 0;
}
