// What the harness does that only some systems offer, in one place, each with a portable fallback
// (macOS, Windows): Linux's /proc (process table, listening sockets, file limits, a tracer), strace,
// the apt-get/dnf package managers, re-parenting as the sign that a parent is gone, and the signals
// Windows lacks. HARNESS_PORTABLE=1 takes every fallback on Linux too, so that they are tested here.
import { readFileSync } from 'node:fs';

/** HARNESS_PORTABLE=1: every fallback, as on a system that is neither Linux nor POSIX. */
const portable = process.env.HARNESS_PORTABLE === '1';
const windows = process.platform === 'win32';

/** Whether Linux's own facilities are used (false elsewhere, and with HARNESS_PORTABLE=1). */
export const linux = process.platform === 'linux' && !portable;

/** The signals that ask a foreground command to stop, each with how a user would name it. */
export function stopSignals(): [NodeJS.Signals, string][] {
  // A listener for one a system does not deliver (SIGTERM on Windows) is allowed and never called.
  const all: [NodeJS.Signals, string][] = [['SIGINT', 'Ctrl-C'], ['SIGTERM', 'SIGTERM'], ['SIGHUP', 'SIGHUP']];
  return windows ? [...all, ['SIGBREAK', 'Ctrl-Break']] : all;
}

/** nginx's graceful stop (SIGQUIT: let the connections finish), where the system has the signal. */
export const gracefulStopSignal: NodeJS.Signals | undefined = windows || portable ? undefined : 'SIGQUIT';

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
 * Whether the process that was this one's parent (pid `parent`) has gone. Linux re-parents an
 * orphan at once (to init or a subreaper), so its parent pid changes; Windows keeps the old
 * number, so the fallback asks whether that pid still exists.
 */
export function parentGone(parent: number): boolean {
  return linux ? process.ppid !== parent : !pidExists(parent);
}

/**
 * The uid and gid of a user (and of `group`, else the user's own group), from /etc/passwd and
 * /etc/group; undefined where those are not the system's user database (the fallback).
 */
export function userIds(name: string, group?: string): { uid: number; gid: number } | undefined {
  if (!linux) return undefined;
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
