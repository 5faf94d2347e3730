// The gzip figure: a history-mode SPA's bundle served compressed, as an admin front end's nginx.conf
// has it (`gzip on; gzip_types application/javascript;`, `location / { root html; try_files $uri
// $uri/ /index.html; }`), a ~100 KB
// JS file asked for with `Accept-Encoding: gzip, deflate` by keep-alive clients, access_log off, and
// the same file asked for without it (sent as it is: what compressing adds). The embedded engine
// and real nginx on the same conf, alternating within each round; req/s, p99 and the CPU time per
// request of the workers.
import { benchPort } from './port.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { preparePrefix } from '../harness/stack/prefix.js';
import { confSkeleton, starterWorkerUser } from '../harness/stack/render.js';
import { startEngine } from '../harness/stack/registry.js';
import type { EngineName, ProxyEngine } from '../harness/engine/engine.js';
import { runLoad, type Generator, type LoadResult } from './load.js';
import { cpuMs, defer, memoryOf } from './procs.js';
import { spread, type Spread } from './stats.js';
import type { Row } from './report.js';

export const GZIP_PATH = '/assets/app.js';
export const GZIP_CONNECTIONS = 32;
const ENGINES: readonly EngineName[] = ['embedded', 'nginx'];

export interface GzipSettings {
  seconds: number;
  rounds: number;
  warmup: number;
  workers: number[];
  generator: Generator;
}

/** Asked with `Accept-Encoding: gzip, deflate`, or without (the file as it is). */
export type GzipAsk = 'gzip' | 'identity';
const ASKS: readonly GzipAsk[] = ['gzip', 'identity'];

export interface GzipSample extends LoadResult {
  engine: EngineName;
  ask: GzipAsk;
  workers: number;
  round: number;
  cpuUsPerRequest: number;
  /** VmRSS and RssAnon of one worker after the run (the median of the workers), KiB. */
  rssKiB?: number;
  anonKiB?: number;
}

/** About 100 KB of minified-looking JavaScript (it compresses about 5:1, as a real bundle does). */
export function bundle(): Buffer {
  const parts: string[] = [];
  for (let i = 0; parts.join('').length < 100_000; i++) {
    parts.push(`function c${i}(e,t){const n=e.map((r,o)=>r*${i % 97}+o);return t?n.filter(r=>r%${(i % 7) + 2}):n.reduce((r,o)=>r+o,${i})}`);
    parts.push(`export const k${i}={id:${i},name:"item-${(i * 7919) % 10007}",path:"/admin/${['dish', 'order', 'setmeal', 'employee'][i % 4]}/${i}"};`);
  }
  return Buffer.from(parts.join('\n'));
}

function confText(port: number, workers: number): string {
  return confSkeleton({
    user: starterWorkerUser(),
    workers,
    accessLog: 'off',
    http: `    sendfile on;
    keepalive_timeout 65;
    gzip on;
    gzip_types application/javascript;
    server {
        listen 127.0.0.1:${port};
        location / {
            root html;
            index index.html;
            try_files $uri $uri/ /index.html;
        }
    }`,
  });
}

interface Running {
  name: EngineName;
  origin: string;
  engine: ProxyEngine;
  stop(): Promise<void>;
}

async function start(name: EngineName, root: string, workers: number, js: Buffer): Promise<Running> {
  const port = await benchPort();
  const prefix = join(root, `gzip-${name}-w${workers}`);
  preparePrefix({ prefix, conf: { text: confText(port, workers) } });
  mkdirSync(join(prefix, 'html', 'assets'), { recursive: true });
  writeFileSync(join(prefix, 'html', 'assets', 'app.js'), js);
  writeFileSync(join(prefix, 'html', 'index.html'), '<!DOCTYPE html><div id="app"></div><script src="/assets/app.js"></script>\n');
  const engine = await startEngine(name, { prefix, conf: 'conf/nginx.conf', os: 'linux', ready: { urls: [`http://127.0.0.1:${port}${GZIP_PATH}`] } });
  const undefer = defer(`${name} engine (pid ${engine.pid})`, () => engine.stop());
  return {
    name,
    origin: `http://127.0.0.1:${port}`,
    engine,
    async stop() {
      await engine.stop();
      undefer();
    },
  };
}

/** Both engines answer with the bundle gzipped before anything is measured. */
async function check(e: Running, js: Buffer): Promise<void> {
  const r = await request(e.origin + GZIP_PATH, { headers: { 'accept-encoding': 'gzip, deflate' } });
  const body = Buffer.from(await r.body.arrayBuffer());
  if (r.statusCode !== 200 || r.headers['content-encoding'] !== 'gzip' || !gunzipSync(body).equals(js)) throw new Error(`${e.name}: ${GZIP_PATH} did not answer with the bundle gzipped (status ${r.statusCode}, Content-Encoding ${String(r.headers['content-encoding'])})`);
}

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);

