// Time from a worker crash (SIGSEGV sent by the benchmark to a worker's pid, the same fault for
// both engines) to a new worker serving.
//   1 worker: the proxy is polled with short requests, each on a new connection; the first answer
//   after the kill must come from a new worker (the old one cannot run again once a fatal signal
//   is pending), which is then checked: the old pid is gone and the worker list has a new pid.
//   2 workers: the survivor keeps serving, so the figure is the time until the worker list shows a
//   new pid and a request is then answered.
import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import type { RunningEngine } from './engines.js';
import { isAlive } from './procs.js';

export interface CrashSample {
  ms: number;
  victim: number;
  replacement?: number;
  /** Probe requests that failed (reset, refused, timed out) before the first answer. */
  failedProbes: number;
  verified: boolean;
  error?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on a connection of its own; true on any 200. */
async function probe(origin: string): Promise<boolean> {
  const client = new Client(origin, { connectTimeout: 2000, headersTimeout: 2000, bodyTimeout: 2000, pipelining: 1 });
  try {
    const r = await client.request({ path: '/index.html', method: 'GET' });
    await r.body.dump();
    return r.statusCode === 200;
  } catch {
    return false;
  } finally {
    client.destroy().catch(() => undefined);
  }
}

export async function waitForWorkers(e: RunningEngine, n: number, timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ws = (await e.engine.workers()).filter(isAlive);
    if (ws.length >= n) return ws;
    if (Date.now() > deadline) throw new Error(`${e.name}: ${ws.length} of ${n} workers after ${timeoutMs} ms`);
    await sleep(20);
  }
}

export async function crashOnce(e: RunningEngine, workers: number, timeoutMs = 10_000): Promise<CrashSample> {
  const before = await waitForWorkers(e, workers);
  if (!(await probe(e.origin))) throw new Error(`${e.name} does not answer before the crash`);
  const victim = before[0];
  let failedProbes = 0;
  const t0 = performance.now();
  process.kill(victim, 'SIGSEGV');
  const deadline = t0 + timeoutMs;
  const late = (): CrashSample => ({ ms: NaN, victim, failedProbes, verified: false, error: `no new worker serving within ${timeoutMs} ms` });
  if (workers > 1) {
    for (;;) {
      const ws = await e.engine.workers();
      if (ws.some((p) => !before.includes(p))) break;
      if (performance.now() > deadline) return late();
      await sleep(0.5);
    }
  }
  for (;;) {
    if (await probe(e.origin)) break;
    failedProbes++;
    if (performance.now() > deadline) return late();
    await sleep(0.5);
  }
  const ms = performance.now() - t0;
  const after = await e.engine.workers();
  const replacement = after.find((p) => !before.includes(p));
  return { ms, victim, replacement, failedProbes, verified: !isAlive(victim) && replacement !== undefined };
}
