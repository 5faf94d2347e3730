// `npm run bench`: the embedded engine and real nginx on the same nginx.conf, side by side in one
// run, against the performance targets (bench/report.ts). Not part of CI. Writes bench/results/latest.md and latest.json and
// prints the table.
//
//   npm run bench                                     # the full run (about 12 minutes on 2 cores)
//   BENCH_SECONDS=3 BENCH_ROUNDS=2 npm run bench      # a quick one
//   node dist/bench/run.js --help                     # every setting (flags or BENCH_* variables)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { repoRoot, defaultFrontendRoot } from '../harness/paths.js';
import { CONF_KINDS, CONF_LABEL, renderFor, startEngine, type ConfKind, type EngineName, type RunningEngine } from './engines.js';
import { runLoad, findWrk, type Generator, type LoadResult } from './load.js';
import { crashOnce, waitForWorkers, type CrashSample } from './crash.js';
import { bareNode, harnessUp, proxyStart, stackStart, Rebuilt } from './startup.js';
import { describeMachine, type Machine } from './machine.js';
import { markdown, type Report, type Row, type Target } from './report.js';
import { childrenOf, isEmbeddedWorker, memoryOf, processTree, stopAll, stopOnSignals, defer, type Memory } from './procs.js';
import { spread } from './stats.js';
import { login, startAdmin, type Admin } from './admin-process.js';
import { fastPart, fastRows, FAST_PATH, type FastMemory, type FastSample } from './fast.js';
import { adminApiMarkdown, adminApiPart, type AdminApiSample } from './admin-api.js';
import { passThroughMarkdown, passThroughPart, type PassThroughSample } from './pass-through.js';
import { gzipPart, gzipRows, GZIP_PATH, type GzipSample } from './gzip.js';
import { harnessMemoryMarkdown, harnessMemoryPart, type HarnessMemorySample } from './harness-memory.js';
import { commandsMarkdown, commandsPart, type CommandsSample } from './commands.js';

const ENGINE_ORDER: readonly EngineName[] = ['embedded', 'nginx'];
const PARTS = ['fast', 'gzip', 'load', 'memory', 'crash', 'startup', 'commands', 'admin-api', 'pass-through', 'harness-memory'] as const;
type Part = (typeof PARTS)[number];

type TargetKind = 'api' | 'static';
const TARGETS: Record<TargetKind, { path: string; label: string; auth: boolean }> = {
  api: { path: '/api/employee/page?page=1&pageSize=10', label: 'GET /api/employee/page', auth: true },
  static: { path: '/index.html', label: 'GET /index.html (static)', auth: false },
};

const USAGE = `usage: npm run bench [-- options]   (or node dist/bench/run.js [options])
Each option can also be given as an environment variable (BENCH_SECONDS=3 ...).
  --seconds N       seconds per load run (BENCH_SECONDS, default 5)
  --rounds N        rounds of every load figure, alternating the engines (BENCH_ROUNDS, default 3)
  --warmup N        seconds of warm-up per engine, path and conf before the rounds (BENCH_WARMUP, default 1)
  --generator G     autocannon (default) or wrk (BENCH_GENERATOR)
  --connections L   client connections, comma-separated (BENCH_CONNECTIONS, default 1,32)
  --workers L       worker_processes, comma-separated (BENCH_WORKERS, default 1,2)
  --confs L         default,keepalive (BENCH_CONFS)
  --starts N        samples of each start-up figure, and rounds of the commands' (BENCH_STARTS, default 7)
  --compare L       start-up: also \`harness up\` of these folders, comma-separated: checkouts (the build
                    before a change) or installed packages (node_modules/sky-harness), in the same
                    loop, taking turns with this checkout's; fast: their \`harness proxy\` on the
                    same conf, a column beside this checkout's engine in each round (BENCH_COMPARE)
  --crashes N       crashes per engine and worker count (BENCH_CRASHES, default 7)
  --only L          parts to run: ${PARTS.join(',')} (BENCH_ONLY, default all)
  --out DIR         where latest.md and latest.json go (BENCH_OUT, default bench/results)
  --render FILE     measure nothing: write the table again from a run's latest.json`;

interface Settings {
  seconds: number;
  rounds: number;
  warmup: number;
  generator: Generator;
  connections: number[];
  workers: number[];
  confs: ConfKind[];
  starts: number;
  /** Other checkouts or installed packages whose `harness up` start-up is measured in the same loop. */
  compare: string[];
  crashes: number;
  only: Set<Part>;
  out: string;
  /** Re-render the table from this latest.json instead of measuring. */
  render?: string;
}

