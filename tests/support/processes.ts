// Processes as /proc shows them, for checking that nothing of ours is left behind.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

interface ProcInfo {
  pid: number;
  ppid: number;
  /** The process group. */
  pgrp: number;
  state: string;
}

function info(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: rest[0], ppid: Number(rest[1]), pgrp: Number(rest[2]) };
  } catch {
    return undefined;
  }
}

function allProcesses(): ProcInfo[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => info(Number(d)) ?? []);
}

/** The children of `pid`, from each of its threads' /proc/PID/task/TID/children (cheaper than a walk of /proc). */
export function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((t) => {
    try {
      return readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/**
 * What a command started, watched from its start to its exit, so that what outlives it is seen
 * even once re-parented: the command runs in a process group of its own (execa's `detached`),
 * which everything it starts joins unless it leaves it, and its descendants are also looked at
 * every few milliseconds while it runs (Playwright starts Chromium in a group of its own).
 * `left()`, once the command has exited: every process of either kind still alive, described.
 */
export function watchProcesses(pid: number, everyMs = 20): { left(): string[]; stop(): void } {
  const seen = new Set<number>();
  const look = () => {
    const walk = (p: number) => {
      for (const c of childrenOf(p)) {
        seen.add(c);
        walk(c);
      }
    };
    walk(pid);
  };
  look();
  const timer = setInterval(look, everyMs);
  const stop = () => clearInterval(timer);
  return {
    stop,
    left() {
      stop();
      const group = allProcesses().filter((p) => p.pgrp === pid && p.pid !== pid).map((p) => p.pid);
      return [...new Set([...seen, ...group])].filter(alive).map(describeProcess);
    },
  };
}

/** Alive and not a zombie. */
export function alive(pid: number): boolean {
  const i = info(pid);
  return !!i && i.state !== 'Z' && i.state !== 'X';
}

/** `pid`, its parent and its command line: what a test names when a process is left behind. */
export function describeProcess(pid: number): string {
  const i = info(pid);
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    // gone meanwhile
  }
  return i ? `pid ${pid} (parent ${i.ppid}, state ${i.state}): ${cmdline}` : `pid ${pid} (gone)`;
}

/** Every live descendant of `pid`. */
export function descendants(pid: number): number[] {
  const all = allProcesses();
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of all.filter((x) => x.ppid === p && x.state !== 'Z')) {
      out.push(c.pid);
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

/** What `pid`'s file descriptors point at (paths, `socket:[inode]`, ...), from /proc/PID/fd. */
export function openFiles(pid: number): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return []; // closed meanwhile
    }
  });
}

/** Listening TCP sockets (address:port) held by `pid`, from its fds and /proc/PID/net/tcp{,6} (its network namespace's). */
export function listeningAddresses(pid: number): string[] {
  const inodes = new Set(openFiles(pid).flatMap((f) => /^socket:\[(\d+)\]$/.exec(f)?.[1] ?? []));
  if (!inodes.size) return [];
  const out: string[] = [];
  for (const [file, v6] of [[`/proc/${pid}/net/tcp`, false], [`/proc/${pid}/net/tcp6`, true]] as const) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return []; // gone meanwhile: it holds nothing
    }
    for (const line of text.split('\n').slice(1)) {
      const c = line.trim().split(/\s+/);
      if (c.length < 10 || c[3] !== '0A' || !inodes.has(c[9])) continue;
      const [hex, port] = c[1].split(':');
      out.push(`${v6 ? v6Address(hex) : v4Address(hex)}:${parseInt(port, 16)}`);
    }
  }
  return out;
}

function v4Address(hex: string): string {
  return [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
}

function v6Address(hex: string): string {
  if (hex === '00000000000000000000000001000000') return '[::1]';
  if (hex === '00000000000000000000000000000000') return '[::]';
  return `[${hex}]`;
}
