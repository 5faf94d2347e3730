// What a master logs when a worker has exited, and whether it starts another, by OS profile:
// ngx_process_get_status() and ngx_reap_children() on Linux, ngx_reap_worker() on win32.
import { constants } from 'node:os';
import type { ErrnoName, OsName } from '../../os-profile.js';
import type { Level } from '../../logs/error-log.js';
import { windowsCodeText, windowsExitCode } from '../../crash.js';

export interface WorkerExit {
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** A respawn made to fail (the Windows profile's failed start). */
  failing: boolean;
  /** The Windows exit status a crash asked for (the process itself exited 1). */
  windowsCode?: number;
  /** The master is stopping: a fatal exit is not worth its own line. */
  exiting: boolean;
}

export interface ExitVerdict {
  lines: { level: Level; text: string; errno?: ErrnoName }[];
  respawn: boolean;
  /** With no worker left, the Windows master's sockets are gone (clients are refused). */
  closeListeners?: boolean;
}

export function workerExit(os: OsName, w: WorkerExit): ExitVerdict {
  return os === 'windows' ? reapWindows(w) : reapLinux(w);
}

/** ngx_process_get_status() and ngx_reap_children(). */
function reapLinux(w: WorkerExit): ExitVerdict {
  const lines: ExitVerdict['lines'] = [{ level: 'notice', text: `signal 17 (SIGCHLD) received from ${w.pid}` }];
  if (w.signal) {
    lines.push({ level: 'alert', text: `worker process ${w.pid} exited on signal ${constants.signals[w.signal]}` });
    return { lines, respawn: true };
  }
  lines.push({ level: 'notice', text: `worker process ${w.pid} exited with code ${w.code}` });
  if (w.code !== 2 || w.exiting) return { lines, respawn: true };
  lines.push({ level: 'alert', text: `worker process ${w.pid} exited with fatal code 2 and cannot be respawned` });
  return { lines, respawn: false };
}

/** ngx_reap_worker() (win32): the exit code in hex; a worker that dies at start fails its spawn. */
function reapWindows(w: WorkerExit): ExitVerdict {
  const text = windowsCodeText(w.windowsCode ?? (w.signal ? windowsExitCode(w.signal) : (w.code ?? 0)));
  if (!w.failing) return { lines: [{ level: 'notice', text: `worker process ${w.pid} exited with code ${text}` }], respawn: true };
  // The new worker died during its start handshake: ngx_spawn_process() fails.
  return {
    lines: [
      { level: 'alert', text: `worker process ${w.pid} exited with code ${text}` },
      { level: 'alert', text: 'could not respawn worker' },
    ],
    respawn: false,
    closeListeners: true,
  };
}
