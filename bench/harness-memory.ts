// The harness process's own memory (`harness up`: the embedded master, the admin stand-in, the control
// channel and the live timeline), started on a prefix with old logs of 35 MB each, then under a
// bounded load with the control page's event stream open: 300,000 access lines (each an /api request
// on the timeline) and 20,000 error lines of 2 KB over 30 s, written into the stack's logs as a load
// test through the proxy would write them. The harness states one bound for its memory under this
// load, HARNESS_BOUND_MIB of peak VmRSS, and the run says whether it held.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { execa } from 'execa';
import getPort from 'get-port';
import { repoRoot } from '../harness/paths.js';
import { formatAccessLine, formatTimeLocal } from '../harness/logs/access-log.js';
import { memoryOf, peakKiB, track } from './procs.js';

export interface HarnessMemorySample {
  /** VmRSS of the harness process, MiB: once ready, with the page's stream open, after the load; and its peak (VmHWM). */
  ready: number;
  streamOpen: number;
  afterLoad: number;
  peak: number;
  accessLines: number;
  errorLines: number;
  oldLogsMiB: number;
  /** The bound stated (peak VmRSS, MiB), and whether the peak stayed under it. */
  bound: number;
  pass: boolean;
}

/**
 * The harness process's stated bound: what it keeps (the timeline's ~48 MiB, 67 MiB of heap when
 * measured; the doctor's 32 MiB of waiting lines at most; 200 incidents of 4 quoted lines; 8 MiB for
 * a page behind) and Node's own, with the garbage collector's room under this rate of new objects
 * (~190 MiB of JSON to the page in 30 s), which is most of it.
 */
export const HARNESS_BOUND_MIB = 600;

const ACCESS_LINES = 300_000;
const ERROR_LINES = 20_000;
const OLD_LOG_MIB = 35;
const STEP = 500;

const access = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => formatAccessLine({ remoteAddr: '127.0.0.1', time: formatTimeLocal(new Date()), request: `GET /api/employee/page?page=${from + i}&pageSize=10 HTTP/1.1`, status: 200, bodyBytesSent: 100, userAgent: 'bench' }) + '\n').join('');
const errors = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `2026/12/02 07:00:00 [error] 7#7: *${from + i} connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/${from + i}/${'x'.repeat(1800)} HTTP/1.1", upstream: "http://127.0.0.1:8080/admin/", host: "localhost"\n`).join('');

const mib = (kib: number) => Math.round(kib / 102.4) / 10;
const rss = (pid: number) => mib(memoryOf([pid]).rssKiB);

export async function harnessMemoryPart(root: string, log: (s: string) => void): Promise<HarnessMemorySample> {
  const prefix = join(root, 'harness-memory', 'prefix');
  const logs = join(prefix, 'logs');
  mkdirSync(logs, { recursive: true });
  // An earlier run's logs, left in the prefix.
  const old = access(0, 1000);
  writeFileSync(join(logs, 'access.log'), old.repeat(Math.ceil((OLD_LOG_MIB * 2 ** 20) / old.length)));
  const oldErrors = errors(0, 100);
  writeFileSync(join(logs, 'error.log'), oldErrors.repeat(Math.ceil((OLD_LOG_MIB * 2 ** 20) / oldErrors.length)));
  const [port, adminPort] = [await getPort({ host: '127.0.0.1' }), await getPort({ host: '127.0.0.1' })];
  const child = execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', prefix], { reject: false, buffer: false });
  const untrack = track(child.pid, 'harness up');
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => (out += d) && /control {2}\S+/.test(out) && resolve());
      void child.then(() => reject(new Error(`harness up ended:\n${out}`)));
    });
    const pid = child.pid!;
    const ready = rss(pid);
    // The control page's event stream starts the live timeline and the doctor's follow().
    const { control } = JSON.parse(readFileSync(join(prefix, 'state.json'), 'utf8')) as { control: { url: string; token: string } };
    const events = http.get(`${control.url}/events`, { headers: { 'x-harness-token': control.token } }, (r) => r.resume());
    events.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 2000));
    const streamOpen = rss(pid);
    // In steps of 500 access lines and about 33 error lines, 50 ms apart: 10,000 requests a second.
    for (let a = 0, e = 0; a < ACCESS_LINES; a += STEP, e += Math.round((ERROR_LINES * STEP) / ACCESS_LINES)) {
      appendFileSync(join(logs, 'access.log'), access(a, STEP));
      appendFileSync(join(logs, 'error.log'), errors(e, Math.round((ERROR_LINES * STEP) / ACCESS_LINES)));
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 3000));
    const peak = mib(peakKiB(pid));
    const sample = { ready, streamOpen, afterLoad: rss(pid), peak, accessLines: ACCESS_LINES, errorLines: ERROR_LINES, oldLogsMiB: OLD_LOG_MIB, bound: HARNESS_BOUND_MIB, pass: peak <= HARNESS_BOUND_MIB };
    log(`harness memory: ${sample.ready} MiB ready, ${sample.streamOpen} MiB with the page's stream, ${sample.afterLoad} MiB after the load, peak ${sample.peak} MiB: ${sample.pass ? 'pass' : 'FAIL'} (bound ≤ ${sample.bound} MiB)`);
    events.destroy();
    child.kill('SIGINT');
    await child;
    return sample;
  } finally {
    untrack();
  }
}

export function harnessMemoryMarkdown(s: HarnessMemorySample | undefined): string {
  if (!s) return '';
  // A run from before the bound was stated is read against it too (--render).
  const bound = s.bound ?? HARNESS_BOUND_MIB;
  return [
    '',
    `## The harness process's memory (VmRSS, MiB; old logs of ${s.oldLogsMiB} MB each in the prefix)`,
    '',
    '| ready | the page\'s event stream open | after the load | peak | bound | result |',
    '|---|---|---|---|---|---|',
    `| ${s.ready} | ${s.streamOpen} | ${s.afterLoad} | ${s.peak} | ≤ ${bound} | ${s.peak <= bound ? 'pass' : '**FAIL**'} |`,
    '',
    `The load: ${s.accessLines.toLocaleString('en')} access lines and ${s.errorLines.toLocaleString('en')} error lines of 2 KB written into the stack's logs, 10,000 requests a second for 30 s, with the control page's event stream open.`,
    '',
  ].join('\n');
}
