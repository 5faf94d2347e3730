// The fast-upstream setup: the proxy is the bottleneck. An upstream that does the least an HTTP
// server can (fast-upstream.ts, ~130 bytes of JSON on both loopbacks), `access_log off`, wrk with
// 1 thread and 32 keep-alive connections, and three columns in one run: the embedded engine, real
// nginx, and the floor (floor-proxy.ts, the least a per-request Node proxy does); with --compare, the
// embedded engine of other builds too (`harness proxy` of a checkout before a change, on the same
// conf). They alternate within each round (embedded, nginx, floor, embedded, ...), so others' load
// on the machine falls on all of them alike.
import { benchPort } from './port.js';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { renderFor, startEngine, type ConfKind, type RunningEngine } from './engines.js';
import { preparePrefix } from '../harness/stack/prefix.js';
import { runLoad, findWrk, type LoadResult } from './load.js';
import { startFastUpstream, startFloor, type Admin } from './admin-process.js';
import { waitForWorkers } from './crash.js';
import { childrenOf, cpuMs, isEmbeddedWorker, isServingWorker, killTree, memoryOf, processTree, track } from './procs.js';
import { spread, type Spread } from './stats.js';
import type { Row, Target, Unit } from './report.js';

export const FAST_COLUMNS = ['embedded', 'nginx', 'floor'] as const;
/** A column of the table, or `compare`: the embedded engine of a --compare build. */
export type FastColumn = (typeof FAST_COLUMNS)[number] | 'compare';

/** Asked of every proxy: `/api/x` → the fast upstream's `/admin/x`. */
export const FAST_PATH = '/api/employee/page?page=1&pageSize=10';
export const FAST_CONNECTIONS = 32;

export interface FastSample extends LoadResult {
  conf: ConfKind;
  workers: number;
  column: FastColumn;
  /** The --compare build of a `compare` sample. */
  build?: string;
  round: number;
  /** The 1-minute load average when the run ended. */
  loadavg: number;
  /**
   * CPU time the proxy's serving processes (workers; the floor's processes) used per answered
   * request, in µs: what a request costs the proxy, whatever else the machine runs meanwhile.
   */
  cpuUsPerRequest: number;
}

export interface FastMemory {
  conf: ConfKind;
  workers: number;
  column: 'embedded' | 'nginx' | 'compare';
  build?: string;
  /** VmRSS of one worker process, KiB, after the load (the median of the workers). */
  perWorkerKiB: number;
}

export interface FastSettings {
  seconds: number;
  rounds: number;
  warmup: number;
  workers: number[];
  confs: ConfKind[];
  /** Other builds (checkouts, installed packages) whose embedded engine is measured beside this one's. */
  compare: string[];
}

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);

interface Column {
  name: FastColumn;
  build?: string;
  origin: string;
  stop(): Promise<void>;
  /** The processes that serve (not the master, not the spare). */
  servers(): Promise<number[]>;
  engine?: RunningEngine;
}

async function startColumns(root: string, upstream: Admin, conf: ConfKind, workers: number, compare: string[]): Promise<Column[]> {
  const cols: Column[] = [];
  for (const name of ['embedded', 'nginx'] as const) {
    const e = await startEngine(name, { root, adminPort: upstream.port, workers, conf, accessLogOff: true });
    cols.push({ name, origin: e.origin, stop: () => e.stop(), servers: () => e.engine.workers(), engine: e });
    await waitForWorkers(e, workers);
  }
  for (const build of compare) cols.push(await startBuild(root, build, upstream, conf, workers));
  // The floor of each conf: a new upstream connection per request, or kept ones.
  const floor = await startFloor(await benchPort(), upstream.port, workers, conf === 'keepalive');
  cols.push({ name: 'floor', origin: `http://127.0.0.1:${floor.port}`, stop: () => floor.stop(), servers: async () => childrenOf(floor.pid) });
  return cols;
}

let builds = 0;

/** The serving workers under a `harness proxy` (not its spare). */
const servingWorkers = (pid: number) => processTree(pid).filter(isServingWorker);

/**
 * The embedded engine of another build on the same conf, started as scripts start nginx:
 * `node BUILD/bin/harness.js proxy -p PREFIX/ -c conf/nginx.conf`, with `daemon off;` in the conf
 * (older builds have no -g); serving once its workers are up and it answers the path.
 */
