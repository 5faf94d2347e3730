// What machine and software a run was measured on.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { findNginx } from '../harness/nginx/engine.js';
import { repoRoot } from '../harness/paths.js';
import { findWrk, type Generator } from './load.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  kernel: string;
  node: string;
  nginx: string;
  generator: string;
  /** 1-minute load average at the start and the end of the run (others' work on the machine shows here). */
  loadavgStart: number;
  loadavgEnd?: number;
  /** Median and max of the 1-minute load average sampled every 5 s during the run. */
  loadavgMedian?: number;
  loadavgMax?: number;
}

function cpuModel(): string {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  } catch {
    return os.cpus()[0]?.model ?? 'unknown';
  }
}

async function version(file: string | undefined, args: string[], re: RegExp): Promise<string> {
  if (!file) return 'not installed';
  const r = await execa(file, args, { reject: false });
  return re.exec(`${r.stdout}\n${r.stderr}`)?.[1] ?? 'unknown';
}

function autocannonVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'autocannon', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export async function describeMachine(generator: Generator): Promise<Machine> {
  const nginx = await version(findNginx(), ['-v'], /nginx version: (\S+)/);
  const gen =
    generator === 'wrk'
      ? `wrk ${await version(findWrk(), ['-v'], /wrk (\S+)/)} (-t1, a process of its own)`
      : `autocannon ${autocannonVersion()} (one thread, a process of its own; latency timed there in µs)`;
  return {
    cpu: cpuModel(),
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    nginx,
    generator: gen,
    loadavgStart: os.loadavg()[0],
  };
}

export function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.kernel}; Node ${m.node}; ${m.nginx}; load generator ${m.generator}`;
}
