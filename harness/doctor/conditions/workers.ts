// Conditions of nginx's worker processes: one that died (and was replaced), one that could not be
// replaced, which leaves the master without a worker, and workers out of connections or of file
// descriptors.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type Explained, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { errnoIs, errText, looksWindows, nonAscii, plural, showPath } from '../facts.js';
import { restartNginx } from './platform.js';

const EXITED = /^worker process (\d+) exited (?:with (?:fatal )?code (\S+)|on signal (\d+))/;
// Linux's `exited with fatal code 2 and cannot be respawned`: the worker failed while starting.
const FATAL = /^worker process \d+ exited with fatal code \d+ and cannot be respawned$/;
const RESPAWN = /^could not respawn worker|^fork\(\) failed while spawning "worker process"|^CreateProcess\(.*\) failed$|^the event ".*" was not signaled for \d+s$/;
/**
 * What a new Linux worker does before it serves (ngx_worker_process_init) and exits with code 2
 * on failing: the `user` switch and working_directory. The master then logs FATAL.
 */
const WORKER_START = /^(?:chdir\("(.*)"\)|(setuid|setgid|initgroups|capset)\(.*\)) failed$/;

const WINDOWS_CODES: Record<string, string> = {
  C0000142: 'STATUS_DLL_INIT_FAILED: it could not initialise',
  C0000005: 'STATUS_ACCESS_VIOLATION: it crashed',
  C0000409: 'STATUS_STACK_BUFFER_OVERRUN: it crashed',
  C000013A: 'STATUS_CONTROL_C_EXIT: it was interrupted',
  '1': 'it was ended (TerminateProcess, taskkill /F) or stopped on an [emerg]',
};

const SIGNALS: Record<string, string> = { '6': 'SIGABRT', '9': 'SIGKILL (killed, e.g. by the OOM killer)', '11': 'SIGSEGV (a crash)', '7': 'SIGBUS (a crash)', '15': 'SIGTERM' };

export interface Exit {
  worker: number;
  code?: string;
  signal?: string;
}

export function exitOf(e: ErrorLogEntry): Exit | undefined {
  const m = EXITED.exec(e.message);
  return m ? { worker: Number(m[1]), code: m[2], signal: m[3] } : undefined;
}

function how(x: Exit): string {
  if (x.signal) return `was killed by signal ${x.signal} (${SIGNALS[x.signal] ?? 'a signal'})`;
  const known = WINDOWS_CODES[x.code ?? ''];
  return `exited with code ${x.code}${known ? ` (${known})` : ''}`;
}

export const workerCrashed: Condition = {
  id: 'worker-crashed',
  match(e) {
    const x = exitOf(e);
    if (!x || x.code === '0' || FATAL.test(e.message)) return undefined;
    return { by: 'exit', master: e.pid ?? 0, worker: x.worker };
  },
  explain(g) {
    const es = entries(g);
    const exits = es.map(exitOf).filter((x): x is Exit => x !== undefined);
    const x = exits[0];
    return {
      cause: `nginx's worker process ${x.worker} ${how(x)}${exits.length > 1 ? ` (${exits.length} workers in all)` : ''}; the master started a new one, and the requests the old one was serving got no answer.`,
      fix: looksWindows(es[0])
        ? 'Nothing to do if it happened once; if it repeats, note the requests in access.log at that time, exclude nginx.exe from antivirus scanning, and use a current nginx for Windows.'
        : 'Nothing to do if it happened once; if it repeats, check "dmesg" for the OOM killer or a segfault and the modules loaded, and update nginx.',
      detail: { workers: exits.map((y) => y.worker), ...(x.code ? { code: x.code } : { signal: Number(x.signal) }) },
    };
  },
};

