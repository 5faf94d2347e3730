// ReportController: per-day turnover, users and orders over a range, the top 10,
// their refusals, and the 运营数据 workbook read back with exceljs.
import { test, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminPerTest, javaDouble, JULY_13, orderedOn as onDay } from '../../tests/support/admin.js';

const server = adminPerTest({ now: () => JULY_13 });
const orders = () => [...server.admin.state.orders.values()];

test('reports: one entry a day from begin to end, each list a string, the figures from the orders and users', async () => {
  const q = '?begin=2023-07-06&end=2023-07-12';
  const dates = ['2023-07-06', '2023-07-07', '2023-07-08', '2023-07-09', '2023-07-10', '2023-07-11', '2023-07-12'];
  const t = (await server.api.get(`/admin/report/turnoverStatistics${q}`)).json.data;
  expect(t.dateList).toBe(dates.join(','));
  expect(t.turnoverList).toBe(dates.map((d) => javaDouble(orders().filter((o) => onDay(o, d) && o.status === 5).reduce((c, o) => c + o.amount, 0) / 100)).join(','));
  const u = (await server.api.get(`/admin/report/userStatistics${q}`)).json.data;
  expect(Object.keys(u)).toEqual(['dateList', 'totalUserList', 'newUserList']);
  const created = [...server.admin.state.customers.values()].map((c) => c.user.createTime!);
  expect(u.newUserList).toBe(dates.map((d) => created.filter((t) => t.startsWith(d) && !t.endsWith(' 00:00:00')).length).join(','));
  expect(u.totalUserList).toBe(dates.map((d) => created.filter((t) => t <= `${d} 23:59:59`).length).join(','));
  const o = (await server.api.get(`/admin/report/ordersStatistics${q}`)).json.data;
  expect(Object.keys(o)).toEqual(['dateList', 'orderCountList', 'validOrderCountList', 'totalOrderCount', 'validOrderCount', 'orderCompletionRate']);
  const counts = dates.map((d) => orders().filter((x) => onDay(x, d)).length);
  const valid = dates.map((d) => orders().filter((x) => onDay(x, d) && x.status === 5).length);
  expect(o).toMatchObject({ orderCountList: counts.join(','), validOrderCountList: valid.join(','), totalOrderCount: counts.reduce((a, b) => a + b) });
  expect(o.orderCompletionRate).toBeCloseTo(o.validOrderCount / o.totalOrderCount, 12);
  const top = (await server.api.get(`/admin/report/top10${q}`)).json.data;
  const names = top.nameList.split(',');
  const numbers = top.numberList.split(',').map(Number);
  expect(names.length).toBe(10);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  expect(names).toContain('老坛酸菜鱼');
});

test('reports: no data is zeros and empty strings; bad or missing dates; begin after end; a huge range', async () => {
  const empty = (await server.api.get('/admin/report/top10?begin=2020-01-01&end=2020-01-02')).json.data;
  expect(empty).toEqual({ nameList: '', numberList: '' });
  expect((await server.api.get('/admin/report/turnoverStatistics?begin=2020-01-01&end=2020-01-02')).json.data.turnoverList).toBe('0.0,0.0');
  expect((await server.api.get('/admin/report/ordersStatistics?begin=2020-01-01&end=2020-01-01')).json.data.orderCompletionRate).toBe(0);
  for (const q of ['?begin=2023-7-1&end=2023-07-02', '?begin=2023-02-29&end=2023-03-01', '?begin=x&end=2023-07-01']) {
    expect((await server.api.get(`/admin/report/turnoverStatistics${q}`)).status, q).toBe(400);
  }
  for (const q of ['', '?begin=2023-07-01', '?begin=2023-07-02&end=2023-07-01', '?begin=0001-01-01&end=9999-12-31']) {
    expect((await server.api.get(`/admin/report/ordersStatistics${q}`)).status, q).toBe(500);
  }
  expect((await server.api.get('/admin/report/userStatistics?begin=2020-02-28&end=2020-03-01')).json.data.dateList).toBe('2020-02-28,2020-02-29,2020-03-01');
});

test('export: a real .xlsx, Sheet1 laid out as the template, the last 30 days filled in', async () => {
  const r = await fetch(`${server.api.base}/admin/report/export`, { headers: { token: server.api.token } });
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
  expect((await fetch(`${server.api.base}/admin/report/export`)).status).toBe(401);
});
