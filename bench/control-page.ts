// The control page's costs (docs/control-page.md): what an idle `harness up` spends on following its
// stack for the page, and what a busy log costs the harness and the page in Chromium: a burst of
// lines in one read, then a steady rate for 10 s. The lines go straight into the stack's access.log
// (an /api request each), so that what is measured is the page's path, not the proxy's.
//
//   node dist/bench/control-page.js [--rates 2000,8000] [--burst 10000] [--idle 30]
import { appendFileSync, chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { execa } from 'execa';
import getPort from 'get-port';
import { chromium, type Page } from 'playwright';
import { repoRoot } from '../harness/paths.js';
import { chromiumPath, CHROMIUM_ARGS } from '../harness/browser.js';
import { formatAccessLine, formatTimeLocal } from '../harness/logs/access-log.js';
import { defer, stopAll, stopOnSignals, track } from './procs.js';

const { values: o } = parseArgs({ options: { rates: { type: 'string', default: '2000,8000' }, burst: { type: 'string', default: '10000' }, idle: { type: 'string', default: '30' } } });

/** CPU time of a process so far, in clock ticks (100 a second). */
function ticks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

const lines = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => formatAccessLine({ remoteAddr: '127.0.0.1', time: formatTimeLocal(new Date()), request: `GET /api/employee/page?page=${from + i}&pageSize=10 HTTP/1.1`, status: 200, bodyBytesSent: 100, userAgent: 'bench' })).join('\n') + '\n';

/** The page's long tasks and its inputs' event-to-paint times, since the last call. */
async function pageCosts(page: Page): Promise<{ longTasks: number[]; inputs: number[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { costs: { longTasks: number[]; inputs: number[] } };
    const c = w.costs;
    w.costs = { longTasks: [], inputs: [] };
    return c;
  });
}

async function main(): Promise<void> {
  stopOnSignals();
  const dir = mkdtempSync(join(tmpdir(), 'bench-control-'));
  chmodSync(dir, 0o755); // the workers read the front end as the user nginx's conf names
  const [port, adminPort] = [await getPort({ host: '127.0.0.1' }), await getPort({ host: '127.0.0.1' })];
  const child = execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', join(dir, 'prefix')], { reject: false, buffer: false });
  const untrack = track(child.pid, 'harness up');
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /control {2}(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    void child.then(() => reject(new Error(`harness up ended:\n${out}`)));
  });
  const pid = child.pid!;
  const accessLog = join(dir, 'prefix', 'logs', 'access.log');
  const rows: string[] = [];

  const idleS = Number(o.idle);
  // The page's modules load once the stack is ready: measured from a little after.
  await new Promise((r) => setTimeout(r, 2000));
  const t0 = ticks(pid);
  await new Promise((r) => setTimeout(r, idleS * 1000));
  rows.push(`| idle, no page open, ${idleS} s | harness ${(ticks(pid) - t0) / idleS}% of a core | — | — |`);

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  defer('chromium', () => browser.close());
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as { costs: { longTasks: number[]; inputs: number[] } };
    w.costs = { longTasks: [], inputs: [] };
    new PerformanceObserver((l) => w.costs.longTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((l) => w.costs.inputs.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  await page.goto(url);
  await page.locator('#connection[data-state="open"]').waitFor();
  const click = async () => {
    await page.locator('#timeline-view g.mark[data-row="browser"]').last().click();
    await page.getByTestId('timeline-detail').waitFor();
  };
  let next = 1;

  const burst = Number(o.burst);
  await pageCosts(page);
  const b0 = ticks(pid);
  const sent = Date.now();
  appendFileSync(accessLog, lines(next, burst));
  next += burst;
  await page.getByTestId('timeline-note').filter({ hasText: `${(2 * (next - 1)).toLocaleString('en')} events` }).waitFor({ timeout: 60_000 });
  const shown = Date.now() - sent;
  await click();
  const bc = await pageCosts(page);
  rows.push(`| ${burst.toLocaleString('en')} lines in one read (${(2 * burst).toLocaleString('en')} events) | harness ${((ticks(pid) - b0) / 100).toFixed(2)} s of CPU; on the page ${shown} ms after | longest ${Math.round(Math.max(0, ...bc.longTasks))} ms | ${Math.round(Math.max(0, ...bc.inputs))} ms |`);

  for (const rate of o.rates.split(',').map(Number)) {
    await pageCosts(page);
    const r0 = ticks(pid);
    const began = Date.now();
    while (Date.now() - began < 10_000) {
      appendFileSync(accessLog, lines(next, rate / 20));
      next += rate / 20;
      await new Promise((r) => setTimeout(r, 50));
    }
    const s = (Date.now() - began) / 1000;
    const cpu = (ticks(pid) - r0) / s;
    await click();
    const c = await pageCosts(page);
    const busy = c.longTasks.reduce((a, b) => a + b, 0) / (s * 10);
    rows.push(`| ${rate.toLocaleString('en')} lines/s for 10 s (${(2 * rate).toLocaleString('en')} events/s) | harness ${cpu.toFixed(0)}% of a core | long tasks ${busy.toFixed(0)}% of the time, longest ${Math.round(Math.max(0, ...c.longTasks))} ms | ${Math.round(Math.max(0, ...c.inputs))} ms |`);
  }

  process.stdout.write(['| what | the harness | the page (Chromium) | a click on a mark, event to paint |', '|---|---|---|---|', ...rows].join('\n') + '\n');
  child.kill('SIGINT');
  await child;
  untrack();
}

main()
  .catch((e: Error) => {
    process.stderr.write(`bench: ${e.message}\n`);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
