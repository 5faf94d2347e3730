// What the harness does that only some systems offer, in one place, each with a portable fallback
// that works on macOS and Windows too: Linux's /proc (the process table, who listens on a port,
// file limits, a tracer), the user database, strace, setpriv and unshare around real nginx, the
// apt-get/dnf package managers, re-parenting as the sign that a parent is gone, and the signals
// Windows lacks. HARNESS_PORTABLE=1 takes every fallback on Linux too, so that they are tested here
// (read at each call, so that a test process can set it).
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { tmpdir } from 'node:os';

/** HARNESS_PORTABLE=1: every fallback, as on a system that is neither Linux nor POSIX. */
const portable = () => process.env.HARNESS_PORTABLE === '1';
const windows = process.platform === 'win32';

/** Whether Linux's own facilities are used (false elsewhere, and with HARNESS_PORTABLE=1). */
export function linux(): boolean {
  return process.platform === 'linux' && !portable();
}

/** Whether Windows' own commands are used (netstat, tasklist): on Windows, without HARNESS_PORTABLE=1. */
export function windowsHost(): boolean {
  return windows && !portable();
}

/** Where files that processes share as memory go: Linux's tmpfs /dev/shm, else the temp folder. */
export function sharedMemoryDir(): string {
  return linux() && existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** Whether a POSIX shell and `ps` can be asked (not on Windows, nor with HARNESS_PORTABLE=1). */
function posix(): boolean {
  return !windows && !portable();
}

/** The signals that ask a foreground command to stop, each with how a user would name it. */
export function stopSignals(): [NodeJS.Signals, string][] {
  // A listener for one a system does not deliver (SIGTERM on Windows) is allowed and never called.
  const all: [NodeJS.Signals, string][] = [['SIGINT', 'Ctrl-C'], ['SIGTERM', 'SIGTERM'], ['SIGHUP', 'SIGHUP']];
  return windows ? [...all, ['SIGBREAK', 'Ctrl-Break']] : all;
}

/** nginx's graceful stop (SIGQUIT: let the connections finish), where the system has the signal. */
export function gracefulStopSignal(): NodeJS.Signals | undefined {
  return posix() ? 'SIGQUIT' : undefined;
}

/** Whether a process with this pid exists (a zombie counts; EPERM means it exists but is not ours). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether process `pid` has exited and waits only to be reaped by its parent (Linux's zombie:
 * /proc/PID/stat's state Z or X). A detached stack's parent is init, or whatever reaps orphans
 * where the harness runs, which may take a second or more: its work, ports and files are done
 * with already, and `harness down` need not wait for that.
 */
export function exitedUnreaped(pid: number): boolean {
  if (!linux()) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/**
 * When process `pid` started, as a token that tells it apart from a later process given the same
 * pid: Linux's /proc/PID/stat field 22 (clock ticks since boot), else POSIX `ps -o lstart=`;
 * undefined when it is gone, or where neither can tell (Windows: the pid alone is known).
 */
export function processStartTime(pid: number): string | undefined {
  if (linux()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields from the third (state) on follow the command's closing parenthesis.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
    } catch {
      return undefined;
    }
  }
  if (!posix()) return undefined;
  try {
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined; // ps exits 1 for a pid that is not there
  }
}

/**
 * The command line of process `pid` (Linux's /proc/PID/cmdline); undefined when it is gone, or
 * where the system does not tell it (the fallback).
 */
export function processCommandLine(pid: number): string[] | undefined {
  if (!linux()) return undefined;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that was this one's parent (pid `parent`) has gone. Linux re-parents an
 * orphan at once (to init or a subreaper), so its parent pid changes; Windows keeps the old
 * number, so the fallback asks whether that pid still exists.
 */
export function parentGone(parent: number): boolean {
  return linux() ? process.ppid !== parent : !pidExists(parent);
}

/**
 * The uid and gid of a user (and of `group`, else the user's own group), from /etc/passwd and
 * /etc/group; undefined where those are not the system's user database (the fallback).
 */
export function userIds(name: string, group?: string): { uid: number; gid: number } | undefined {
  if (!linux()) return undefined;
  const field = (file: string, key: string, n: number) => {
    try {
      const line = readFileSync(file, 'utf8')
        .split('\n')
        .find((l) => l.split(':')[0] === key);
      return line === undefined ? undefined : Number(line.split(':')[n]);
    } catch {
      return undefined;
    }
  };
  const uid = field('/etc/passwd', name, 2);
  const gid = group !== undefined ? field('/etc/group', group, 2) : field('/etc/passwd', name, 3);
  return uid === undefined || gid === undefined ? undefined : { uid, gid };
}

/**
 * The live children of `pid` (nginx's workers are its master's): /proc on Linux, oldest first
 * (pids wrap at pid_max, 32768 on many machines, so a respawned worker may have the lower pid);
 * else POSIX `ps`, in pid order; none known on Windows.
 */
export function childPids(pid: number): number[] {
  if (linux()) {
    const children = readdirSync('/proc').flatMap((d) => {
      if (!/^\d+$/.test(d)) return [];
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        // Fields from the third on; starttime is the 22nd (proc(5)).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid && fields[0] !== 'Z' ? [{ pid: Number(d), started: Number(fields[19]) }] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
    return children.sort((a, b) => a.started - b.started).map((c) => c.pid);
  }
  if (windows) return [];
  // procps and BSD ps alike: every process, no header; a zombie's state starts with Z.
  const text = execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'stat='], { encoding: 'utf8' });
  return text.split('\n').flatMap((line) => {
    const [child, ppid, stat] = line.trim().split(/\s+/);
    return Number(ppid) === pid && !stat?.startsWith('Z') ? [Number(child)] : [];
  });
}

/**
 * The process listening on TCP `port` (Linux: /proc/net/tcp{,6}, then each process's descriptors),
 * if it can be found. Windows asks netstat and tasklist (windows-port-holder.ts, through ports.ts);
 * the fallback knows none: the caller says "another process".
 */
export function portHolder(port: number): { pid: number; command: string } | undefined {
  if (!linux()) return undefined;
  const inodes = new Set<string>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue; // 0A = LISTEN
      const p = parseInt(cols[1].split(':')[1], 16);
      if (p === port) inodes.add(cols[9]);
    }
  }
  if (!inodes.size) return undefined;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1])) {
        let command = '?';
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
        } catch {
          // gone meanwhile
        }
        return { pid: Number(pid), command };
      }
    }
  }
  return undefined;
}

