// What each page of the course's real front end calls when it loads, and what each answer must hold
// for that page: no HTTP error, code 1 with data where data is expected, numbers where the page does
// arithmetic (no NaN), strings where it splits, arrays where it iterates. Made from a browser through
// the proxy, whatever admin server is behind it: the stand-in (tests/browser/course-pages.spec.ts) or
// the course's real server (tests/real-admin.spec.ts).
import { expect, type Page } from '@playwright/test';

type Data = any;
type Need = (data: Data) => void;
export type PageCalls = Record<string, [string, Need][]>;

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
async function callAll(page: Page, token: string, paths: string[], method = 'GET'): Promise<{ path: string; status: number; body: string }[]> {
  return page.evaluate(async ({ token, paths, method }) => Promise.all(paths.map(async (path) => {
    const r = await fetch(path, { method, headers: { token, Accept: 'application/json, text/plain, */*' } });
    return { path, status: r.status, body: await r.text() };
  })), { token, paths, method });
}

/** One call's JSON answer; a status other than 200 or a code other than 1 fails, naming the call. */
export async function call(page: Page, token: string, path: string, method = 'GET'): Promise<Data> {
  const [{ status, body }] = await callAll(page, token, [path], method);
  expect(status, `${method} ${path}: ${body.slice(0, 200)}`).toBe(200);
  const json = JSON.parse(body);
  expect(json.code, `${method} ${path}: ${body.slice(0, 200)}`).toBe(1);
  return json.data;
}

/** The page opened on the front end and admin/123456 logged in, as its login form does: the token. */
export async function loggedIn(page: Page, url: string): Promise<string> {
  await page.goto(url);
  return page.evaluate(async () => {
    const r = await fetch('/api/employee/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"admin","password":"123456"}' });
    return (await r.json()).data.token as string;
  });
}

const SETMEAL = { name: '双人套餐', categoryId: '13', price: '99', code: '', image: '', description: '', dishList: [], status: 0, idType: '13', setmealDishes: [{ copies: 1, dishId: 51, name: '老坛酸菜鱼', price: 56 }] };

/** The id of the set meal 双人套餐, added as the set-meal form adds it if the server has none (sky.sql
 *  has no set meal, and the form's edit needs one); a server run before keeps the one it has. */
export async function setmealId(page: Page, token: string): Promise<number> {
  const find = async () => (await call(page, token, `/api/setmeal/page?page=1&pageSize=10&name=${encodeURIComponent(SETMEAL.name)}`)).records[0]?.id as number | undefined;
  const found = await find();
  if (found !== undefined) return found;
  const created = await page.evaluate(async ({ token, body }) => {
    const r = await fetch('/api/setmeal', { method: 'POST', headers: { token, 'Content-Type': 'application/json' }, body });
    return r.json();
  }, { token, body: JSON.stringify(SETMEAL) });
  expect(created.code, JSON.stringify(created)).toBe(1);
  return (await find())!;
}

/** The newest order, as 订单管理 lists them (the server must have one). */
export async function newestOrder(page: Page, token: string): Promise<{ id: number; number: string }> {
  const { records } = await call(page, token, '/api/order/conditionSearch?page=1&pageSize=1');
  expect(records.length, 'the admin server has no order: 订单管理 has none to open').toBeGreaterThan(0);
  return records[0];
}

/** Each page of the front end, with the calls it makes on load and what each answer must hold. */
export function coursePageCalls(o: { orderId: number; setmealId: number }): PageCalls {
  const week = `?begin=${day(-7)}&end=${day(-1)}`;
  return {
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
      [`/api/order/details/${o.orderId}`, (d) => {
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
      [`/api/setmeal/${o.setmealId}`, (d) => expect(Array.isArray(d.setmealDishes)).toBe(true)],
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
}

/** Makes each page's calls at once, as the page does on load, and checks each answer for what it needs. */
export async function expectPageCalls(page: Page, token: string, pages: PageCalls): Promise<void> {
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
}

/** 数据导出: a 200 with a workbook, saved by the page as 运营数据统计报表.xlsx. */
export async function expectWorkbook(page: Page, token: string): Promise<void> {
  const exported = await page.evaluate(async (token) => {
    const r = await fetch('/api/report/export', { headers: { token } });
    const bytes = new Uint8Array(await r.arrayBuffer());
    return { status: r.status, zip: String.fromCharCode(bytes[0], bytes[1]), size: bytes.length };
  }, token);
  expect(exported).toMatchObject({ status: 200, zip: 'PK' });
}

/** The order WebSocket as the front end opens it (`ws://localhost:PORT/ws/<random>`), through the proxy's `location /ws/`. */
export async function openOrderSocket(page: Page, proxyPort: number): Promise<void> {
  await page.evaluate((port) => new Promise<void>((resolve, reject) => {
    const w = window as unknown as { messages: string[] };
    w.messages = [];
    const ws = new WebSocket(`ws://localhost:${port}/ws/${Math.random().toString(36).substr(2)}`);
    ws.onmessage = (m) => w.messages.push(m.data);
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('服务器错误，无法接收实时报警信息'));
  }), proxyPort);
}

/** The text frames the page's order socket has had, in order. */
export const socketMessages = (page: Page) => page.evaluate(() => (window as unknown as { messages: string[] }).messages);
