// The admin stand-in's own speed (no proxy): the employee page and the heaviest reads of the other
// pages (the order search, the workspace figures, 30-day reports) over the generated month of orders,
// at 32 keep-alive connections, the admin server in a process of its own (admin.ts) as in the proxy
// benchmarks. Each figure's floor: the stand-in must never be what limits the proxy benchmarks or
// keeps a page waiting. Answers are memoised until the next write; the "after a write" column is one
// answer computed afresh (a write before each request), so both sides of the cache are on record.
// The reference, alternating with it round by round: a bare Node HTTP server replaying the same
// answers, byte for byte (fast-upstream.ts), so each figure also reads as a share of what Node's
// HTTP server itself reaches on the machine at that moment.
//
//   node dist/bench/admin-api.js [--seconds 5] [--rounds 3]      # this part alone
//   npm run bench -- --only admin-api                             # through the runner
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { login, startAdmin, startFastUpstream, type Admin } from './admin-process.js';
import type { RecordedAnswer } from './fast-upstream.js';
import { runLoad, type Generator, type LoadResult, type LoadSpec } from './load.js';
import { cpuMs, stopAll, stopOnSignals, defer } from './procs.js';
import { spread, type Spread } from './stats.js';

const CONNECTIONS = 32;

export interface AdminApiTarget {
  label: string;
  path: string;
  /** req/s at 32 connections the stand-in must reach. */
  floor: number;
}

function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function adminApiTargets(): AdminApiTarget[] {
  const month = `begin=${day(-30)}&end=${day(-1)}`;
  return [
    { label: 'employee page (GET /admin/employee/page, 10 rows)', path: '/admin/employee/page?page=1&pageSize=10', floor: 30_000 },
    { label: 'order search, all orders, newest 10 (GET /admin/order/conditionSearch)', path: '/admin/order/conditionSearch?page=1&pageSize=10', floor: 10_000 },
    { label: 'order search, a 30-day range and a status', path: `/admin/order/conditionSearch?page=2&pageSize=10&status=5&beginTime=${day(-30)}%2000%3A00%3A00&endTime=${day(-1)}%2023%3A59%3A59`, floor: 10_000 },
    { label: 'workspace figures (GET /admin/workspace/businessData)', path: '/admin/workspace/businessData', floor: 10_000 },
    { label: '30-day orders report (GET /admin/report/ordersStatistics)', path: `/admin/report/ordersStatistics?${month}`, floor: 10_000 },
    { label: '30-day top 10 (GET /admin/report/top10)', path: `/admin/report/top10?${month}`, floor: 10_000 },
  ];
}

/** A load run and the CPU time the serving process spent on it, per 2xx answer. */
export interface ServedRun extends LoadResult {
  cpuUsPerRequest: number;
}

export interface AdminApiSample {
  label: string;
  floor: number;
  runs: ServedRun[];
  /** The same rounds against a bare Node server replaying the stand-in's answers. */
  bareNode: ServedRun[];
  /** ms of one answer computed afresh (after a write), over the samples. */
  fresh: number[];
}

/** One write (the shop status, set to what it is) then the read, timed: the memo is empty each time. */
async function freshAnswers(admin: Admin, token: string, path: string, samples: number): Promise<number[]> {
  const base = `http://127.0.0.1:${admin.port}`;
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    await (await request(`${base}/admin/shop/1`, { method: 'PUT', headers: { token } })).body.dump();
    const t0 = performance.now();
    const r = await request(base + path, { headers: { token } });
    await r.body.dump();
    ms.push(performance.now() - t0);
    if (r.statusCode !== 200) throw new Error(`${path} answered ${r.statusCode}`);
  }
  return ms;
}

/** Each target's answer as the stand-in sends it now, for the replay. */
async function recordAnswers(admin: Admin, token: string, targets: AdminApiTarget[]): Promise<Record<string, RecordedAnswer>> {
  const answers: Record<string, RecordedAnswer> = {};
  for (const t of targets) {
    const r = await request(`http://127.0.0.1:${admin.port}${t.path}`, { headers: { token } });
    const body = Buffer.from(await r.body.arrayBuffer());
    if (!body.toString('utf8', 0, 10).startsWith('{"code":1,')) throw new Error(`${t.path} does not answer code 1: ${body.toString('utf8', 0, 200)}`);
    answers[t.path] = { status: r.statusCode, contentType: String(r.headers['content-type']), body: body.toString('base64') };
  }
  return answers;
}

