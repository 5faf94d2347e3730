// Where the embedded engine's worker spends its time under the benchmark's load:
//   node dist/bench/profile.js [--upstream fast|admin] [--conf default|keepalive] [--path api|static] [--connections 32] [--seconds 10]
// Starts the upstream (the fast one and wrk by default, as the benchmark's fast-upstream setup; or
// the admin stand-in and autocannon) and the embedded engine (1 worker) with the inspector's
// profiler, loads it, makes the worker exit cleanly (so V8 writes its profile), and prints the
// functions with the most self time, and the files. The .cpuprofile stays in the printed directory
// (open it in Chrome DevTools or speedscope).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../harness/paths.js';
import { startEngine, type ConfKind } from './engines.js';
import { runLoad, findWrk } from './load.js';
import { defer, stopAll, stopOnSignals } from './procs.js';
import { login, startAdmin, startFastUpstream } from './admin-process.js';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const PRELOAD = `import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
session.post('Profiler.start');
process.on('exit', () => {
  // An in-process session answers synchronously, so this runs before the process is gone.
  session.post('Profiler.stop', (err, r) => {
    if (!err) writeFileSync(PROF_DIR + '/CPU.' + process.pid + '.cpuprofile', JSON.stringify(r.profile));
  });
});
`;
const USAGE = `node dist/bench/profile.js [--upstream fast|admin] [--conf default|keepalive] [--path api|static] [--connections N] [--seconds S] [--top N]\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summarise(file: string, top: number): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const total = p.samples.length;
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number | undefined) => {
    const n = id === undefined ? undefined : byId.get(id);
    if (!n) return '?';
    const url = n.callFrame.url.replace(`file://${repoRoot}/`, '');
    return `${n.callFrame.functionName || '(anonymous)'}${url ? ` ${url}:${n.callFrame.lineNumber + 1}` : ''}`;
  };
  for (const n of p.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const url = n.callFrame.url.replace(`file://${repoRoot}/`, '');
    // Native functions are named with their nearest JavaScript caller (writeBuffer ← writeSync ← ...).
    let caller = '';
    if (!url && !n.callFrame.functionName.startsWith('(')) {
      const chain: string[] = [];
      for (let id = parent.get(n.id); id !== undefined && chain.length < 3; id = parent.get(id)) chain.push(name(id));
      caller = ` ← ${chain.join(' ← ')}`;
    }
    const where = url ? `${url}:${n.callFrame.lineNumber + 1}` : `(native)${caller}`;
    const key = `${n.callFrame.functionName || '(anonymous)'}  ${where}`;
    byFn.set(key, (byFn.get(key) ?? 0) + hits);
    const f = url || `(${n.callFrame.functionName || 'native'})`;
    byFile.set(f, (byFile.get(f) ?? 0) + hits);
  }
  const pct = (h: number) => `${((100 * h) / total).toFixed(1).padStart(5)}%`;
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, h]) => `  ${pct(h)}  ${k}`)
      .join('\n');
  return `${file}: ${total} samples over ${((p.endTime - p.startTime) / 1e6).toFixed(1)} s\nSelf time by function:\n${list(byFn)}\nSelf time by file:\n${list(byFile)}\n`;
}

async function main(): Promise<void> {
  stopOnSignals();
  const { values } = parseArgs({
    options: {
      upstream: { type: 'string', default: 'fast' },
      conf: { type: 'string', default: 'default' },
      path: { type: 'string', default: 'api' },
      connections: { type: 'string', default: '32' },
      seconds: { type: 'string', default: '10' },
      top: { type: 'string', default: '25' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'sky-profile-'));
  const profDir = join(root, 'profiles');
  const fast = values.upstream === 'fast';
  if (fast && !findWrk()) throw new Error('the fast-upstream setup loads with wrk: apt-get install -y wrk (or --upstream admin)');
  const admin = fast ? await startFastUpstream() : await startAdmin();
  defer('upstream', () => admin.stop());
  const adminPort = admin.port;
  const token = fast ? '' : await login(adminPort);
  // --cpu-prof is not allowed in NODE_OPTIONS, --import is: a preload starts the inspector's
  // profiler in each process of the engine and writes the profile when the process exits. Only the
  // engine's processes get it (they inherit this environment when spawned).
  mkdirSync(profDir, { recursive: true });
  const preload = join(root, 'cpu-prof-preload.mjs');
  writeFileSync(preload, PRELOAD.replace('PROF_DIR', JSON.stringify(profDir)));
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim();
  const e = await startEngine('embedded', { root, adminPort, workers: 1, conf: values.conf as ConfKind, accessLogOff: fast });
  delete process.env.NODE_OPTIONS;
  const path = values.path === 'static' ? '/index.html' : '/api/employee/page?page=1&pageSize=10';
  const before = new Set(readdirSync(profDir));
  const [worker] = await e.engine.workers();
  const r = await runLoad(fast ? 'wrk' : 'autocannon', { url: e.origin + path, connections: Number(values.connections), seconds: Number(values.seconds), headers: fast ? undefined : { token } });
  process.stderr.write(`load: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(3)} ms, p99 ${r.p99.toFixed(3)} ms, ${r.non2xx} non-2xx, ${r.errors} errors\n`);
  // An exit with a code (not a signal) lets V8 write the worker's profile.
  await e.engine.crashWorker({ code: '0' });
  for (let i = 0; i < 100 && !readdirSync(profDir).some((f) => !before.has(f) && f === `CPU.${worker}.cpuprofile`); i++) await sleep(100);
  const mine = readdirSync(profDir).filter((f) => f === `CPU.${worker}.cpuprofile`);
  await stopAll();
  if (!mine.length) throw new Error(`no profile of worker ${worker} in ${profDir}`);
  process.stdout.write(summarise(join(profDir, mine[0]), Number(values.top)));
}

main().catch(async (err: Error) => {
  process.stderr.write(`profile: ${err.stack ?? err.message}\n`);
  await stopAll();
  process.exit(1);
});
