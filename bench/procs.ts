// Everything the benchmark starts is registered here and stopped by its own pid on every path out
// (normal end, error, Ctrl-C/SIGTERM); plus process trees and their memory, from /proc.
import { readFileSync, readdirSync } from 'node:fs';
import treeKill from 'tree-kill';
import { isWorkerTitle, WORKER_TITLE } from '../harness/embedded/protocol.js';

type Closer = { name: string; close: () => Promise<void> };
const closers = new Set<Closer>();

/** Registers something to stop; returns the function that unregisters it once it is stopped. */
export function defer(name: string, close: () => Promise<void>): () => void {
  const c = { name, close };
  closers.add(c);
  return () => void closers.delete(c);
}

/** A child process to kill (tree, SIGKILL) if the benchmark leaves before it ends. */
export function track(pid: number | undefined, name: string): () => void {
  if (pid === undefined) return () => undefined;
  return defer(`${name} (pid ${pid})`, () => killTree(pid));
}

export function killTree(pid: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((r) => treeKill(pid, signal, () => r()));
}

/** Stops everything still registered, newest first. */
export async function stopAll(): Promise<void> {
  for (const c of [...closers].reverse()) {
    closers.delete(c);
    try {
      await c.close();
    } catch (e) {
      process.stderr.write(`bench: stopping ${c.name}: ${(e as Error).message}\n`);
    }
  }
}

let handling = false;
export function stopOnSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      if (handling) return;
      handling = true;
      process.stderr.write(`\nbench: ${sig}: stopping everything it started...\n`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/** The parent pid of every process, from /proc/<pid>/stat. */
function parents(): Map<number, number> {
  const m = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      m.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  return m;
}

/** `pid` and all its descendants. */
export function processTree(pid: number): number[] {
  const pp = parents();
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [c, p] of pp) if (p === out[i]) out.push(c);
  return out.filter((p) => pp.has(p));
}

/** A process's command line as /proc shows it ('' once it is gone). */
function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** A worker (or the spare) of an embedded engine whose master runs in this process. */
export function isEmbeddedWorker(pid: number): boolean {
  // Workers and the spare carry titles, not their script's name.
  return isWorkerTitle(cmdline(pid));
}

/** An embedded engine's worker that serves (not the spare, not one starting). */
export function isServingWorker(pid: number): boolean {
  return cmdline(pid).startsWith(WORKER_TITLE);
}

/** Children of `pid`. */
export function childrenOf(pid: number): number[] {
  return [...parents()].filter(([, p]) => p === pid).map(([c]) => c);
}

export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export interface Memory {
  /** Sum of VmRSS, KiB (shared pages counted once per process). */
  rssKiB: number;
  /** Sum of Pss (shared pages split between the processes), KiB. */
  pssKiB: number;
  /** Sum of RssAnon: the processes' own pages (heap, stacks, buffers), not the mapped program, KiB. */
  anonKiB: number;
  processes: number;
}

function kib(text: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

export function memoryOf(pids: number[]): Memory {
  let rssKiB = 0;
  let pssKiB = 0;
  let anonKiB = 0;
  let processes = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rssKiB += kib(status, 'VmRSS');
      anonKiB += kib(status, 'RssAnon');
      processes++;
    } catch {
      continue;
    }
    try {
      pssKiB += kib(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      // no smaps_rollup (old kernel): PSS stays partial
    }
  }
  return { rssKiB, pssKiB, anonKiB, processes };
}

/** The most a process has held in RAM since it started (VmHWM), KiB. */
export function peakKiB(pid: number): number {
  return kib(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM');
}

/** Clock ticks per second of /proc/<pid>/stat's times (sysconf(_SC_CLK_TCK): 100 on Linux). */
const CLK_TCK = 100;

/** CPU time (user + system) the processes have used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 (utime, stime), counted from the state (field 3).
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / CLK_TCK;
}