export const respawnFailed: Condition = {
  id: 'respawn-failed',
  match(e) {
    // The worker's own line comes first; the master's FATAL line for that worker joins it.
    if (WORKER_START.test(e.message) && e.conn === undefined) return { by: 'key', key: `start|${e.pid}`, windowS: 5 };
    if (FATAL.test(e.message)) return { by: 'exit', master: e.pid ?? 0, worker: exitOf(e)!.worker };
    return RESPAWN.test(e.message) ? { by: 'respawn', master: e.pid ?? 0 } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const x = es.map(exitOf).find((y) => y !== undefined);
    const fork = es.find((e) => /^fork\(\) failed/.test(e.message));
    const windows = looksWindows(es[0]) || x?.code !== undefined;
    const detail: Record<string, unknown> = { master: es[0].pid };
    if (x) Object.assign(detail, { worker: x.worker }, x.code ? { code: x.code } : { signal: Number(x.signal) });
    if (fork) {
      return {
        cause: `The master could not start a new worker${x ? ` after worker ${x.worker} ${how(x)}` : ''} (fork() failed: ${fork.errno?.code}: ${fork.errno?.text}): the system is out of processes or memory, so nginx now accepts connections and never answers them.`,
        fix: 'Free processes or memory (check "ulimit -u" and "free -m"), then restart nginx ("nginx -s stop" and start it again); a reload alone leaves stale slots.',
        detail,
      };
    }
    if (x?.code === 'C0000142') return dllInitFailed(g, x, log);
    const start = es.find((e) => WORKER_START.test(e.message));
    if (start) return workerStartFailed(start, x, log, detail);
    if (es.some((e) => FATAL.test(e.message))) {
      return {
        cause: `Worker ${x?.worker ?? ''} failed while starting (exit code 2, nginx's "fatal" code), so the master does not respawn it: an [emerg] or [alert] line of process ${x?.worker ?? 'N'} just before says why (a setuid/setgid or chdir it may not do, a module that fails in the worker); with every worker gone nginx accepts connections and answers none.`,
        fix: `Fix what that worker's line names (the "user" directive, working_directory, worker_rlimit_nofile, the module), check with "nginx -t", then ${restartNginx(log, false)}.`,
        detail,
      };
    }
    return {
      cause: `The master could not start a new worker${x ? ` (worker ${x.worker} ${how(x)} at its start)` : ''}, so nginx runs with no worker and every request fails until it is restarted.`,
      fix: `Look for an [emerg] line just before (it says why the worker stopped), fix it, then ${windows ? 'stop nginx ("taskkill /IM nginx.exe /F") and start it again' : restartNginx(log, false)}.`,
      detail,
    };
  },
};

/** A worker that exited with code 2 before serving, explained by its own line (`chdir("/tmp/cores") failed`). */
function workerStartFailed(start: ErrorLogEntry, x: Exit | undefined, log: LogView, detail: Record<string, unknown>): Explained {
  const m = WORKER_START.exec(start.message)!;
  const who = `Worker ${x?.worker ?? start.pid}`;
  const after = x ? ' and exited with code 2, which the master does not respawn' : ' and exits with code 2 (nginx treats it as fatal), which the master does not respawn';
  const end = ': with its workers gone nginx accepts connections and answers none.';
  const why = `${start.message} (${errText(start)})`;
  if (m[1] !== undefined) {
    const set = log.conf?.global('working_directory').set;
    return {
      cause: `${who} could not enter its working_directory ${m[1]} (${why})${after}${end}`,
      fix: `Create ${m[1]} and let nginx's worker user enter it ("sudo mkdir -p ${m[1]}"; it holds core dumps), or remove the working_directory line; check with "nginx -t", then ${restartNginx(log, false)}.${set ? ` In your conf: ${at(set)}.` : ''}`,
      detail: { ...detail, workingDirectory: m[1] },
    };
  }
  const set = log.conf?.global('user').set;
  return {
    cause: `${who} could not switch to the user or group of the "user" directive (${why})${after}${end} The master runs as root but may not change users: a container or service started without the SETUID/SETGID capabilities (cap_drop, no-new-privileges), or a user namespace that lacks that user's id.`,
    fix: `Give nginx back the capabilities to change users (docker: drop the cap_drop of SETUID/SETGID; systemd: CapabilityBoundingSet), or run nginx as that user from the start and remove the "user" line; check with "nginx -t", then ${restartNginx(log, false)}.${set ? ` In your conf: ${at(set)}.` : ''}`,
    detail,
  };
}

/**
 * A Windows worker that exited with C0000142 and could not be replaced. C0000142 is
 * STATUS_DLL_INIT_FAILED: a new process's user32/kernel32 could not initialise. Microsoft gives
 * two causes (KB 184802 "User32.dll or Kernel32.dll fails to initialize", and the Windows SDK
 * team's "What is up with 'The application failed to initialize properly (0xc0000142)' error?"):
 * the process may not use the window station and desktop it is started on (the session it belongs
 * to is ending: log off, a closed Remote Desktop session), or the desktop heap is used up (many
 * programs and windows open). nginx for Windows starts each worker with CreateProcess on the
 * master's desktop (src/os/win32/ngx_process.c), so when that happens the replacement fails too.
 * The real logs bear this out (fixtures 11-14, 27): their paths are plain ASCII and nginx served
 * requests from the same folder afterwards, so neither the folder nor nginx.exe is at fault.
 */
