// `harness app order | remind ORDER_ID | reset` against the stack a `harness up` runs, as a developer
// types them: admin pages connected through the proxy's `location /ws/` get the type-1 and type-2
// messages; bad input and a missing stack are clear messages with exit 2 and 1.
import { execa } from 'execa';
import WebSocket from 'ws';
import { test, expect } from './fixtures.js';
import { distFile } from '../harness/paths.js';
import { harnessUp } from './support/harness-up.js';

const app = (prefix: string, ...args: string[]) => execa(process.execPath, [distFile('harness/cli.js'), 'app', ...args, '--prefix', prefix], { reject: false });

function adminPage(port: number, sid: string): Promise<{ ws: WebSocket; messages: string[] }> {
  const ws = new WebSocket(`ws://localhost:${port}/ws/${sid}`);
  const messages: string[] = [];
  ws.on('message', (m) => messages.push(m.toString()));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

test('app order and app remind push to every admin page through the proxy; app reset returns to the seed', async ({ engine }, testInfo) => {
  test.setTimeout(60_000);
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  const pages: WebSocket[] = [];
  try {
    const [a, b] = await Promise.all([adminPage(up.port, 'pagea1'), adminPage(up.port, 'pageb2')]);
    pages.push(a.ws, b.ws);
    const ordered = await app(up.prefix, 'order');
    expect(ordered.exitCode, ordered.stderr).toBe(0);
    const m = /^order (\d+) placed and paid \(订单号 (\d{13}), ¥\d+\.\d\d\): it waits as 待接单\.\n来单提醒 \(type 1\) pushed to 2 open admin pages\.$/.exec(ordered.stdout);
    expect(m, ordered.stdout).not.toBeNull();
    const type1 = `{"orderId":${m![1]},"type":1,"content":"订单号：${m![2]}"}`;
    for (const p of [a, b]) await expect.poll(() => p.messages).toEqual([type1]);

    const waiting = await fetch(`http://127.0.0.1:${up.port}/api/employee/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"123456"}' });
    const token = (await waiting.json()).data.token;
    const details = await (await fetch(`http://127.0.0.1:${up.port}/api/order/details/${m![1]}`, { headers: { token } })).json();
    expect(details.data).toMatchObject({ id: Number(m![1]), number: m![2], status: 2, payStatus: 1 });

    const reminded = await app(up.prefix, 'remind', m![1]);
    expect(reminded.exitCode, reminded.stderr).toBe(0);
    expect(reminded.stdout).toBe(`催单 (type 2) for order ${m![1]} (订单号 ${m![2]}) pushed to 2 open admin pages.`);
    for (const p of [a, b]) await expect.poll(() => p.messages[1]).toBe(`{"orderId":${m![1]},"type":2,"content":"订单号：${m![2]}"}`);

    a.ws.terminate(); // one page closed mid-session
    const again = await app(up.prefix, 'order');
    expect(again.stdout).toMatch(/pushed to 1 open admin page\.$/);
    const asJson = await app(up.prefix, 'order', '--json');
    expect(JSON.parse(asJson.stdout)).toMatchObject({ order: { id: expect.any(Number), number: expect.stringMatching(/^\d{13}$/), status: 2 }, pushed: 1 });

    const reset = await app(up.prefix, 'reset');
    expect(reset.exitCode).toBe(0);
    const gone = await fetch(`http://127.0.0.1:${up.port}/api/order/details/${m![1]}`, { headers: { token } });
    expect(gone.status).toBe(500); // the order is no more: details of an unknown id
    expect(up.output.join('\n')).toMatch(/app order: order \d+\n[^]*app remind: order \d+\n[^]*app reset/);
  } finally {
    for (const ws of pages) ws.terminate();
    up.child.kill('SIGINT');
    await up.child;
  }
});

test('app: an unknown order, a bad id (exit 2), no stack running (exit 1)', async ({ engine }, testInfo) => {
  test.setTimeout(60_000);
  const noStack = await app(testInfo.outputPath('nothing-here'), 'order');
  expect(noStack.exitCode).toBe(1);
  expect(noStack.stderr).toContain('no stack is running from');
  expect(noStack.stderr).toContain('npx harness up');
  for (const bad of ['abc', '0', '-3', '1.5']) {
    const r = await app(testInfo.outputPath('nothing-here'), 'remind', bad);
    expect(r.exitCode, bad).toBe(2);
    expect(r.stderr).toContain('an order id is a whole number');
  }
  const up = await harnessUp(engine, testInfo.outputPath('up'));
  try {
    const unknown = await app(up.prefix, 'remind', '99999999');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toBe('harness: there is no order 99999999 (订单不存在). `npx harness app order` places one; the orders page (订单管理) lists them.');
    const missing = await app(up.prefix, 'remind');
    expect(missing.exitCode).toBe(2);
  } finally {
    up.child.kill('SIGINT');
    await up.child;
  }
});