export async function gzipPart(s: GzipSettings, root: string, samples: GzipSample[]): Promise<void> {
  const js = bundle();
  const cells = s.workers.length * s.rounds * ENGINES.length * ASKS.length;
  let done = 0;
  for (const workers of s.workers) {
    const engines: Running[] = [];
    try {
      for (const name of ENGINES) engines.push(await start(name, root, workers, js));
      for (const e of engines) await check(e, js);
      const spec = (e: Running, ask: GzipAsk, seconds: number) => ({ url: e.origin + GZIP_PATH, connections: GZIP_CONNECTIONS, seconds, headers: ask === 'gzip' ? { 'accept-encoding': 'gzip, deflate' } : undefined });
      if (s.warmup > 0) for (const e of engines) await runLoad(s.generator, spec(e, 'gzip', Math.max(s.warmup, 3)));
      for (let round = 1; round <= s.rounds; round++) {
        for (const ask of ASKS) {
          for (const e of engines) {
            const pids = await e.engine.workers();
            const cpu0 = cpuMs(pids);
            const r = await runLoad(s.generator, spec(e, ask, s.seconds));
            const cpuUsPerRequest = ((cpuMs(pids) - cpu0) * 1000) / r.ok;
            const mem = pids.map((p) => memoryOf([p])).filter((m) => m.processes);
            samples.push({ ...r, engine: e.name, ask, workers, round, cpuUsPerRequest, rssKiB: spread(mem.map((m) => m.rssKiB)).median, anonKiB: spread(mem.map((m) => m.anonKiB)).median });
            const bad = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
            log(`[${++done}/${cells}] gzip part, w${workers} c${GZIP_CONNECTIONS} ${ask} round ${round} ${e.name.padEnd(8)}: ${Math.round(r.rps).toLocaleString('en-US')} req/s, p99 ${r.p99.toFixed(2)} ms, ${cpuUsPerRequest.toFixed(0)} µs CPU/request${bad}`);
          }
        }
      }
    } finally {
      for (const e of engines.reverse()) await e.stop();
    }
  }
}

export function gzipRows(s: GzipSettings, samples: GzipSample[]): Row[] {
  const rows: Row[] = [];
  const kb = Math.round(bundle().length / 1024);
  for (const workers of s.workers) {
    for (const ask of ASKS) {
      const of = (name: EngineName) => samples.filter((x) => x.workers === workers && x.engine === name && x.ask === ask);
      const [E, N] = ENGINES.map(of);
      if (!E.length) continue;
      const section =
        ask === 'gzip'
          ? `gzip: a ${kb} KB JS bundle compressed (gzip on, gzip_types application/javascript, level 1), ${workers} worker${workers > 1 ? 's' : ''}, access_log off, ${s.generator} c${GZIP_CONNECTIONS}`
          : `gzip: the same bundle to clients without Accept-Encoding (sent as it is), ${workers} worker${workers > 1 ? 's' : ''}`;
      const metric = (xs: GzipSample[], m: 'rps' | 'p99' | 'cpuUsPerRequest'): Spread => spread(xs.map((x) => x[m]));
      const paired = (m: 'rps' | 'p99' | 'cpuUsPerRequest') => spread(E.map((x) => x[m] / (N.find((y) => y.round === x.round)?.[m] ?? NaN)));
      // The workers' memory after the last run of this worker count (both asks done).
      const last = (xs: GzipSample[]) => samples.filter((x) => x.workers === workers && x.engine === xs[0]?.engine).at(-1);
      const mib = (k?: number) => ((k ?? NaN) / 1024).toFixed(1);
      const [e, n] = [last(E), last(N)];
      const memory = ask === 'identity' && e?.rssKiB !== undefined ? [`memory per worker after the load (VmRSS): embedded ${mib(e.rssKiB)} MiB (its own pages, RssAnon: ${mib(e.anonKiB)} MiB), nginx ${mib(n?.rssKiB)} MiB (${mib(n?.anonKiB)} MiB)`] : [];
      const row = (figure: string, unit: Row['unit'], m: 'rps' | 'p99' | 'cpuUsPerRequest', notes: string[] = []): Row => ({
        section,
        figure,
        unit,
        embedded: metric(E, m),
        nginx: metric(N, m),
        ratio: metric(E, m).median / metric(N, m).median,
        pairedRatio: paired(m),
        notes,
      });
      rows.push(row(`GET ${GZIP_PATH}${ask === 'gzip' ? ' with Accept-Encoding: gzip' : ''}, ${GZIP_CONNECTIONS} conns`, 'req/s', 'rps', memory));
      rows.push(row('CPU per request of the workers (µs; lower is better)', 'µs', 'cpuUsPerRequest'));
      rows.push(row(`p99 latency, ${GZIP_CONNECTIONS} conns`, 'ms', 'p99'));
    }
  }
  return rows;
}
