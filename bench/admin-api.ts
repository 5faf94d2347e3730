// The admin stand-in's own speed (no proxy): the employee page and the heaviest reads of the other
// pages (the order search, the workspace figures, 30-day reports) over the generated month of orders,
// at 32 keep-alive connections, the admin server in a process of its own (admin.ts) as in the proxy
// benchmarks. Each figure's floor: the stand-in must never be what limits the proxy benchmarks or
// keeps a page waiting. Answers are memoised until the next write; the "after a write" column is one
// answer computed afresh (a write before each request), so both sides of the cache are on record.
//
//   node dist/bench/admin-api.js [--seconds 5] [--rounds 3]      # this part alone
//   npm run bench -- --only admin-api                             # through the runner
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { login, startAdmin, type Admin } from './admin-process.js';
import { runLoad, type Generator, type LoadResult } from './load.js';
import { stopAll, stopOnSignals, defer } from './procs.js';
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

export interface AdminApiSample {
  label: string;
  floor: number;
  runs: LoadResult[];
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

export async function adminApiPart(o: { seconds: number; rounds: number; generator: Generator }, admin: Admin, token: string, log: (s: string) => void): Promise<AdminApiSample[]> {
  const samples: AdminApiSample[] = [];
  for (const t of adminApiTargets()) {
    const url = `http://127.0.0.1:${admin.port}${t.path}`;
    const body = await (await request(url, { headers: { token } })).body.text();
    if (!body.startsWith('{"code":1,')) throw new Error(`${t.path} does not answer code 1: ${body.slice(0, 200)}`);
    const sample: AdminApiSample = { label: t.label, floor: t.floor, runs: [], fresh: await freshAnswers(admin, token, t.path, 50) };
    await runLoad(o.generator, { url, connections: CONNECTIONS, seconds: 1, headers: { token } }); // warm-up
    for (let round = 1; round <= o.rounds; round++) {
      const r = await runLoad(o.generator, { url, connections: CONNECTIONS, seconds: o.seconds, headers: { token } });
      sample.runs.push(r);
      log(`admin stand-in: ${t.label}, round ${round}: ${Math.round(r.rps).toLocaleString('en-US')} req/s${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`);
    }
    samples.push(sample);
  }
  return samples;
}

const rps = (s: Spread) => `${Math.round(s.median).toLocaleString('en-US')} (${Math.round(s.min).toLocaleString('en-US')}–${Math.round(s.max).toLocaleString('en-US')})`;

/** The part's own table, appended to latest.md. */
export function adminApiMarkdown(samples: AdminApiSample[]): string {
  if (!samples.length) return '';
  const out = ['', '### The admin stand-in alone (no proxy), 32 connections', ''];
  out.push('| figure | req/s, median (min–max) | floor | result | one answer after a write, ms (median, max) |', '|---|---|---|---|---|');
  for (const s of samples) {
    const r = spread(s.runs.map((x) => x.rps));
    const f = spread(s.fresh);
    const bad = s.runs.reduce((n, x) => n + x.non2xx + x.errors, 0);
    out.push(`| ${s.label} | ${rps(r)}${bad ? ` ⚠ ${bad} non-2xx or errors` : ''} | ≥ ${s.floor.toLocaleString('en-US')} | ${r.median >= s.floor && !bad ? 'pass' : '**FAIL**'} | ${f.median.toFixed(2)}, ${f.max.toFixed(2)} |`);
  }
  out.push('', 'Over the generated month (about 1,300 orders). Answers are memoised until the next write; the last column is an answer computed afresh, a write (PUT /admin/shop/1) before each of 50 requests.', '');
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
