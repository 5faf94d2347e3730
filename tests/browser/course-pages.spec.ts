// What each page of the course's real front end calls when it loads, made from a
// browser through the proxy (each project's engine) to the stand-in, and each answer checked for
// what that page needs: no HTTP error, code 1 with data where data is expected, numbers where the
// page does arithmetic (no NaN), strings where it splits, arrays where it iterates. Then the order
// WebSocket through `location /ws/`, and an image uploaded and shown through `/api/`.
import { test, expect } from '../fixtures.js';
import type { Page } from '@playwright/test';
import type { Stack } from '../../harness/stack/stack.js';

type Data = any;
type Need = (data: Data) => void;

const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const page10 = (money?: string): Need => (d) => {
  expect(Array.isArray(d.records)).toBe(true);
  expect(isNumber(d.total)).toBe(true);
  if (money) for (const r of d.records) expect(isNumber(r[money]), `${money} of ${JSON.stringify(r).slice(0, 80)}`).toBe(true);
};
const numbers = (...fields: string[]): Need => (d) => {
  for (const f of fields) expect(isNumber(d[f]), f).toBe(true);
};
const lists = (...fields: string[]): Need => (d) => {
  const days = d.dateList.split(',').length;
  for (const f of fields) {
    expect(typeof d[f], f).toBe('string');
    if (f !== 'dateList') expect(d[f].split(',').map(Number).every(Number.isFinite), f).toBe(true);
    if (f !== 'dateList') expect(d[f].split(',').length, f).toBe(days);
  }
};
const rowsWith = (...fields: string[]): Need => (d) => {
  expect(Array.isArray(d)).toBe(true);
  expect(d.length).toBeGreaterThan(0);
  for (const r of d) for (const f of fields) expect(r[f], f).not.toBeUndefined();
};

function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Calls made with the page's fetch, as its axios would: `/api/...` on its origin, header token. */
async function callAll(page: Page, token: string, paths: string[]): Promise<{ path: string; status: number; body: string }[]> {
  return page.evaluate(async ({ token, paths }) => Promise.all(paths.map(async (path) => {
    const r = await fetch(path, { headers: { token, Accept: 'application/json, text/plain, */*' } });
    return { path, status: r.status, body: await r.text() };
  })), { token, paths });
}

async function loggedIn(page: Page, stack: Stack): Promise<string> {
  await page.goto(stack.url);
  return page.evaluate(async () => {
    const r = await fetch('/api/employee/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"admin","password":"123456"}' });
    return (await r.json()).data.token as string;
  });
}