async function startBuild(root: string, build: string, upstream: Admin, conf: ConfKind, workers: number): Promise<Column> {
  const port = await benchPort();
  const prefix = join(root, `compare-${conf}-w${workers}-${++builds}`);
  preparePrefix({ prefix, conf: { text: `daemon off;\n${await renderFor({ adminPort: upstream.port, workers, conf, accessLogOff: true, port })}` } });
  const child = execa(process.execPath, [join(build, 'bin', 'harness.js'), 'proxy', '-p', `${prefix}/`, '-c', 'conf/nginx.conf'], { cwd: build, reject: false, stdin: 'ignore' });
  const untrack = track(child.pid, `proxy of ${build}`);
  const stop = async () => {
    child.kill('SIGQUIT');
    const stopped = await Promise.race([child.then(() => true), sleep(10_000, false)]);
    if (!stopped && child.pid !== undefined) await killTree(child.pid);
    untrack();
  };
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  void child.finally(() => (exited = true));
  const serving = async () => servingWorkers(child.pid!).length >= workers && (await fetch(origin + FAST_PATH).then((r) => r.ok, () => false));
  // As long as the engines' own columns get for their workers (crash.ts' waitForWorkers), and its
  // start: a build that runs but never answers the path is stopped, not waited for.
  const deadline = Date.now() + 10_000;
  while (!(await serving())) {
    if (exited) {
      untrack();
      throw new Error(`the proxy of ${build} exited before it served:\n${(await child).stderr}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the proxy of ${build} did not answer ${FAST_PATH} with ${workers} serving workers within 10 s`);
    }
    await sleep(50);
  }
  return { name: 'compare', build, origin, stop, servers: async () => servingWorkers(child.pid!) };
}

function workerRss(pids: number[]): number {
  const per = pids.map((p) => memoryOf([p]).rssKiB).filter((k) => k > 0);
  return spread(per).median;
}

/** VmRSS of a column's serving processes, for the engines' columns. */
async function columnRss(c: Column): Promise<number> {
  if (c.engine) return workerRss(c.engine.name === 'embedded' ? childrenOf(process.pid).filter(isEmbeddedWorker) : processTree(c.engine.engine.pid).slice(1));
  return workerRss(await c.servers());
}

export async function fastPart(s: FastSettings, root: string, samples: FastSample[], memory: FastMemory[]): Promise<void> {
  if (!findWrk()) throw new Error('the fast-upstream figures are measured with wrk, which is not installed: apt-get install -y wrk (Debian/Ubuntu; dnf install wrk elsewhere), or leave out the part with --only load,memory,crash,startup');
  const upstream = await startFastUpstream();
  try {
    const cells = s.confs.length * s.workers.length * s.rounds * (FAST_COLUMNS.length + s.compare.length);
    let done = 0;
    for (const conf of s.confs) {
      for (const workers of s.workers) {
        const cols = await startColumns(root, upstream, conf, workers, s.compare);
        try {
          const spec = (c: Column, seconds: number) => ({ url: c.origin + FAST_PATH, connections: FAST_CONNECTIONS, seconds });
          // A worker's JavaScript is optimised over its first thousands of requests: 3 s at least.
          if (s.warmup > 0) for (const c of cols) await runLoad('wrk', spec(c, Math.max(s.warmup, 3)));
          for (let round = 1; round <= s.rounds; round++) {
            for (const c of cols) {
              const pids = await c.servers();
              const cpu0 = cpuMs(pids);
              const r = await runLoad('wrk', spec(c, s.seconds));
              const cpuUsPerRequest = ((cpuMs(pids) - cpu0) * 1000) / r.ok;
              const la = loadavg()[0];
              samples.push({ ...r, conf, workers, column: c.name, build: c.build, round, loadavg: la, cpuUsPerRequest });
              const bad = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
              log(`[${++done}/${cells}] fast upstream, ${conf} w${workers} c${FAST_CONNECTIONS} round ${round} ${(c.build ?? c.name).padEnd(8)}: ${Math.round(r.rps).toLocaleString('en-US')} req/s, p99 ${r.p99.toFixed(2)} ms, ${cpuUsPerRequest.toFixed(0)} µs CPU/request${bad}; load average ${la.toFixed(2)}`);
            }
          }
          for (const c of cols) if (c.name !== 'floor') memory.push({ conf, workers, column: c.name as FastMemory['column'], build: c.build, perWorkerKiB: await columnRss(c) });
        } finally {
          for (const c of cols.reverse()) await c.stop();
        }
      }
    }
  } finally {
    await upstream.stop();
  }
}

const ratioTarget = (id: Target['id'], text: string, ratio: number, limit: number): Target | undefined =>
  Number.isFinite(ratio) ? { id, text, pass: ratio >= limit, measured: `${ratio.toFixed(2)}×`, shortfall: ratio / limit } : undefined;

