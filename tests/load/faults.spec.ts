// Issue 7 item 3: load with faults. 32 keep-alive clients for 20 s against GET /api/employee/page
// with 2 workers, while a worker is crashed every 2 s, or the admin server is stopped and
// started every 3 s. Every answer must be a 2xx, nginx's own 502/504 or a reset — never a hang —
// and the 2xx share must stay above a floor (measured against real nginx: see the README).
import { test, expect } from '../fixtures.js';
import { closedLoopLoad, share, type LoadResult } from '../support/load.js';
import { ApiClient } from '../../harness/chaos/api.js';
import { Timeline } from '../../harness/chaos/timeline.js';

const SECONDS = 20;

function summary(engine: string, r: LoadResult): string {
  return `${engine}: ${r.total} requests, ${(100 * share(r, r.ok)).toFixed(1)}% 2xx, ${r.gateway} 502/504, ${r.resets} resets, ${r.other} other, ${r.hangs} hangs`;
}

test.describe('load with faults', () => {
  test.setTimeout((SECONDS + 40) * 1000);

  test('a worker crashed every 2 s: answers go on, nothing hangs', async ({ startStack, engine }, testInfo) => {
    const stack = await startStack({ workers: 2 });
    const { token } = await new ApiClient(stack.proxyUrl, new Timeline()).login();
    const load = closedLoopLoad({ origin: stack.proxyUrl, path: '/api/employee/page?page=1&pageSize=10', headers: { token: token! }, connections: 32, seconds: SECONDS });
    let crashes = 0;
    const timer = setInterval(() => {
      stack.proxy!.crashWorker().then(() => crashes++, () => undefined);
    }, 2000);
    const r = await load.finally(() => clearInterval(timer));
    testInfo.annotations.push({ type: 'load', description: `${summary(engine, r)}, ${crashes} crashes` });
    console.log(`worker crashes: ${summary(engine, r)}, ${crashes} crashes`);
    expect(crashes).toBeGreaterThanOrEqual(8);
    expect(r.hangs).toBe(0);
    expect(r.other).toBe(0);
    expect(share(r, r.ok)).toBeGreaterThanOrEqual(0.95);
  });

  test('the admin server stopped and started every 3 s: 2xx and nginx\'s 502s, nothing hangs', async ({ startStack, engine }, testInfo) => {
    const stack = await startStack({ workers: 2 });
    const admin = stack.admin!;
    const { token } = await new ApiClient(stack.proxyUrl, new Timeline()).login();
    const load = closedLoopLoad({ origin: stack.proxyUrl, path: '/api/employee/page?page=1&pageSize=10', headers: { token: token! }, connections: 32, seconds: SECONDS });
    let flips = 0;
    const timer = setInterval(() => {
      admin.setMode(admin.mode === 'down' ? 'dual' : 'down').then(() => flips++, () => undefined);
    }, 3000);
    const r = await load.finally(() => clearInterval(timer));
    await admin.setMode('dual');
    testInfo.annotations.push({ type: 'load', description: `${summary(engine, r)}, ${flips} stops/starts` });
    console.log(`admin stop/start: ${summary(engine, r)}, ${flips} stops/starts`);
    expect(flips).toBeGreaterThanOrEqual(5);
    expect(r.hangs).toBe(0);
    expect(r.other).toBe(0);
    expect(r.gateway).toBeGreaterThan(0);
    // Each stop fails both peers for the 10 s fail window: most answers are 502s, as with nginx
    // (measured: nginx 4-6 % 2xx, embedded 5-7 %). The floor asks that the stack keeps recovering.
    expect(share(r, r.ok)).toBeGreaterThanOrEqual(0.02);
  });
});
