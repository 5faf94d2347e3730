// One load run against a URL, by a load generator in a process of its own: autocannon (our
// loadgen.js, the default) or wrk (`--generator wrk`, where /usr/bin/wrk is installed).
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './loadgen.js';
import { track } from './procs.js';

export type { LoadResult, LoadSpec };
export type Generator = 'autocannon' | 'wrk';

const LOADGEN = join(dirname(fileURLToPath(import.meta.url)), 'loadgen.js');

export function findWrk(): string | undefined {
  return ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
}

export async function runLoad(generator: Generator, spec: LoadSpec): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(spec) : runAutocannon(spec);
}

async function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  const child = execa(process.execPath, [LOADGEN, JSON.stringify(spec)], { reject: false, timeout: (spec.seconds + 30) * 1000 });
  const untrack = track(child.pid, 'loadgen');
  try {
    const r = await child;
    const line = String(r.stdout).trim().split('\n').pop() ?? '';
    if (r.exitCode !== 0 || !line.startsWith('{')) throw new Error(`load generator failed (exit ${r.exitCode}): ${String(r.stderr).slice(-500)}`);
    const result = JSON.parse(line) as LoadResult;
    // JSON has no NaN: a run without a single 2xx answer has no latency.
    result.p50 ??= NaN;
    result.p99 ??= NaN;
    return result;
  } finally {
    untrack();
  }
}

/** wrk's "1.23ms" / "456.00us" / "1.02s" in ms. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 'ms' ? v : m[2] === 's' ? v * 1000 : v * 60_000;
}

async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const wrk = findWrk();
  if (!wrk) throw new Error('wrk is not installed (apt-get install wrk); leave out --generator wrk to use autocannon');
  const args = ['-t1', `-c${spec.connections}`, `-d${spec.seconds}s`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(spec.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(spec.url);
  const child = execa(wrk, args, { reject: false, timeout: (spec.seconds + 30) * 1000 });
  const untrack = track(child.pid, 'wrk');
  let out: string;
  try {
    const r = await child;
    out = String(r.stdout);
    if (r.exitCode !== 0) throw new Error(`wrk failed (exit ${r.exitCode}): ${String(r.stderr).slice(-500)}`);
  } finally {
    untrack();
  }
  const total = Number(/(\d+) requests in ([\d.]+)(ms|s|m)/.exec(out)?.[1] ?? NaN);
  const durM = /\d+ requests in ([\d.]+\w+),/.exec(out);
  const seconds = durM ? wrkMs(durM[1]) / 1000 : spec.seconds;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) + Number(sock[4]) : 0;
  const pct = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out);
    return m ? wrkMs(m[1]) : NaN;
  };
  const ok = total - non2xx;
  return {
    rps: ok / seconds,
    // wrk's percentiles cover every answer, not only the 2xx ones.
    p50: pct('50'),
    p99: pct('99'),
    total,
    ok,
    non2xx,
    errors,
    seconds,
    statusCodes: {},
  };
}