function usageError(msg: string): never {
  process.stderr.write(`bench: ${msg}\n${USAGE}\n`);
  process.exit(2);
}

function settings(): Settings {
  const names = ['seconds', 'rounds', 'warmup', 'generator', 'connections', 'workers', 'confs', 'starts', 'compare', 'crashes', 'only', 'out', 'render'] as const;
  let values: Partial<Record<(typeof names)[number] | 'help', string | boolean>>;
  try {
    ({ values } = parseArgs({
      options: { ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])), help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    }));
  } catch (e) {
    usageError((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    process.exit(0);
  }
  const get = (n: (typeof names)[number], def: string) => String(values[n] ?? process.env[`BENCH_${n.toUpperCase()}`] ?? def);
  const int = (n: (typeof names)[number], def: string, min: number) => {
    const v = Number(get(n, def));
    if (!Number.isInteger(v) || v < min) usageError(`--${n} must be a whole number >= ${min}, not "${get(n, def)}"`);
    return v;
  };
  const list = (n: (typeof names)[number], def: string) =>
    get(n, def)
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  const ints = (n: (typeof names)[number], def: string) =>
    list(n, def).map((x) => {
      const v = Number(x);
      if (!Number.isInteger(v) || v < 1) usageError(`--${n}: "${x}" is not a whole number >= 1`);
      return v;
    });
  const generator = get('generator', 'autocannon');
  if (generator !== 'autocannon' && generator !== 'wrk') usageError(`--generator must be autocannon or wrk, not "${generator}"`);
  if (generator === 'wrk' && !findWrk()) usageError('--generator wrk: wrk is not installed (apt-get install wrk)');
  const confs = list('confs', CONF_KINDS.join(','));
  for (const c of confs) if (!CONF_KINDS.includes(c as ConfKind)) usageError(`--confs: unknown conf "${c}" (${CONF_KINDS.join(', ')})`);
  const only = list('only', PARTS.join(','));
  for (const p of only) if (!PARTS.includes(p as Part)) usageError(`--only: unknown part "${p}" (${PARTS.join(', ')})`);
  const compare = list('compare', '').map((d) => resolve(d));
  for (const d of compare) if (!existsSync(join(d, 'bin', 'harness.js'))) usageError(`--compare: ${d} has no bin/harness.js (give a checkout of this project or an installed node_modules/sky-harness)`);
  return {
    seconds: int('seconds', '5', 1),
    rounds: int('rounds', '3', 1),
    warmup: int('warmup', '1', 0),
    generator,
    connections: ints('connections', '1,32'),
    workers: ints('workers', '1,2'),
    confs: confs as ConfKind[],
    starts: int('starts', '7', 1),
    compare,
    crashes: int('crashes', '7', 1),
    only: new Set(only as Part[]),
    out: resolve(repoRoot, get('out', join('bench', 'results'))),
    render: values.render === undefined ? undefined : resolve(String(values.render)),
  };
}

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (v: number | null) => (v === null || !Number.isFinite(v) ? '— (no 2xx)' : `${v.toFixed(3)} ms`);

/** Both paths answer 200 through the proxy (and the API with code 1) before it is measured. */
async function check(e: RunningEngine, token: string): Promise<void> {
  for (const t of Object.values(TARGETS)) {
    const r = await request(e.origin + t.path, { headers: t.auth ? { token } : {} });
    const body = await r.body.text();
    if (r.statusCode !== 200 || (t.auth && !body.includes('"code":1'))) throw new Error(`${e.name}: ${t.path} answered ${r.statusCode}: ${body.slice(0, 200)}`);
  }
}

// ---- the parts ----

interface LoadSample extends LoadResult {
  conf: ConfKind;
  workers: number;
  target: TargetKind;
  connections: number;
  engine: EngineName;
  round: number;
}

interface MemorySample {
  conf: ConfKind;
  workers: number;
  when: 'after start' | 'after load';
  engine: EngineName;
  proxy: Memory;
  admin: Memory;
  stack: Memory;
}

interface Results {
  load: LoadSample[];
  baseline: (LoadResult & { connections: number; round: number })[];
  memory: MemorySample[];
  crash: (CrashSample & { engine: EngineName; workers: number })[];
  /** `checkout`: the --compare folder a `harness up` ran from (none: this checkout). */
  startup: { what: 'node -e 0' | 'harness up' | 'Stack.start' | 'proxy → pid file' | 'proxy → accepting'; engine?: EngineName; ms: number; round?: number; checkout?: string; refused?: number }[];
  startupDiscarded: string[];
  fast: FastSample[];
  fastMemory: FastMemory[];
  /** A compressed JS bundle (gzip.ts). */
  gzip?: GzipSample[];
  /** The admin stand-in alone (admin-api.ts). */
  adminApi?: AdminApiSample[];
  /** The harness process's own memory under a bounded load (harness-memory.ts). */
  harnessMemory?: HarnessMemorySample;
  commands?: CommandsSample;
  /** The pass-through in front of the fast upstream (pass-through.ts). */
  passThrough?: PassThroughSample;
}

function measureMemory(e: RunningEngine, admin: Admin): { proxy: Memory; admin: Memory; stack: Memory } {
  // The embedded engine's master runs in this process (as in `harness up`): its memory cannot be
  // told apart from the benchmark's, so the figure counts its worker processes only.
  const proxyPids = e.name === 'embedded' ? childrenOf(process.pid).filter(isEmbeddedWorker) : processTree(e.engine.pid);
  const p = memoryOf(proxyPids);
  const a = memoryOf([admin.pid]);
  return { proxy: p, admin: a, stack: { rssKiB: p.rssKiB + a.rssKiB, pssKiB: p.pssKiB + a.pssKiB, anonKiB: p.anonKiB + a.anonKiB, processes: p.processes + a.processes } };
}

/**
 * Both engines on one conf and worker count, checked, their memory measured after start and after
 * `body` (the load), and stopped whatever happens.
 */
async function withEngines(root: string, admin: Admin, token: string, res: Results, conf: ConfKind, workers: number, body: (engines: RunningEngine[]) => Promise<void>): Promise<void> {
  const engines: RunningEngine[] = [];
  try {
    for (const name of ENGINE_ORDER) engines.push(await startEngine(name, { root, adminPort: admin.port, workers, conf }));
    for (const e of engines) {
      await check(e, token);
      await waitForWorkers(e, workers);
    }
    await sleep(500);
    for (const e of engines) res.memory.push({ conf, workers, when: 'after start', engine: e.name, ...measureMemory(e, admin) });
    await body(engines);
    await sleep(500);
    for (const e of engines) res.memory.push({ conf, workers, when: 'after load', engine: e.name, ...measureMemory(e, admin) });
  } finally {
    for (const e of engines.reverse()) await e.stop();
  }
}

async function loadPart(s: Settings, root: string, admin: Admin, token: string, res: Results): Promise<void> {
  const cells = s.confs.length * s.workers.length * 2 * s.connections.length * ENGINE_ORDER.length * s.rounds;
  let done = 0;
  for (const conf of s.confs) {
    for (const workers of s.workers) {
      await withEngines(root, admin, token, res, conf, workers, async (engines) => {
        const spec = (e: RunningEngine, t: TargetKind, connections: number, seconds: number) => ({
          url: e.origin + TARGETS[t].path,
          connections,
          seconds,
          headers: TARGETS[t].auth ? { token } : undefined,
        });
        if (s.warmup > 0) {
          log(`${conf} conf, ${workers} worker(s): warming up (${s.warmup} s per engine and path)`);
          for (const t of Object.keys(TARGETS) as TargetKind[]) for (const e of engines) await runLoad(s.generator, spec(e, t, Math.max(...s.connections), s.warmup));
        }
        for (let round = 1; round <= s.rounds; round++) {
          for (const target of Object.keys(TARGETS) as TargetKind[]) {
            for (const connections of s.connections) {
              for (const e of engines) {
                const r = await runLoad(s.generator, spec(e, target, connections, s.seconds));
                res.load.push({ ...r, conf, workers, target, connections, engine: e.name, round });
                done++;
                const codes = Object.entries(r.statusCodes).filter(([c]) => !c.startsWith('2')).map(([c, n]) => `${n}× ${c}`);
                const bad = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx${codes.length ? ` [${codes.join(', ')}]` : ''}, ${r.errors} errors)` : '';
                log(
                  `[${done}/${cells}] ${conf} w${workers} ${target} c${connections} round ${round} ${e.name.padEnd(8)}: ${Math.round(r.rps).toLocaleString('en-US')} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${bad}`,
                );
              }
            }
          }
        }
      });
    }
  }
}

/** The admin server alone, for the ceiling the API figures live under. */
async function baselinePart(s: Settings, admin: Admin, token: string, res: Results): Promise<void> {
  for (let round = 1; round <= s.rounds; round++) {
    for (const connections of s.connections) {
      const r = await runLoad(s.generator, { url: `http://127.0.0.1:${admin.port}/admin/employee/page?page=1&pageSize=10`, connections, seconds: s.seconds, headers: { token } });
      res.baseline.push({ ...r, connections, round });
      log(`upstream direct c${connections} round ${round}: ${Math.round(r.rps).toLocaleString('en-US')} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
    }
  }
}

/** Memory only (when the load part is not run): start, measure, a short load, measure. */
async function memoryPart(s: Settings, root: string, admin: Admin, token: string, res: Results): Promise<void> {
  for (const conf of s.confs) {
    for (const workers of s.workers) {
      await withEngines(root, admin, token, res, conf, workers, async (engines) => {
        for (const e of engines) {
          for (const t of Object.keys(TARGETS) as TargetKind[]) {
            await runLoad(s.generator, { url: e.origin + TARGETS[t].path, connections: Math.max(...s.connections), seconds: s.seconds, headers: TARGETS[t].auth ? { token } : undefined });
          }
        }
      });
    }
  }
}

async function crashPart(s: Settings, root: string, admin: Admin, res: Results): Promise<void> {
  for (const workers of s.workers) {
    const engines: RunningEngine[] = [];
    try {
      for (const name of ENGINE_ORDER) engines.push(await startEngine(name, { root, adminPort: admin.port, workers, conf: 'default' }));
      for (let i = 1; i <= s.crashes; i++) {
        for (const e of engines) {
          await waitForWorkers(e, workers);
          // Let a replacement (and the embedded engine's spare behind it) finish booting.
          await sleep(1500);
          const c = await crashOnce(e, workers);
          res.crash.push({ ...c, engine: e.name, workers });
          log(`crash ${i}/${s.crashes}, ${workers} worker(s), ${e.name.padEnd(8)}: ${c.error ?? `${c.ms.toFixed(1)} ms`} (pid ${c.victim} → ${c.replacement ?? '?'}, ${c.failedProbes} failed probes${c.verified ? '' : ', NOT verified'})`);
        }
      }
    } finally {
      for (const e of engines.reverse()) await e.stop();
    }
  }
}

async function startupPart(s: Settings, root: string, res: Results): Promise<void> {
  let discards = 0;
  for (let i = 1; i <= s.starts; i++) {
    const first = res.startup.length;
    res.startup.push({ what: 'node -e 0', ms: await bareNode(), round: i });
    // The embedded starts of this checkout and the compared ones take turns at going first.
    const builds = [undefined, ...s.compare];
    const ups: [EngineName, string | undefined][] = [...builds.slice(i % builds.length), ...builds.slice(0, i % builds.length)].map((c) => ['embedded', c]);
    for (const engine of ENGINE_ORDER.slice(1)) ups.push([engine, undefined]);
    for (const [engine, checkout] of ups) {
      try {
        res.startup.push({ what: 'harness up', engine, ms: await harnessUp(root, engine, checkout), round: i, checkout });
      } catch (e) {
        if (!(e instanceof Rebuilt) || ++discards > 5) throw e;
        res.startupDiscarded.push(`harness up (${engine}${checkout ? `, ${checkout}` : ''}) sample ${i}: ${e.message}`);
        log(`discarded a harness up sample: ${e.message}`);
      }
    }
    for (const engine of ENGINE_ORDER) res.startup.push({ what: 'Stack.start', engine, ms: await stackStart(root, engine) });
    // The engines take turns at going first.
    for (const engine of i % 2 ? ENGINE_ORDER : [...ENGINE_ORDER].reverse()) {
      const p = await proxyStart(root, engine);
      res.startup.push({ what: 'proxy → pid file', engine, ms: p.pidMs, round: i }, { what: 'proxy → accepting', engine, ms: p.acceptMs, round: i, refused: p.refused });
    }
    const last = res.startup.slice(first).map((x) => `${x.what}${x.engine ? ` ${x.engine}` : ''}${x.checkout ? ` (${x.checkout})` : ''} ${x.ms.toFixed(0)} ms`);
    log(`start-up ${i}/${s.starts}: ${last.join(', ')}`);
  }
}

// ---- rows ----

const MIB = 1024;

function targetFor(conf: ConfKind, metric: 'rps' | 'p50' | 'p99', connections: number, ratio: number): Target | undefined {
  if (!Number.isFinite(ratio)) return undefined;
  if (metric === 'rps') {
    return {
      id: conf === 'default' ? 'default-rps' : 'keepalive-rps',
      text: `≥ 0.8× nginx's req/s (${conf} conf)`,
      pass: ratio >= 0.8,
      measured: `${ratio.toFixed(2)}×`,
      shortfall: ratio / 0.8,
    };
  }
  if (metric === 'p99' && connections === 32) {
    return { id: 'p99-c32', text: "p99 at 32 conns ≤ 1.5× nginx's", pass: ratio <= 1.5, measured: `${ratio.toFixed(2)}×`, shortfall: ratio / 1.5 };
  }
  return undefined;
}

function loadRows(s: Settings, res: Results): Row[] {
  const rows: Row[] = [];
  for (const conf of s.confs) {
    for (const workers of s.workers) {
      const section = `${conf === 'default' ? "nginx's default conf" : 'keep-alive conf'}, ${workers} worker${workers > 1 ? 's' : ''}`;
      for (const target of Object.keys(TARGETS) as TargetKind[]) {
        for (const connections of s.connections) {
          const of = (engine: EngineName) =>
            res.load.filter((x) => x.conf === conf && x.workers === workers && x.target === target && x.connections === connections && x.engine === engine);
          const E = of('embedded');
          const N = of('nginx');
          if (!E.length && !N.length) continue;
          const notes: string[] = [];
          for (const [name, xs] of [['embedded', E], ['nginx', N]] as const) {
            const non2xx = xs.reduce((a, x) => a + x.non2xx, 0);
            const errors = xs.reduce((a, x) => a + x.errors, 0);
            const total = xs.reduce((a, x) => a + x.total, 0);
            // A request written just as the server closes a keep-alive connection (keepalive_requests)
            // is lost and counted as an error by the generator: a few per thousand are that, not a fault.
            if (non2xx || errors > total / 1000) notes.push(`${name}: ${non2xx} non-2xx, ${errors} errors in ${total.toLocaleString('en-US')} requests`);
            const silent = xs.filter((x) => x.total === 0).length;
            if (silent) notes.push(`${name}: ${silent} of ${xs.length} runs got no answer at all (requests hung)`);
          }
          for (const metric of ['rps', 'p50', 'p99'] as const) {
            const e = spread(E.map((x) => x[metric]));
            const n = spread(N.map((x) => x[metric]));
            const paired = E.map((x) => x[metric] / (N.find((y) => y.round === x.round)?.[metric] ?? NaN));
            const ratio = e.median / n.median;
            rows.push({
              section,
              figure: `${TARGETS[target].label}, ${connections} conn${connections > 1 ? 's' : ''}${metric === 'rps' ? '' : `, ${metric} latency`}`,
              unit: metric === 'rps' ? 'req/s' : 'ms',
              embedded: e,
              nginx: n,
              ratio,
              pairedRatio: spread(paired),
              target: targetFor(conf, metric, connections, ratio),
              notes: metric === 'rps' ? notes : [],
            });
          }
        }
      }
    }
  }
  return rows;
}

function memoryRows(res: Results): Row[] {
  const rows: Row[] = [];
  const keys = [...new Set(res.memory.map((m) => `${m.conf}|${m.workers}|${m.when}`))];
  for (const k of keys) {
    const [conf, w, when] = k.split('|');
    const of = (engine: EngineName) => res.memory.filter((m) => `${m.conf}|${m.workers}|${m.when}` === k && m.engine === engine);
    const one = (xs: MemorySample[]) => spread(xs.map((m) => m.stack.rssKiB / MIB));
    const e = one(of('embedded'));
    const n = one(of('nginx'));
    const procs = (xs: MemorySample[]) => xs[0]?.proxy.processes ?? 0;
    const proxy = (xs: MemorySample[]) => (xs.length ? (xs[0].proxy.rssKiB / MIB).toFixed(1) : '—');
    rows.push({
      section: 'memory: whole stack (proxy process tree + admin server), sum of VmRSS',
      figure: `${conf} conf, ${w} worker${w === '1' ? '' : 's'}, ${when} (the proxy alone: embedded ${proxy(of('embedded'))} MiB in ${procs(of('embedded'))} processes, nginx ${proxy(of('nginx'))} MiB in ${procs(of('nginx'))})`,
      unit: 'MiB',
      embedded: e,
      nginx: n,
      ratio: e.median / n.median,
      notes: [],
    });
  }
  return rows;
}

function crashRows(s: Settings, res: Results): Row[] {
  const rows: Row[] = [];
  for (const workers of s.workers) {
    const of = (engine: EngineName) => res.crash.filter((c) => c.workers === workers && c.engine === engine);
    const E = of('embedded');
    const N = of('nginx');
    if (!E.length) continue;
    const e = spread(E.map((c) => c.ms));
    const n = spread(N.map((c) => c.ms));
    const notes: string[] = [];
    for (const [name, xs] of [['embedded', E], ['nginx', N]] as const) {
      const failed = xs.filter((c) => c.error).length;
      const unverified = xs.filter((c) => !c.error && !c.verified).length;
      if (failed) notes.push(`${name}: ${failed} of ${xs.length} not replaced within 10 s`);
      if (unverified) notes.push(`${name}: ${unverified} answers not proven to come from a new worker`);
    }
    const allE = E.map((c) => c.ms);
    const pass = Number.isFinite(e.median) && e.median <= 100 && allE.every((x) => Number.isFinite(x));
    rows.push({
      section: 'worker crash (SIGSEGV to a worker) → a new worker serving',
      figure:
        workers === 1
          ? '1 worker: kill → first answer, which only a new worker can give'
          : `${workers} workers: kill → new worker pid listed and a request answered`,
      unit: 'ms',
      embedded: e,
      nginx: n,
      ratio: e.median / n.median,
      target: { id: 'crash', text: 'replaced within 100 ms (median)', pass, measured: `${e.median.toFixed(1)} ms (max ${e.max.toFixed(1)})`, shortfall: e.median / 100 },
      notes,
    });
  }
  return rows;
}

function startupRows(s: Settings, res: Results): Row[] {
  const rows: Row[] = [];
  const of = (what: string, engine?: EngineName, checkout?: string) => res.startup.filter((x) => x.what === what && x.engine === engine && x.checkout === checkout);
  const ms = (what: string, engine?: EngineName, checkout?: string) => of(what, engine, checkout).map((x) => x.ms);
  const bare = spread(ms('node -e 0'));
  if (!bare.n) return rows;
  const section = 'start-up: spawn → ready (proxy answering on its port)';
  rows.push({ section, figure: 'bare `node -e 0` (spawn → exit), the reference', unit: 'ms', embedded: bare, notes: [] });
  // Each start against the `node -e 0` of its own round (the ratio, not the figure, carries over).
  const perRound = (checkout?: string) => {
    const node = new Map(of('node -e 0').map((x) => [x.round, x.ms]));
    const r = spread(of('harness up', 'embedded', checkout).map((x) => x.ms / (node.get(x.round) ?? NaN)));
    return `${r.min.toFixed(2)}–${r.max.toFixed(2)}×`;
  };
  const upE = spread(ms('harness up', 'embedded'));
  const upN = spread(ms('harness up', 'nginx'));
  const k = upE.median / bare.median;
  rows.push({
    section,
    figure: '`harness up` → its "ready" line (1 worker; nginx column: `--proxy nginx`)',
    unit: 'ms',
    embedded: upE,
    nginx: upN,
    ratio: upE.median / upN.median,
    target: {
      id: 'startup',
      text: `≤ 3× bare Node start (≤ ${(3 * bare.median).toFixed(0)} ms)`,
      pass: k <= 3,
      measured: `${k.toFixed(2)}× node -e 0 (${upE.median.toFixed(0)} ms vs ${bare.median.toFixed(0)} ms; ${perRound()} round by round)`,
      shortfall: k / 3,
    },
    notes: res.startupDiscarded.length ? [`${res.startupDiscarded.length} samples discarded (dist/ rebuilt mid-run)`] : [],
  });
  for (const c of s.compare) {
    const other = spread(ms('harness up', 'embedded', c));
    const figure = `\`harness up\` of ${c} (--compare): ${(other.median / bare.median).toFixed(2)}× node -e 0 (${perRound(c)} round by round)`;
    rows.push({ section, figure, unit: 'ms', embedded: other, notes: [] });
  }
  const stE = spread(ms('Stack.start', 'embedded'));
  const stN = spread(ms('Stack.start', 'nginx'));
  rows.push({ section, figure: 'Stack.start() in-process (admin stand-in + proxy ready; no Node start-up)', unit: 'ms', embedded: stE, nginx: stN, ratio: stE.median / stN.median, notes: [] });
  // As nginx's test suite starts its binary: it connects the moment the pid file appears.
  for (const what of ['proxy → pid file', 'proxy → accepting'] as const) {
    const [e, n] = [spread(ms(what, 'embedded')), spread(ms(what, 'nginx'))];
    const refused = of(what, 'embedded').reduce((sum, x) => sum + (x.refused ?? 0), 0);
    const notes = what === 'proxy → accepting' ? [`connects refused after the pid file appeared: ${refused} in ${e.n} starts`] : [];
    rows.push({ section, figure: `\`harness proxy -p -c -e -g\` launch → ${what.slice('proxy → '.length)} (nginx column: nginx, same arguments)`, unit: 'ms', embedded: e, nginx: n, ratio: e.median / n.median, notes });
  }
  return rows;
}

// ---- main ----

async function main(): Promise<number> {
  stopOnSignals();
  const s = settings();
  if (s.render) return rerender(s.render, s.out);
  const startedAt = new Date().toISOString();
  const machine = await describeMachine(s.generator);
  log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, nginx ${machine.nginx}; load average ${machine.loadavgStart.toFixed(2)}`);
  if (machine.loadavgStart > 0.5) log(`note: the machine is busy already (load average ${machine.loadavgStart.toFixed(2)}): others' work skews absolute figures; the alternation keeps the ratios fair`);
  const root = mkdtempSync(join(tmpdir(), 'sky-bench-'));
  defer('temp dir', async () => rmSync(root, { recursive: true, force: true }));
  const res: Results = { load: [], baseline: [], memory: [], crash: [], startup: [], startupDiscarded: [], fast: [], fastMemory: [] };
  const loads: number[] = [];
  const loadSampler = setInterval(() => loads.push(loadavg()[0]), 5000).unref();
  const confs: Record<string, string> = {};
  try {
    if (s.only.has('fast')) await fastPart(s, root, res.fast, res.fastMemory);
    if (s.only.has('gzip')) await gzipPart(s, root, (res.gzip = []));
    if (s.only.has('pass-through')) res.passThrough = await passThroughPart(s, root, log);
    const admin = await startAdmin();
    defer('admin server', () => admin.stop());
    const token = await login(admin.port);
    for (const c of s.confs) confs[c] = (await renderFor({ port: 8000, adminPort: admin.port, workers: 1, conf: c })).replace(/:8000;/g, ':PORT;');
    if (s.only.has('load')) {
      await loadPart(s, root, admin, token, res);
      await baselinePart(s, admin, token, res);
    } else if (s.only.has('memory')) {
      await memoryPart(s, root, admin, token, res);
    }
    if (s.only.has('crash')) await crashPart(s, root, admin, res);
    if (s.only.has('startup')) await startupPart(s, root, res);
    if (s.only.has('commands')) res.commands = await commandsPart(root, s.starts, log);
    if (s.only.has('admin-api')) res.adminApi = await adminApiPart(s, admin, token, log);
    if (s.only.has('harness-memory')) res.harnessMemory = await harnessMemoryPart(root, log);
  } finally {
    await stopAll();
  }
  clearInterval(loadSampler);
  machine.loadavgEnd = loadavg()[0];
  const busy = spread(loads.length ? loads : [machine.loadavgEnd]);
  machine.loadavgMedian = busy.median;
  machine.loadavgMax = busy.max;
  write(s.out, buildReport(s, machine, res, confs, startedAt, new Date().toISOString()));
  return 0;
}

function buildReport(s: Settings, machine: Machine, res: Results, confs: Record<string, string>, startedAt: string, finishedAt: string): Report {
  const rows = [...fastRows(s, res.fast ?? [], res.fastMemory ?? []), ...gzipRows(s, res.gzip ?? []), ...loadRows(s, res), ...startupRows(s, res), ...crashRows(s, res), ...memoryRows(res)];
  const notes: string[] = [];
  if (res.fast?.length) {
    notes.push(
      `Fast upstream (the proxy is the bottleneck): a minimal Node HTTP server answering ${FAST_PATH.replace('/api', '/admin')} (any path) with about 130 bytes of JSON on both loopbacks, \`access_log off\`, wrk -t1 -c32 (keep-alive); three columns alternating within each round: the embedded engine, nginx, and the floor, the least a per-request Node proxy does (bench/floor-proxy.ts: the request line, a new upstream connection to [::1], the answer read to its close and passed on with a Content-Length; as many processes as workers). ${s.rounds} rounds × ${s.seconds} s, after ${s.warmup ? Math.max(s.warmup, 3) : 0} s of warm-up each; the load average at the end of each run is in latest.json.`,
    );
  }
  if (res.gzip?.length) {
    notes.push(
      `gzip: \`${GZIP_PATH}\`, about 100 KB of JavaScript in html/ under \`location / { root html; try_files $uri $uri/ /index.html; }\` (a history-mode SPA) with \`gzip on; gzip_types application/javascript;\` (comp level 1, nginx's default) and \`access_log off\`, asked with \`Accept-Encoding: gzip, deflate\` by ${s.generator} over 32 keep-alive connections, and without it (the file as it is: what compressing adds); both engines checked first to answer with the bundle gzipped; ${s.rounds} rounds × ${s.seconds} s alternating embedded, nginx, after ${s.warmup ? Math.max(s.warmup, 3) : 0} s of warm-up each.`,
    );
  }
  notes.push(
    `All processes share the machine's ${machine.cores} cores: the load generator (a process of its own), the proxy (master and workers), and the upstream (a Node process of its own). Absolute figures are this machine's; the ratios are what carry over. 1-minute load average during the run: median ${(machine.loadavgMedian ?? NaN).toFixed(2)}, max ${(machine.loadavgMax ?? NaN).toFixed(2)} (${machine.loadavgStart.toFixed(2)} at the start; the benchmark itself keeps it near 2; more is others' work on the machine).`,
  );
  if (res.load.length) {
    notes.push(
    `Behind the admin stand-in: both engines run the same nginx.conf (harness/stack/render.ts; only the listen port differs), each on its own prefix, access log on as the conf has it; the idle one stays up while the other is measured. Clients: keep-alive HTTP/1.1 to 127.0.0.1. API = \`GET /api/employee/page?page=1&pageSize=10\` with a login token; static = \`GET /index.html\` of stand-in/frontend (${statSync(join(defaultFrontendRoot, 'index.html')).size} bytes).`,
    `Confs: ${s.confs.map((c) => `${c} = ${CONF_LABEL[c]}`).join('; ')} (the rendered files are in latest.json).`,
    `Load: ${s.rounds} rounds × ${s.seconds} s per figure and engine, alternating embedded, nginx, embedded, nginx…, after ${s.warmup} s of warm-up each; cells show the median (min–max) over the rounds; the ratio is of the medians, with its range over the paired rounds. Latency percentiles are of the 2xx answers, timed per connection in µs.`,
    );
  }
  if (res.baseline.length) {
    const by = (c: number) => spread(res.baseline.filter((b) => b.connections === c).map((b) => b.rps)).median;
    notes.push(
      `Upstream ceiling: the admin server alone (same generator, no proxy) answers ${s.connections.map((c) => `${Math.round(by(c)).toLocaleString('en-US')} req/s at ${c} conn${c > 1 ? 's' : ''}`).join(', ')}; the API figures of both engines live under it.`,
    );
  }
  if (res.crash.length) notes.push('Worker crash: the benchmark sends SIGSEGV to a worker pid of either engine (the same fault for both), idle, then polls with requests on new connections; median (min–max) of the crashes.');
  if (res.memory.length) notes.push("Memory: VmRSS summed over the proxy's process tree (the embedded engine's includes its spare worker) and the admin server, one reading each; RSS counts shared pages once per process (PSS is in latest.json).");
  return {
    title: 'Embedded engine vs nginx, same nginx.conf, same run',
    startedAt,
    finishedAt,
    machine,
    settings: { ...s, only: [...s.only] },
    notes,
    rows,
    samples: res,
    confs,
  };
}

function write(out: string, report: Report): void {
  const md = markdown(report) + adminApiMarkdown((report.samples as Results).adminApi ?? []) + passThroughMarkdown((report.samples as Results).passThrough) + harnessMemoryMarkdown((report.samples as Results).harnessMemory) + commandsMarkdown((report.samples as Results).commands);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'latest.md'), md);
  writeFileSync(join(out, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
  process.stdout.write('\n' + md);
  log(`wrote ${join(out, 'latest.md')} and latest.json`);
}

/** `--render FILE`: the table again from a run's latest.json (after a change to the report's form). */
function rerender(file: string, out: string): number {
  const old = JSON.parse(readFileSync(file, 'utf8')) as Report & { settings: Settings & { only: Part[] }; samples: Results };
  const s: Settings = { ...old.settings, compare: old.settings.compare ?? [], only: new Set(old.settings.only), out };
  const res = old.samples;
  // JSON has no NaN: it wrote null.
  for (const x of res.load) {
    x.p50 ??= NaN;
    x.p99 ??= NaN;
  }
  for (const x of res.baseline) {
    x.p50 ??= NaN;
    x.p99 ??= NaN;
  }
  for (const c of res.crash) c.ms ??= NaN;
  write(out, buildReport(s, old.machine, res, old.confs, old.startedAt, old.finishedAt));
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (e: Error) => {
    process.stderr.write(`bench: failed: ${e.stack ?? e.message}\n`);
    await stopAll();
    process.exit(1);
  },
);
