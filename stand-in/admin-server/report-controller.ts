// sky-server's ReportController (@RequestMapping("/admin/report")), as the course's reference
// solution has it: per-day turnover, users and orders over [begin, end], the top 10 dishes, and the
// 运营数据 workbook of the last 30 days (whose template the real server's tree lacks: a 500 there).
import { bindLocalDate, parseQuery } from './binding.js';
import type { AdminContext } from './context.js';
import { sendBody, sendJson, type Exchange, type Route } from './dispatcher.js';
import { dateList, tally, top10, usersUntil } from './figures.js';
import { javaDouble, localDate, startOfDay, success } from './json.js';
import type { AdminState } from './state.js';

export function reportRoutes({ state }: AdminContext): Route[] {
  return [
    { method: 'GET', path: '/admin/report/turnoverStatistics', handle: (x) => report(x, state, 'turnover', turnover) },
    { method: 'GET', path: '/admin/report/userStatistics', handle: (x) => report(x, state, 'user', users) },
    { method: 'GET', path: '/admin/report/ordersStatistics', handle: (x) => report(x, state, 'orders', orders) },
    { method: 'GET', path: '/admin/report/top10', handle: (x) => report(x, state, 'top10', salesTop10) },
    { method: 'GET', path: '/admin/report/export', handle: (x) => exportWorkbook(x, state) },
  ];
}

/** `?begin=yyyy-MM-dd&end=yyyy-MM-dd` to one answer, memoised per range and version of the data. */
function report(x: Exchange, state: AdminState, name: string, compute: (state: AdminState, begin: string | null, end: string | null) => string): void {
  const params = parseQuery(x.query);
  const begin = bindLocalDate(params, 'begin');
  const end = bindLocalDate(params, 'end');
  sendJson(x, state.memo(`report/${name} ${begin} ${end}`, () => Buffer.from(success(compute(state, begin, end)))));
}

/** TurnoverReportVO: dateList, turnoverList (the completed orders' amounts a day, as doubles). */
function turnover(state: AdminState, begin: string | null, end: string | null): string {
  const dates = dateList(begin, end);
  const amounts = dates.map((d) => javaDouble(tally(state, d, d).turnoverCents / 100));
  return `{"dateList":"${dates.join(',')}","turnoverList":"${amounts.join(',')}"}`;
}

/** UserReportVO: dateList, totalUserList (created before the day's end), newUserList. */
function users(state: AdminState, begin: string | null, end: string | null): string {
  const dates = dateList(begin, end);
  return `{"dateList":"${dates.join(',')}","totalUserList":"${dates.map((d) => usersUntil(state, d)).join(',')}","newUserList":"${dates.map((d) => tally(state, d, d).newUsers).join(',')}"}`;
}

/** OrderReportVO: the day lists, then the totals and the completion rate over the range. */
function orders(state: AdminState, begin: string | null, end: string | null): string {
  const dates = dateList(begin, end);
  const days = dates.map((d) => tally(state, d, d));
  const total = days.reduce((n, t) => n + t.orders, 0);
  const valid = days.reduce((n, t) => n + t.valid, 0);
  return `{"dateList":"${dates.join(',')}","orderCountList":"${days.map((t) => t.orders).join(',')}","validOrderCountList":"${days.map((t) => t.valid).join(',')}","totalOrderCount":${total},"validOrderCount":${valid},"orderCompletionRate":${javaDouble(total === 0 ? 0 : valid / total)}}`;
}

/** SalesTop10ReportVO: nameList and numberList, comma-joined ("" when nothing sold). */
function salesTop10(state: AdminState, begin: string | null, end: string | null): string {
  dateList(begin, end); // the same refusals as the other reports
  const top = top10(state, begin!, end!);
  return `{"nameList":${JSON.stringify(top.map(([name]) => String(name)).join(','))},"numberList":"${top.map(([, n]) => n).join(',')}"}`;
}

/** The last 30 days (today − 30 to today − 1) as the 运营数据报表 workbook. exceljs loads on the first
 *  export only. */
async function exportWorkbook(x: Exchange, state: AdminState): Promise<void> {
  const begin = localDate(startOfDay(x.now, -30));
  const end = localDate(startOfDay(x.now, -1));
  // exceljs (~240 ms to load) only for 导出运营数据报表.
  const { operatingWorkbook } = await import('./export.js');
  const body = await operatingWorkbook(state, begin, end);
  sendBody(x, { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, body);
}