test('every page\'s calls on load answer as the page needs', async ({ page, startStack }) => {
  const stack = await startStack();
  const token = await loggedIn(page, stack);
  // The seed has no set meal: the set-meal form's edit needs one.
  const created = await page.evaluate(async (token) => {
    const r = await fetch('/api/setmeal', { method: 'POST', headers: { token, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '双人套餐', categoryId: '13', price: '99', code: '', image: '', description: '', dishList: [], status: 0, idType: '13', setmealDishes: [{ copies: 1, dishId: 51, name: '老坛酸菜鱼', price: 56 }] }) });
    return r.json();
  }, token);
  expect(created.code).toBe(1);
  const orderId = [...stack.admin!.state.orders.values()].at(-1)!.id;
  const week = `?begin=${day(-7)}&end=${day(-1)}`;
  const pages: Record<string, [string, Need][]> = {
    'layout (every page)': [['/api/shop/status', (d) => expect([0, 1]).toContain(d)]],
    '工作台 /#/dashboard': [
      ['/api/workspace/businessData', (d) => {
        numbers('turnover', 'validOrderCount', 'orderCompletionRate', 'unitPrice', 'newUsers')(d);
        expect((100 * d.orderCompletionRate).toFixed(0)).not.toBe('NaN');
      }],
      ['/api/workspace/overviewOrders', numbers('waitingOrders', 'deliveredOrders', 'completedOrders', 'cancelledOrders', 'allOrders')],
      ['/api/workspace/overviewDishes', numbers('sold', 'discontinued')],
      ['/api/workspace/overviewSetmeals', numbers('sold', 'discontinued')],
      ['/api/order/conditionSearch?page=1&pageSize=10&status=2', page10('amount')],
      ['/api/order/conditionSearch?page=1&pageSize=10&status=3', page10('amount')],
      ['/api/order/statistics', numbers('toBeConfirmed', 'confirmed', 'deliveryInProgress')],
    ],
    '数据统计 /#/statistics': [
      [`/api/report/turnoverStatistics${week}`, lists('dateList', 'turnoverList')],
      [`/api/report/userStatistics${week}`, lists('dateList', 'totalUserList', 'newUserList')],
      [`/api/report/ordersStatistics${week}`, (d) => {
        lists('dateList', 'orderCountList', 'validOrderCountList')(d);
        numbers('totalOrderCount', 'validOrderCount', 'orderCompletionRate')(d);
        expect((100 * d.orderCompletionRate).toFixed(1)).not.toBe('NaN');
      }],
      [`/api/report/top10${week}`, (d) => {
        expect(typeof d.nameList).toBe('string');
        expect(d.numberList.split(',').length).toBe(d.nameList.split(',').length);
      }],
    ],
    '订单管理 /#/order': [
      ...[undefined, 2, 3, 4, 5, 6].map((s): [string, Need] => [`/api/order/conditionSearch?page=1&pageSize=10${s ? `&status=${s}` : ''}`, page10('amount')]),
      ['/api/order/statistics', numbers('toBeConfirmed', 'confirmed', 'deliveryInProgress')],
      [`/api/order/details/${orderId}`, (d) => {
        numbers('amount', 'packAmount', 'payMethod', 'status')(d);
        expect(Number.isNaN(d.amount - 6 - d.packAmount)).toBe(false);
        expect(d.orderDetailList.length).toBeGreaterThan(0);
        for (const l of d.orderDetailList) numbers('amount', 'number')(l);
      }],
    ],
    '套餐管理 /#/setmeal': [
      ['/api/setmeal/page?page=1&pageSize=10&status=', page10('price')],
      ['/api/category/list?type=2', rowsWith('id', 'name')],
      ['/api/category/list?type=2&page=1&pageSize=1000', rowsWith('id', 'name')],
      ['/api/setmeal/32', (d) => expect(Array.isArray(d.setmealDishes)).toBe(true)],
      ['/api/category/list?type=1', rowsWith('id', 'name')],
      ['/api/dish/list?categoryId=16', rowsWith('id', 'name', 'price', 'status')],
    ],
    '菜品管理 /#/dish': [
      ['/api/dish/page?page=1&pageSize=10&status=', page10('price')],
      ['/api/category/list?type=1', rowsWith('id', 'name')],
      ['/api/dish/51', (d) => {
        for (const f of d.flavors) expect(Array.isArray(JSON.parse(f.value))).toBe(true);
      }],
    ],
    '分类管理 /#/category': [['/api/category/page?page=1&pageSize=10', page10()]],
    '员工管理 /#/employee': [
      ['/api/employee/page?page=1&pageSize=10', page10()],
      ['/api/employee/2', (d) => expect(d.username).toBe('zhangsan')],
    ],
  };
  for (const [name, calls] of Object.entries(pages)) {
    const answers = await callAll(page, token, calls.map(([path]) => path));
    for (const [i, [path, need]] of calls.entries()) {
      const { status, body } = answers[i];
      expect(status, `${name}: ${path}`).toBe(200);
      const json = JSON.parse(body);
      expect(json.code, `${name}: ${path}: ${body.slice(0, 200)}`).toBe(1);
      expect(json.data, `${name}: ${path}`).not.toBeNull();
      need(json.data);
    }
  }
  // 数据导出: a 200 with a workbook, saved by the page as 运营数据统计报表.xlsx.
  const exported = await page.evaluate(async (token) => {
    const r = await fetch('/api/report/export', { headers: { token } });
    const bytes = new Uint8Array(await r.arrayBuffer());
    return { status: r.status, zip: String.fromCharCode(bytes[0], bytes[1]), size: bytes.length };
  }, token);
  expect(exported).toMatchObject({ status: 200, zip: 'PK' });
});