export function fastRows(s: FastSettings, samples: FastSample[], memory: FastMemory[]): Row[] {
  const rows: Row[] = [];
  for (const conf of s.confs) {
    for (const workers of s.workers) {
      const of = (c: FastColumn) => samples.filter((x) => x.conf === conf && x.workers === workers && x.column === c);
      const [E, N, F] = FAST_COLUMNS.map(of);
      if (!E.length) continue;
      const section = `fast upstream, ${conf === 'default' ? "nginx's default conf" : 'keep-alive conf'}, ${workers} worker${workers > 1 ? 's' : ''}, access_log off, wrk -t1 -c${FAST_CONNECTIONS}`;
      const paired = (xs: FastSample[], ys: FastSample[], metric: 'rps' | 'p99') => spread(xs.map((x) => x[metric] / (ys.find((y) => y.round === x.round)?.[metric] ?? NaN)));
      const notes: string[] = [];
      for (const [name, xs] of [['embedded', E], ['nginx', N], ['floor', F]] as const) {
        const non2xx = xs.reduce((a, x) => a + x.non2xx, 0);
        const errors = xs.reduce((a, x) => a + x.errors, 0);
        if (non2xx || errors) notes.push(`${name}: ${non2xx} non-2xx, ${errors} errors`);
      }
      const e = spread(E.map((x) => x.rps));
      const n = spread(N.map((x) => x.rps));
      const f = spread(F.map((x) => x.rps));
      const ratio = e.median / n.median;
      const floorRatio = e.median / f.median;
      // What Node itself costs: the floor against nginx, where the targets are read.
      notes.push(`the floor reaches ${(f.median / n.median).toFixed(2)}× nginx's req/s`);
      const mem = (c: 'embedded' | 'nginx') => memory.find((m) => m.conf === conf && m.workers === workers && m.column === c)?.perWorkerKiB;
      const kib = [mem('embedded'), mem('nginx')];
      if (kib[0] !== undefined) notes.push(`memory per worker after the load (VmRSS): embedded ${(kib[0] / 1024).toFixed(1)} MiB, nginx ${((kib[1] ?? NaN) / 1024).toFixed(1)} MiB`);
      rows.push({
        section,
        figure: `GET /api/… (130 bytes of JSON), ${FAST_CONNECTIONS} conns`,
        unit: 'req/s',
        embedded: e,
        nginx: n,
        floor: f,
        ratio,
        pairedRatio: paired(E, N, 'rps'),
        floorRatio,
        pairedFloorRatio: paired(E, F, 'rps'),
        target:
          conf === 'default'
            ? ratioTarget('fast-default-rps', "≥ 0.8× nginx's req/s", ratio, 0.8)
            : ratioTarget('fast-keepalive-rps', "≥ 0.9× nginx's req/s", ratio, 0.9),
        floorTarget: conf === 'default' ? ratioTarget('fast-default-floor', "≥ 0.95× the floor's req/s", floorRatio, 0.95) : undefined,
        notes,
      });
      const cpu = (xs: FastSample[]): Spread => spread(xs.map((x) => x.cpuUsPerRequest));
      rows.push({
        section,
        figure: "CPU per request of the serving processes (µs; lower is better, and it is what others' load on the machine does not move: nginx's ÷ embedded's is the throughput a saturated proxy would reach)",
        unit: 'µs',
        embedded: cpu(E),
        nginx: cpu(N),
        floor: cpu(F),
        ratio: cpu(E).median / cpu(N).median,
        pairedRatio: spread(E.map((x) => x.cpuUsPerRequest / (N.find((y) => y.round === x.round)?.cpuUsPerRequest ?? NaN))),
        floorRatio: cpu(E).median / cpu(F).median,
        pairedFloorRatio: spread(E.map((x) => x.cpuUsPerRequest / (F.find((y) => y.round === x.round)?.cpuUsPerRequest ?? NaN))),
        notes: [],
      });
      const p = (xs: FastSample[]): Spread => spread(xs.map((x) => x.p99));
      const p99 = p(E).median / p(N).median;
      rows.push({
        section,
        figure: `p99 latency, ${FAST_CONNECTIONS} conns`,
        unit: 'ms',
        embedded: p(E),
        nginx: p(N),
        floor: p(F),
        ratio: p99,
        pairedRatio: paired(E, N, 'p99'),
        floorRatio: p(E).median / p(F).median,
        target: Number.isFinite(p99) ? { id: 'fast-p99', text: "p99 ≤ 1.5× nginx's", pass: p99 <= 1.5, measured: `${p99.toFixed(2)}×`, shortfall: p99 / 1.5 } : undefined,
        notes: [],
      });
      // A --compare build beside this one: the same figures, read against the same nginx rounds.
      for (const build of s.compare) {
        const B = samples.filter((x) => x.conf === conf && x.workers === workers && x.column === 'compare' && x.build === build);
        if (!B.length) continue;
        const kib = memory.find((m) => m.conf === conf && m.workers === workers && m.column === 'compare' && m.build === build)?.perWorkerKiB;
        const of = (metric: 'rps' | 'p99' | 'cpuUsPerRequest', unit: Unit, figure: string, notes: string[] = []) => {
          const b = spread(B.map((x) => x[metric]));
          const n = spread(N.map((x) => x[metric]));
          const paired = spread(B.map((x) => x[metric] / (N.find((y) => y.round === x.round)?.[metric] ?? NaN)));
          rows.push({ section, figure: `${figure}, the build of ${build} (--compare)`, unit, embedded: b, nginx: n, ratio: b.median / n.median, pairedRatio: paired, notes });
        };
        of('rps', 'req/s', `GET /api/… (130 bytes of JSON), ${FAST_CONNECTIONS} conns`, kib === undefined ? [] : [`memory per worker after the load (VmRSS): ${(kib / 1024).toFixed(1)} MiB`]);
        of('cpuUsPerRequest', 'µs', 'CPU per request of the serving processes');
        of('p99', 'ms', `p99 latency, ${FAST_CONNECTIONS} conns`);
      }
    }
  }
  return rows;
}
