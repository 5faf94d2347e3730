// ShopController, WorkspaceController and ReportController (admin-api.md §8, §10, §11): the shop
// status, today's figures, the reports over a range and their Java-double text, the top 10, and
// the 运营数据 workbook read back with exceljs.
import { test, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { AdminServer } from '../../stubs/admin-server/server.js';
import type { Order } from '../../stubs/admin-server/tables.js';
import { adminPerTest, call, JULY_13, OK, type Api } from './admin-helpers.js';

const server = adminPerTest({ now: () => JULY_13 });
let admin: AdminServer;
let api: Api;
test.beforeEach(() => ({ admin, api } = server));

const orders = () => [...admin.state.orders.values()];
/** Stamped inside the open interval (date 00:00, date 23:59:59.999…). */
const onDay = (o: Order, day: string) => o.orderTime.startsWith(day) && !o.orderTime.endsWith(' 00:00:00');
const javaDouble = (d: number) => (Number.isInteger(d) ? `${d}.0` : String(d));

test('shop: GET /shop/status is 1 from the seed; PUT /shop/{status} stores any integer, ignoring the body', async () => {
  expect((await api.get('/admin/shop/status')).text).toBe('{"code":1,"msg":null,"data":1}');
  expect((await api.send('PUT', '/admin/shop/0', 1)).text).toBe(OK);
  expect((await api.get('/admin/shop/status')).text).toBe('{"code":1,"msg":null,"data":0}');
  expect((await api.send('PUT', '/admin/shop/7')).text).toBe(OK);
  expect((await api.get('/admin/shop/status')).json.data).toBe(7);
  expect((await api.send('PUT', '/admin/shop/x')).status).toBe(400);
  expect((await api.send('PUT', '/admin/shop/status')).status).toBe(400); // PUT {status} takes the path
  expect((await call(`${api.base}/admin/shop/1`, { token: api.token })).status).toBe(405);
  admin.state.write(() => (admin.state.shopStatus = null));
  expect((await api.get('/admin/shop/status')).status).toBe(500); // a Redis that never had the key
});

test('workspace: today\'s business data from the orders (completed ones), as Java doubles', async () => {
  const today = orders().filter((o) => onDay(o, '2023-07-13'));
  const done = today.filter((o) => o.status === 5);
  const turnover = done.reduce((c, o) => c + o.amount, 0) / 100;
  const r = await api.get('/admin/workspace/businessData');
  expect(Object.keys(r.json.data)).toEqual(['turnover', 'validOrderCount', 'orderCompletionRate', 'unitPrice', 'newUsers']);
  expect(r.json.data).toMatchObject({ turnover, validOrderCount: done.length, orderCompletionRate: done.length / today.length });
  expect(r.text).toContain(`"turnover":${javaDouble(turnover)},`);
  for (const v of Object.values(r.json.data)) expect(Number.isFinite(v)).toBe(true);
});

test('workspace: the overview of today\'s orders by status, and of dishes and set meals on sale', async () => {
  const today = orders().filter((o) => o.orderTime > '2023-07-13 00:00:00');
  const n = (s: number) => today.filter((o) => o.status === s).length;
  expect((await api.get('/admin/workspace/overviewOrders')).json.data).toEqual({ waitingOrders: n(2), deliveredOrders: n(3), completedOrders: n(5), cancelledOrders: n(6), allOrders: today.length });
  expect((await api.get('/admin/workspace/overviewDishes')).text).toBe('{"code":1,"msg":null,"data":{"sold":24,"discontinued":0}}');
});

test('reports: one entry a day from begin to end, each list a string, the figures from the orders and users', async () => {
  const q = '?begin=2023-07-06&end=2023-07-12';
  const dates = ['2023-07-06', '2023-07-07', '2023-07-08', '2023-07-09', '2023-07-10', '2023-07-11', '2023-07-12'];
  const t = (await api.get(`/admin/report/turnoverStatistics${q}`)).json.data;
  expect(t.dateList).toBe(dates.join(','));
  expect(t.turnoverList).toBe(dates.map((d) => javaDouble(orders().filter((o) => onDay(o, d) && o.status === 5).reduce((c, o) => c + o.amount, 0) / 100)).join(','));
  const u = (await api.get(`/admin/report/userStatistics${q}`)).json.data;
  expect(Object.keys(u)).toEqual(['dateList', 'totalUserList', 'newUserList']);
  const created = [...admin.state.customers.values()].map((c) => c.user.createTime!);
  expect(u.newUserList).toBe(dates.map((d) => created.filter((t) => t.startsWith(d) && !t.endsWith(' 00:00:00')).length).join(','));
  expect(u.totalUserList).toBe(dates.map((d) => created.filter((t) => t <= `${d} 23:59:59`).length).join(','));
  const o = (await api.get(`/admin/report/ordersStatistics${q}`)).json.data;
  expect(Object.keys(o)).toEqual(['dateList', 'orderCountList', 'validOrderCountList', 'totalOrderCount', 'validOrderCount', 'orderCompletionRate']);
  const counts = dates.map((d) => orders().filter((x) => onDay(x, d)).length);
  const valid = dates.map((d) => orders().filter((x) => onDay(x, d) && x.status === 5).length);
  expect(o).toMatchObject({ orderCountList: counts.join(','), validOrderCountList: valid.join(','), totalOrderCount: counts.reduce((a, b) => a + b) });
  expect(o.orderCompletionRate).toBeCloseTo(o.validOrderCount / o.totalOrderCount, 12);
  const top = (await api.get(`/admin/report/top10${q}`)).json.data;
  const names = top.nameList.split(',');
  const numbers = top.numberList.split(',').map(Number);
  expect(names.length).toBe(10);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  expect(names).toContain('老坛酸菜鱼');
});

test('reports: no data is zeros and empty strings; bad or missing dates; begin after end; a huge range', async () => {
  const empty = (await api.get('/admin/report/top10?begin=2020-01-01&end=2020-01-02')).json.data;
  expect(empty).toEqual({ nameList: '', numberList: '' });
  expect((await api.get('/admin/report/turnoverStatistics?begin=2020-01-01&end=2020-01-02')).json.data.turnoverList).toBe('0.0,0.0');
  expect((await api.get('/admin/report/ordersStatistics?begin=2020-01-01&end=2020-01-01')).json.data.orderCompletionRate).toBe(0);
  for (const q of ['?begin=2023-7-1&end=2023-07-02', '?begin=2023-02-29&end=2023-03-01', '?begin=x&end=2023-07-01']) {
    expect((await api.get(`/admin/report/turnoverStatistics${q}`)).status, q).toBe(400);
  }
  for (const q of ['', '?begin=2023-07-01', '?begin=2023-07-02&end=2023-07-01', '?begin=0001-01-01&end=9999-12-31']) {
    expect((await api.get(`/admin/report/ordersStatistics${q}`)).status, q).toBe(500);
  }
  expect((await api.get('/admin/report/userStatistics?begin=2020-02-28&end=2020-03-01')).json.data.dateList).toBe('2020-02-28,2020-02-29,2020-03-01');
});

test('export: a real .xlsx, Sheet1 laid out as the template, the last 30 days filled in', async () => {
  const r = await fetch(`${api.base}/admin/report/export`, { headers: { token: api.token } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await r.arrayBuffer());
  expect(book.worksheets.map((s) => s.name)).toEqual(['Sheet1']);
  const sheet = book.getWorksheet('Sheet1')!;
  const v = (ref: string) => sheet.getCell(ref).value;
  expect([v('B1'), v('B2'), v('B3'), v('B6')]).toEqual(['运营数据报表', '时间：2023-06-13至2023-07-12', '概览数据', '明细数据']);
  for (const range of ['B1:G1', 'B2:G2', 'B3:G3', 'B6:G6']) expect(sheet.getCell(range.split(':')[1]).isMerged).toBe(true);
  expect([v('B4'), v('D4'), v('F4'), v('B5'), v('D5')]).toEqual(['\t营业额', '订单完成率', '新增用户数', '\t有效订单', '平均客单价']);
  expect(['B', 'C', 'D', 'E', 'F', 'G'].map((c) => v(`${c}7`))).toEqual(['日期', '\t营业额', '\t有效订单', '订单完成率', '平均客单价', '新增用户数']);
  const month = orders().filter((o) => o.orderTime > '2023-06-13 00:00:00' && o.orderTime < '2023-07-13');
  const done = month.filter((o) => o.status === 5);
  expect(v('C4')).toBeCloseTo(done.reduce((c, o) => c + o.amount, 0) / 100, 6);
  expect(v('C5')).toBe(done.length);
  expect(v('E4')).toBeCloseTo(done.length / month.length, 12);
  expect(sheet.getCell('C4').numFmt).toBe('"¥"#,##0.00');
  expect(sheet.getCell('E4').numFmt).toBe('0.00%');
  expect(v('B8')).toBe('2023-06-13');
  expect(v('B37')).toBe('2023-07-12');
  expect(sheet.getCell('B38').value).toBeNull();
  let validSum = 0;
  for (let row = 8; row <= 37; row++) {
    expect(typeof v(`C${row}`)).toBe('number');
    validSum += v(`D${row}`) as number;
    expect(sheet.getCell(`G${row}`).border?.left?.style).toBe('thin');
    expect(sheet.getCell(`D${row}`).alignment?.horizontal).toBe('center');
  }
  expect(validSum).toBe(done.length);
  expect(sheet.getColumn(2).width).toBeCloseTo(15.63, 2);
  expect((await fetch(`${api.base}/admin/report/export`)).status).toBe(401);
});