function dllInitFailed(g: Group, x: Exit, log: LogView): Explained {
  const es = entries(g);
  const master = es[0].pid;
  const after = log.requestAfter(g.lines[g.lines.length - 1].no);
  const folders = log.folders();
  const folder = folders[0];
  const odd = folders.filter(nonAscii);
  const cause =
    `Worker ${x.worker} of nginx ${master !== undefined ? `(master ${master}) ` : ''}exited with code C0000142 (STATUS_DLL_INIT_FAILED: a new Windows process could not initialise) and its master could not start another, so that nginx served no request until it was stopped: Windows refuses new processes this way when the session or desktop nginx was started in is ending (log off, a closed Remote Desktop session) or its desktop heap is used up (many programs and windows open)` +
    (after !== undefined ? `; nginx served requests again later (line ${after}), so its folder and nginx.exe are fine` : '') +
    (odd.length ? `; separately, this log shows nginx in a folder with non-ASCII characters (${odd.map(showPath).join(', ')}), which nginx for Windows cannot use` : '') +
    '.';
  const from = folder ? `from its folder ("cd /d ${showPath(folder)}" then "start nginx")` : 'from its folder ("start nginx")';
  const fix =
    `If nginx answers now (its page opens in the browser), nothing to do. Otherwise stop what is left of it ("taskkill /IM nginx.exe /F") and start it again ${from} in the Windows session you work in; if it happens again, close programs you do not need or restart Windows.` +
    (odd.length ? ' Move nginx to a folder whose path is plain ASCII first.' : '');
  return { cause, fix, detail: { master, worker: x.worker, code: x.code, ...(after !== undefined ? { servedAgainAt: after } : {}) } };
}

// ---- worker-connections -----------------------------------------------------------------------

const NOT_ENOUGH = /^(\d+) worker_connections are not enough/;

export const workerConnections: Condition = {
  id: 'worker-connections',
  match(e) {
    return NOT_ENOUGH.test(e.message) ? { by: 'key', key: `wc|${e.pid}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const n = Number(NOT_ENOUGH.exec(e.message)![1]);
    const upstream = es.some((x) => /upstream/.test(x.action ?? ''));
    const set = log.conf?.global('worker_connections');
    const pointer = set?.set ? ` In your conf: raise ${at(set.set)}.` : set?.block ? ` In your conf: worker_connections is not set (512); add it to ${at(set.block)}.` : '';
    return {
      cause: `An nginx worker had all of its ${n} worker_connections in use${upstream ? ' (the line is from a connect to an upstream: each proxied request takes two, the client\'s and the upstream\'s)' : ''}${es.length > 1 ? `, ${plural(es.length, 'time')}` : ''}, so new connections were refused or dropped: more traffic than ${n} (long keep-alive or WebSocket connections count too), or requests that never end. One cause worth ruling out is nginx proxying to itself (proxy_pass to its own port: each request opens another until none are left); the log shows it when its own port is refused or requests arrive over HTTP/1.0 for the proxied path.`,
      fix: `If the load is real, raise worker_connections in events { } (e.g. ${Math.max(4096, n * 4)}; with worker_rlimit_nofile at least twice that); if the count jumped at once, check that no proxy_pass points back at nginx's own listen port.${pointer}`,
      detail: { workerConnections: n, lines: es.length },
    };
  },
};

// ---- too-many-open-files ----------------------------------------------------------------------

export const tooManyOpenFiles: Condition = {
  id: 'too-many-open-files',
  match(e) {
    return errnoIs.tooManyFiles(e) ? { by: 'key', key: `nofile|${e.pid}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const calls = [...new Set(es.map((x) => x.message.replace(/ ".*"/, '')))];
    const set = log.conf?.global('worker_rlimit_nofile');
    const pointer = set?.set ? ` In your conf: raise ${at(set.set)}.` : log.conf ? ' In your conf: worker_rlimit_nofile is not set; add it at the top of nginx.conf.' : '';
    return {
      cause: `nginx ran out of file descriptors (${e.errno?.code}: ${e.errno?.text}) in ${calls.slice(0, 3).join(', ')}${es.length > 1 ? `, ${plural(es.length, 'time')}` : ''}: every connection, upstream connection and open file takes one, and the worker's limit (ulimit -n, often 1024) was reached, so connections were refused.`,
      fix: `Raise the limit nginx's workers get: "worker_rlimit_nofile 65535;" at the top of nginx.conf (and LimitNOFILE=65535 in the systemd unit, or --ulimit nofile=65535:65535 for a container), keep worker_connections below it, then restart nginx.${pointer}`,
      detail: { lines: es.length },
    };
  },
};