async function served(generator: Generator, server: Admin, spec: LoadSpec): Promise<ServedRun> {
  const before = cpuMs([server.pid]);
  const r = await runLoad(generator, spec);
  return { ...r, cpuUsPerRequest: ((cpuMs([server.pid]) - before) * 1000) / Math.max(1, r.ok) };
}

export async function adminApiPart(o: { seconds: number; rounds: number; generator: Generator }, admin: Admin, token: string, log: (s: string) => void): Promise<AdminApiSample[]> {
  const targets = adminApiTargets();
  const dir = mkdtempSync(join(tmpdir(), 'harness-bench-'));
  const answersFile = join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(await recordAnswers(admin, token, targets)));
  const bare = await startFastUpstream(answersFile);
  const samples: AdminApiSample[] = [];
  try {
    for (const t of targets) {
      const spec = (server: Admin, seconds: number): LoadSpec => ({ url: `http://127.0.0.1:${server.port}${t.path}`, connections: CONNECTIONS, seconds, headers: { token } });
      const sample: AdminApiSample = { label: t.label, floor: t.floor, runs: [], bareNode: [], fresh: await freshAnswers(admin, token, t.path, 50) };
      await runLoad(o.generator, spec(admin, 1)); // warm-up, both
      await runLoad(o.generator, spec(bare, 1));
      for (let round = 1; round <= o.rounds; round++) {
        const r = await served(o.generator, admin, spec(admin, o.seconds));
        const b = await served(o.generator, bare, spec(bare, o.seconds));
        sample.runs.push(r);
        sample.bareNode.push(b);
        const n = (x: number) => Math.round(x).toLocaleString('en-US');
        log(`admin stand-in: ${t.label}, round ${round}: ${n(r.rps)} req/s, ${n(r.cpuUsPerRequest)} µs CPU/request${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}; bare Node, same bytes: ${n(b.rps)} req/s, ${n(b.cpuUsPerRequest)} µs`);
      }
      samples.push(sample);
    }
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return samples;
}

const rps = (s: Spread) => `${Math.round(s.median).toLocaleString('en-US')} (${Math.round(s.min).toLocaleString('en-US')}–${Math.round(s.max).toLocaleString('en-US')})`;

/** The part's own table, appended to latest.md. */
export function adminApiMarkdown(samples: AdminApiSample[]): string {
  if (!samples.length) return '';
  const out = ['', '### The admin stand-in alone (no proxy), 32 connections', ''];
  out.push(
    '| figure | req/s, median (min–max) | floor | result | bare Node, same bytes, req/s | stand-in ÷ bare Node | CPU per request, µs: stand-in, bare Node | one answer after a write, ms (median, max) |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const s of samples) {
    const r = spread(s.runs.map((x) => x.rps));
    const b = spread(s.bareNode.map((x) => x.rps));
    const share = spread(s.runs.map((x, i) => x.rps / s.bareNode[i]!.rps));
    const cpu = (runs: ServedRun[]) => Math.round(spread(runs.map((x) => x.cpuUsPerRequest)).median);
    const f = spread(s.fresh);
    const bad = s.runs.reduce((n, x) => n + x.non2xx + x.errors, 0);
    out.push(
      `| ${s.label} | ${rps(r)}${bad ? ` ⚠ ${bad} non-2xx or errors` : ''} | ≥ ${s.floor.toLocaleString('en-US')} | ${r.median >= s.floor && !bad ? 'pass' : '**FAIL**'} | ${rps(b)} | ${share.median.toFixed(2)}× (${share.min.toFixed(2)}–${share.max.toFixed(2)}) | ${cpu(s.runs)}, ${cpu(s.bareNode)} | ${f.median.toFixed(2)}, ${f.max.toFixed(2)} |`,
    );
  }
  out.push(
    '',
    'Over the generated month (about 1,300 orders). Answers are memoised until the next write; the last column is an answer computed afresh, a write (PUT /admin/shop/1) before each of 50 requests. "Bare Node" is an `http.createServer` replaying the answers the stand-in gave, byte for byte, alternating with it round by round: what Node\'s HTTP server reaches on this machine at that moment with nothing of the stand-in\'s own.',
    '',
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } } });
  stopOnSignals();
  try {
    const admin = await startAdmin();
    defer('admin server', () => admin.stop());
    const token = await login(admin.port);
    const samples = await adminApiPart({ seconds: Number(values.seconds), rounds: Number(values.rounds), generator: 'autocannon' }, admin, token, (s) => process.stderr.write(`bench: ${s}\n`));
    process.stdout.write(adminApiMarkdown(samples) + '\n');
  } finally {
    await stopAll();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
