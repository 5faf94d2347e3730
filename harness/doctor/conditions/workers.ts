// Conditions of nginx's worker processes: one that died (and was replaced), one that could not be
// replaced, which leaves the master without a worker, and workers out of connections or of file
// descriptors.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type Explained, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { errnoIs, errText, looksWindows, nonAscii, showPath } from '../facts.js';
import { restartNginx } from './platform.js';
import { count, inYourConf, series } from '../say.js';
import { t } from './workers.texts.js';
import type { TextKey } from '../../i18n/index.js';
import { doctorText } from '../texts.js';

const EXITED = /^worker process (\d+) exited (?:with (?:fatal )?code (\S+)|on signal (\d+))/;
// Linux's `exited with fatal code 2 and cannot be respawned`: the worker failed while starting.
const FATAL = /^worker process \d+ exited with fatal code \d+ and cannot be respawned$/;
const RESPAWN = /^could not respawn worker|^fork\(\) failed while spawning "worker process"|^CreateProcess\(.*\) failed$|^the event ".*" was not signaled for \d+s$/;
/**
 * What a new Linux worker does before it serves (ngx_worker_process_init) and exits with code 2
 * on failing: the `user` switch and working_directory. The master then logs FATAL.
 */
const WORKER_START = /^(?:chdir\("(.*)"\)|(setuid|setgid|initgroups|capset)\(.*\)) failed$/;

const WINDOWS_CODES: Record<string, TextKey<typeof t>> = {
  C0000142: 'doctor.exit.C0000142',
  C0000005: 'doctor.exit.C0000005',
  C0000409: 'doctor.exit.C0000409',
  C000013A: 'doctor.exit.C000013A',
  '1': 'doctor.exit.1',
};

const SIGNALS: Record<string, TextKey<typeof t>> = {
  '6': 'doctor.exit.signal.6',
  '9': 'doctor.exit.signal.9',
  '11': 'doctor.exit.signal.11',
  '7': 'doctor.exit.signal.7',
  '15': 'doctor.exit.signal.15',
};

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
  if (x.signal) return t('doctor.exit.killed', { signal: x.signal, name: t(SIGNALS[x.signal] ?? 'doctor.exit.signal.other') });
  const known = WINDOWS_CODES[x.code ?? ''];
  return t('doctor.exit.code', { code: x.code ?? '', known: known ? doctorText('doctor.paren', { s: t(known) }) : '' });
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
      cause: t('doctor.crashed.cause', { worker: x.worker, how: how(x), all: exits.length > 1 ? t('doctor.crashed.all', { n: exits.length }) : '' }),
      fix: t(looksWindows(es[0]) ? 'doctor.crashed.fixWindows' : 'doctor.crashed.fixLinux'),
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
        cause: t('doctor.respawn.fork', { after: x ? t('doctor.respawn.forkAfter', { worker: x.worker, how: how(x) }) : '', err: `${fork.errno?.code}: ${fork.errno?.text}` }),
        fix: t('doctor.respawn.forkFix'),
        detail,
      };
    }
    if (x?.code === 'C0000142') return dllInitFailed(g, x, log);
    const start = es.find((e) => WORKER_START.test(e.message));
    if (start) return workerStartFailed(start, x, log, detail);
    if (es.some((e) => FATAL.test(e.message))) {
      return {
        cause: t('doctor.respawn.fatal', { worker: x?.worker ?? '', pid: x?.worker ?? 'N' }),
        fix: t('doctor.respawn.fatalFix', { restart: restartNginx(log, false) }),
        detail,
      };
    }
    return {
      cause: t('doctor.respawn.cause', { after: x ? t('doctor.respawn.atStart', { worker: x.worker, how: how(x) }) : '' }),
      fix: t('doctor.respawn.fix', { restart: windows ? t('doctor.respawn.restartWindows') : restartNginx(log, false) }),
      detail,
    };
  },
};

/** A worker that exited with code 2 before serving, explained by its own line (`chdir("/tmp/cores") failed`). */
function workerStartFailed(start: ErrorLogEntry, x: Exit | undefined, log: LogView, detail: Record<string, unknown>): Explained {
  const m = WORKER_START.exec(start.message)!;
  const facts = {
    worker: x?.worker ?? start.pid ?? '',
    why: `${start.message} (${errText(start)})`,
    after: t(x ? 'doctor.workerStart.exited' : 'doctor.workerStart.exits'),
    restart: restartNginx(log, false),
  };
  if (m[1] !== undefined) {
    const set = log.conf?.global('working_directory').set;
    return {
      cause: t('doctor.workerStart.chdir', { ...facts, dir: m[1] }),
      fix: t('doctor.workerStart.chdirFix', { ...facts, dir: m[1], pointer: set ? inYourConf([at(set)]) : '' }),
      detail: { ...detail, workingDirectory: m[1] },
    };
  }
  const set = log.conf?.global('user').set;
  return {
    cause: t('doctor.workerStart.user', facts),
    fix: t('doctor.workerStart.userFix', { ...facts, pointer: set ? inYourConf([at(set)]) : '' }),
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
  const cause = t('doctor.dll.cause', {
    worker: x.worker,
    master: master !== undefined ? t('doctor.dll.master', { pid: master }) : '',
    after: after !== undefined ? t('doctor.dll.after', { line: after }) : '',
    odd: odd.length ? t('doctor.dll.odd', { folders: series(odd.map(showPath)) }) : '',
  });
  const from = folder ? t('doctor.dll.fromFolder', { folder: showPath(folder) }) : t('doctor.dll.fromItsFolder');
  const fix = t('doctor.dll.fix', { from, move: odd.length ? t('doctor.dll.move') : '' });
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
    const pointer = set?.set ? doctorText('doctor.conf.raise', { at: at(set.set) }) : set?.block ? t('doctor.connections.notSet', { at: at(set.block) }) : '';
    return {
      cause: t('doctor.connections.cause', {
        n,
        upstream: upstream ? t('doctor.connections.upstream') : '',
        times: es.length > 1 ? doctorText('doctor.commaTimes', { times: count(es.length, 'time') }) : '',
      }),
      fix: t('doctor.connections.fix', { more: Math.max(4096, n * 4), pointer }),
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
    const pointer = set?.set ? doctorText('doctor.conf.raise', { at: at(set.set) }) : log.conf ? t('doctor.nofile.notSet') : '';
    return {
      cause: t('doctor.nofile.cause', {
        err: `${e.errno?.code}: ${e.errno?.text}`,
        calls: series(calls.slice(0, 3)),
        times: es.length > 1 ? doctorText('doctor.commaTimes', { times: count(es.length, 'time') }) : '',
      }),
      fix: t('doctor.nofile.fix', { pointer }),
      detail: { lines: es.length },
    };
  },
};