/**
 * RLIMIT_NOFILE as `[soft, hard]` (`unlimited` as such). Node has no getrlimit(): Linux shows the
 * limits in /proc/self/limits; elsewhere a POSIX shell's `ulimit` (a child inherits them).
 * Undefined when neither can tell (Windows).
 */
export function openFilesLimit(): [string, string] | undefined {
  if (linux()) {
    try {
      const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
      if (m) return [m[1], m[2]];
    } catch {
      // no /proc mounted: the shell may still tell
    }
  }
  if (!posix()) return undefined;
  try {
    const [soft, hard] = execFileSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' }).trim().split('\n');
    return [soft, hard];
  } catch {
    return undefined;
  }
}

/** Whether a tracer (strace) is attached to `pid`: /proc/<pid>/status on Linux, unknown elsewhere. */
export function traced(pid: number): boolean | undefined {
  if (!linux()) return undefined;
  try {
    return /^TracerPid:\s+[1-9]/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether `command` is an executable on PATH. */
export function onPath(command: string): boolean {
  const names = windows ? [command, `${command}.exe`, `${command}.cmd`] : [command];
  return (process.env.PATH ?? '').split(delimiter).some((d) => d && names.some((n) => existsSync(join(d, n))));
}

/**
 * What to run real nginx under so that it ends with the harness even when the harness is killed
 * outright: `setpriv --pdeathsig TERM` (Linux). The fallback runs it as it is: the harness stops
 * it on every path it can catch.
 */
export function parentDeathWrapper(): string[] {
  return linux() && onPath('setpriv') ? ['setpriv', '--pdeathsig', 'TERM', '--'] : [];
}

/** Whether a private mount namespace can be made (`unshare -m`, as root on Linux). */
export function canUnshareMounts(): boolean {
  return linux() && process.getuid?.() === 0 && existsSync('/usr/bin/unshare');
}

/** The package manager `harness setup` knows on this system: apt-get or dnf (Linux only). */
export function packageManager(): 'apt-get' | 'dnf' | undefined {
  if (!linux()) return undefined;
  if (existsSync('/usr/bin/apt-get')) return 'apt-get';
  if (existsSync('/usr/bin/dnf')) return 'dnf';
  return undefined;
}