test('the order WebSocket through location /ws/: the page\'s socket opens, and a paid order arrives as type 1', async ({ page, startStack }) => {
  const stack = await startStack();
  await page.goto(stack.url);
  await page.evaluate((port) => new Promise<void>((resolve, reject) => {
    const w = window as unknown as { messages: string[] };
    w.messages = [];
    const ws = new WebSocket(`ws://localhost:${port}/ws/${Math.random().toString(36).substr(2)}`);
    ws.onmessage = (m) => w.messages.push(m.data);
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('服务器错误，无法接收实时报警信息'));
  }), stack.spec.proxyPort);
  await expect.poll(() => stack.admin!.openPages).toBe(1);
  const { order } = await stack.admin!.placeOrder();
  const messages = () => page.evaluate(() => (window as unknown as { messages: string[] }).messages);
  await expect.poll(messages).toEqual([`{"orderId":${order.id},"type":1,"content":"订单号：${order.number}"}`]);
  const { type, orderId } = JSON.parse((await messages())[0]);
  expect({ type, orderId }).toEqual({ type: 1, orderId: order.id });
});

test('an image uploaded through /api/ is shown by an <img> through /api/ (no token); past client_max_body_size the proxy answers 413', async ({ page, startStack }) => {
  const stack = await startStack();
  const token = await loggedIn(page, stack);
  const result = await page.evaluate(async (token) => {
    // A 2×2 PNG drawn by the page itself.
    const canvas = document.createElement('canvas');
    canvas.width = 2;
    canvas.height = 2;
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const form = new FormData();
    form.append('file', blob, '菜品.png');
    const r = await fetch('/api/common/upload', { method: 'POST', headers: { token }, body: form });
    const url = (await r.json()).data as string;
    const img = new Image();
    img.src = url;
    await img.decode();
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(1024 * 1024 + 10)]), 'big.png');
    const tooBig = await fetch('/api/common/upload', { method: 'POST', headers: { token }, body: big });
    return { url, width: img.naturalWidth, tooBig: tooBig.status };
  }, token);
  expect(result.url).toMatch(/^\/api\/common\/download\?name=[0-9a-f-]{36}\.png$/);
  expect(result.width).toBe(2);
  expect(result.tooBig).toBe(413);
});

test('an uploaded SVG with a script: shown by an <img> in the app, and opened on its own it runs nothing in the front end\'s origin', async ({ page, startStack }) => {
  const stack = await startStack();
  const token = await loggedIn(page, stack);
  // What a hostile upload would do: read the app's origin (its token is in that origin's storage).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="red"/><script>document.documentElement.setAttribute('data-ran-in', self.origin)</script></svg>`;
  const { url, width } = await page.evaluate(async ({ token, svg }) => {
    const form = new FormData();
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), '菜品.svg');
    const r = await fetch('/api/common/upload', { method: 'POST', headers: { token }, body: form });
    const url = (await r.json()).data as string;
    const img = new Image();
    img.src = url;
    await img.decode();
    return { url, width: img.naturalWidth };
  }, { token, svg });
  expect(width).toBe(4);

  const opened = await page.goto(new URL(url, stack.url).href);
  expect(opened!.headers()['content-type']).toBe('image/svg+xml');
  await expect(page.locator('rect')).toHaveAttribute('fill', 'red'); // the image is drawn...
  expect(await page.locator('svg').getAttribute('data-ran-in')).toBeNull(); // ...and its script did not run
});
