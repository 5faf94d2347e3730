// The pass-through's cost: the embedded engine (nginx's default conf, 1 worker, access_log off) in
// front of the fast upstream directly, and in front of the pass-through in front of the same fast
// upstream, alternating round by round, wrk -t1 -c32 keep-alive to the proxy. The ratio is what a
// user's stack loses when `harness up --admin-upstream` puts the harness in front of their server.
//
//   node dist/bench/pass-through.js [--seconds 5] [--rounds 3]    # this part alone
//   npm run bench -- --only pass-through                          # through the runner
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFastUpstream, startListening, type Admin } from './admin-process.js';
import { startEngine, type RunningEngine } from './engines.js';
import { findWrk, runLoad, type LoadResult } from './load.js';
import { cpuMs, defer, stopAll, stopOnSignals } from './procs.js';
import { spread } from './stats.js';
import { FAST_PATH } from './fast.js';

const CONNECTIONS = 32;

export interface PassThroughSample {
  direct: LoadResult[];
  through: LoadResult[];
  /** CPU time of the pass-through's process per request it passed on, µs, each round. */
  passThroughCpuUs: number[];
  /** The same at one connection (a person at the admin pages: latency, not throughput). */
  directOne: LoadResult[];
  throughOne: LoadResult[];
}

export async function passThroughPart(o: { seconds: number; rounds: number; warmup: number }, root: string, log: (s: string) => void): Promise<PassThroughSample> {
  if (!findWrk()) throw new Error('the pass-through figure is measured with wrk, which is not installed: apt-get install -y wrk, or leave out the part');
  const upstream = await startFastUpstream();
  defer('fast upstream', () => upstream.stop());
  const passThrough: Admin = await startListening('pass-through', join(dirname(fileURLToPath(import.meta.url)), 'pass-through-process.js'), [String(upstream.port)]);
  defer('pass-through', () => passThrough.stop());
  const setup = { root, workers: 1, conf: 'default' as const, accessLogOff: true };
  const direct = await startEngine('embedded', { ...setup, adminPort: upstream.port });
  const through = await startEngine('embedded', { ...setup, adminPort: passThrough.port });
  const load = (e: RunningEngine, seconds: number, connections = CONNECTIONS) => runLoad('wrk', { url: `${e.origin}${FAST_PATH}`, connections, seconds });
  const sample: PassThroughSample = { direct: [], through: [], passThroughCpuUs: [], directOne: [], throughOne: [] };
  try {
    for (const e of [direct, through]) await load(e, Math.max(o.warmup, 3));
    for (let round = 1; round <= o.rounds; round++) {
      const d = await load(direct, o.seconds);
      const before = cpuMs([passThrough.pid]);
      const t = await load(through, o.seconds);
      const cpu = ((cpuMs([passThrough.pid]) - before) * 1000) / Math.max(1, t.ok);
      sample.direct.push(d);
      sample.through.push(t);
      sample.passThroughCpuUs.push(cpu);
      const n = (x: number) => Math.round(x).toLocaleString('en-US');
      log(`pass-through, round ${round}: direct ${n(d.rps)} req/s, through the pass-through ${n(t.rps)} req/s (${(t.rps / d.rps).toFixed(2)}×), ${n(cpu)} µs of its CPU per request${t.non2xx + t.errors ? `; ${t.non2xx} non-2xx, ${t.errors} errors` : ''}`);
      sample.directOne.push(await load(direct, o.seconds, 1));
      sample.throughOne.push(await load(through, o.seconds, 1));
      log(`pass-through, round ${round}, 1 connection: p50 direct ${sample.directOne.at(-1)!.p50.toFixed(2)} ms, through ${sample.throughOne.at(-1)!.p50.toFixed(2)} ms`);
    }
  } finally {
    await direct.stop();
    await through.stop();
  }
  return sample;
}

/** The part's own table, appended to latest.md. */
export function passThroughMarkdown(s: PassThroughSample | undefined): string {
  if (!s?.direct.length) return '';
  const rps = (runs: LoadResult[]) => {
    const x = spread(runs.map((r) => r.rps));
    return `${Math.round(x.median).toLocaleString('en-US')} (${Math.round(x.min).toLocaleString('en-US')}–${Math.round(x.max).toLocaleString('en-US')})`;
  };
  const ratio = (through: LoadResult[], direct: LoadResult[]) => {
    const x = spread(through.map((t, i) => t.rps / direct[i]!.rps));
    return `${x.median.toFixed(2)}× (${x.min.toFixed(2)}–${x.max.toFixed(2)})`;
  };
  const p50 = (runs: LoadResult[]) => spread(runs.map((r) => r.p50)).median.toFixed(2);
  const bad = [...s.through, ...s.throughOne].reduce((n, r) => n + r.non2xx + r.errors, 0);
  return [
    '',
    "### The pass-through (--admin-upstream), embedded engine, nginx's default conf, 1 worker, wrk -t1",
    '',
    `| upstream of /api/ | req/s at ${CONNECTIONS} connections, median (min–max) | ÷ direct | pass-through CPU per request, µs | req/s at 1 connection | ÷ direct | p50 at 1 connection, ms |`,
    '|---|---|---|---|---|---|---|',
    `| the fast upstream directly | ${rps(s.direct)} | 1.00× | – | ${rps(s.directOne)} | 1.00× | ${p50(s.directOne)} |`,
    `| the pass-through, in front of the same fast upstream | ${rps(s.through)}${bad ? ` ⚠ ${bad} non-2xx or errors` : ''} | ${ratio(s.through, s.direct)} | ${Math.round(spread(s.passThroughCpuUs).median)} | ${rps(s.throughOne)} | ${ratio(s.throughOne, s.directOne)} | ${p50(s.throughOne)} |`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } } });
  stopOnSignals();
  const root = mkdtempSync(join(tmpdir(), 'sky-bench-'));
  try {
    const s = await passThroughPart({ seconds: Number(values.seconds), rounds: Number(values.rounds), warmup: 3 }, root, (l) => process.stderr.write(`bench: ${l}\n`));
    process.stdout.write(passThroughMarkdown(s) + '\n');
  } finally {
    await stopAll();
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
