// Load with faults, both engines side by side in one test. 32 keep-alive clients
// for 20 s against GET /api/employee/page with 2 workers, while a worker is crashed every 2 s, or
// the admin server is stopped and started every 3 s; first on the embedded engine, then on real
// nginx, each on a fresh stack. Every answer must be a 2xx, nginx's own 502/504 or a reset, never
// a hang; a crash may cost only the requests in flight, and the stack must keep recovering (the
// figures are in docs/figures.md).
// The test runs both engines itself, so it runs in the `embedded` project only.
import { test, expect } from '../fixtures.js';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { closedLoopLoad, keepTail, share, type LoadResult } from '../support/load.js';
import { ApiClient } from '../../harness/scenario-runner/api.js';
import { Timeline } from '../../harness/timeline/timeline.js';
import type { Stack } from '../../harness/stack/stack.js';
import { StackLife } from '../../harness/stack-life/stack-life.js';
import type { EngineName } from '../../harness/engine/engine.js';
import { freePort } from '../support/ports.js';

const SECONDS = 20;
const CONNECTIONS = 32;
const ENGINES: EngineName[] = ['embedded', 'nginx'];
/** What is kept of each log: its last MiB. */
const LOG_TAIL = 1 << 20;

test.skip(({ engine }) => engine === 'nginx', 'side by side: each test runs both engines itself');

function summary(engine: string, r: LoadResult): string {
  return `${engine}: ${r.total} requests, ${(100 * share(r, r.ok)).toFixed(1)}% 2xx, ${r.gateway} 502/504, ${r.resets} resets, ${r.other} other, ${r.hangs} hangs`;
}

/** The load against a fresh 2-worker stack of `engine`, with `fault` applied every `everyMs`; the count of faults applied. */
async function loadWithFault(engine: EngineName, dir: string, everyMs: number, fault: (stack: Stack) => Promise<unknown>): Promise<{ r: LoadResult; faults: number }> {
  // Its owner, as every stack has one: the prefix's lock, and the one teardown.
  const life = await StackLife.start({
    dir,
    engine,
    proxyPort: await freePort(),
    adminPort: await freePort(),
    admin: 'dual',
    workers: 2,
    os: 'linux',
  });
  const stack = life.stack;
  try {
    const { token } = await new ApiClient(stack.proxyUrl, new Timeline()).login();
    const load = closedLoopLoad({ origin: stack.proxyUrl, path: '/api/employee/page?page=1&pageSize=10', headers: { token: token! }, connections: CONNECTIONS, seconds: SECONDS });
    let faults = 0;
    const timer = setInterval(() => {
      fault(stack).then(() => faults++, () => undefined);
    }, everyMs);
    const r = await load.finally(() => clearInterval(timer));
    return { r, faults };
  } finally {
    await life.stop();
    for (const log of [stack.errorLogPath, stack.accessLogPath]) keepTail(log, LOG_TAIL);
  }
}

/** What a test leaves in its output folder, in bytes. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
}

test.describe('load with faults, both engines side by side', () => {
  test.setTimeout((2 * SECONDS + 60) * 1000);

  // What a test leaves: each stack's two logs, a tail each, and little else.
  test.afterEach(({}, testInfo) => {
    expect(folderBytes(testInfo.outputPath())).toBeLessThan(ENGINES.length * 2 * LOG_TAIL + (1 << 20));
  });

  test('a worker crashed every 2 s: answers go on, nothing hangs', async ({}, testInfo) => {
    for (const engine of ENGINES) {
      const { r, faults } = await loadWithFault(engine, testInfo.outputPath(engine), 2000, (stack) => stack.proxy!.crashWorker());
      testInfo.annotations.push({ type: 'load', description: `${summary(engine, r)}, ${faults} crashes` });
      console.log(`worker crashes: ${summary(engine, r)}, ${faults} crashes`);
      expect(faults, engine).toBeGreaterThanOrEqual(8);
      expect(r.hangs, engine).toBe(0);
      expect(r.other, engine).toBe(0);
      // A crash costs at most the requests in flight on that worker: one per client at most (the
      // clients send one request at a time). What the share of 2xx comes to then depends on how
      // many requests the machine served between crashes, so it is bounded by the crashes, not by
      // a percentage that a loaded machine would miss.
      expect(r.resets + r.gateway, engine).toBeLessThanOrEqual(faults * CONNECTIONS);
      expect(r.ok, engine).toBeGreaterThan(r.resets + r.gateway);
    }
  });

  test("the admin server stopped and started every 3 s: 2xx and nginx's 502s, nothing hangs", async ({}, testInfo) => {
    for (const engine of ENGINES) {
      const flip = (stack: Stack) => stack.admin!.setMode(stack.admin!.mode === 'down' ? 'dual' : 'down');
      const { r, faults } = await loadWithFault(engine, testInfo.outputPath(engine), 3000, flip);
      testInfo.annotations.push({ type: 'load', description: `${summary(engine, r)}, ${faults} stops/starts` });
      console.log(`admin stop/start: ${summary(engine, r)}, ${faults} stops/starts`);
      expect(faults, engine).toBeGreaterThanOrEqual(5);
      expect(r.hangs, engine).toBe(0);
      expect(r.other, engine).toBe(0);
      expect(r.gateway, engine).toBeGreaterThan(0);
      // Each stop fails both peers for the 10 s fail window: most answers are 502s, as with nginx
      // (measured: nginx 4-6 % 2xx, embedded 5-7 %). The floor asks that the stack keeps recovering.
      expect(share(r, r.ok), engine).toBeGreaterThanOrEqual(0.02);
    }
  });
});
