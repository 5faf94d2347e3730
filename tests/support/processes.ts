// Processes as /proc shows them, for checking that nothing of ours is left behind.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
}

function info(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: rest[0], ppid: Number(rest[1]) };
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie. */
export function alive(pid: number): boolean {
  const i = info(pid);
  return !!i && i.state !== 'Z' && i.state !== 'X';
}

/** Every live descendant of `pid`. */
export function descendants(pid: number): number[] {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => info(Number(d)) ?? []);
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

/** Listening TCP sockets (address:port) held by `pid`, from /proc/net/tcp{,6} and its fds. */
export function listeningAddresses(pid: number): string[] {
  const inodes = new Set(openFiles(pid).flatMap((f) => /^socket:\[(\d+)\]$/.exec(f)?.[1] ?? []));
  if (!inodes.size) return [];
  const out: string[] = [];
  for (const [file, v6] of [['/proc/net/tcp', false], ['/proc/net/tcp6', true]] as const) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
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
