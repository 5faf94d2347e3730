// The figures of 工作台 and 数据统计 (WorkspaceServiceImpl, ReportServiceImpl, as the course's reference
// solution computes them): orders by order_time and users by create_time, each day the open interval
// (date 00:00, date 23:59:59.999999999), so a row stamped exactly at midnight belongs to no day of
// its own (`>` and `<` in the reference's mappers; the real server's `>=`/`<=` would count it).
// Per-day totals are computed once per version of the data.
import { SpringError } from './errors.js';
import type { AdminState } from './state.js';
import { COMPLETED, type Order } from './tables.js';

/** What one day (or the midnight instant that opens it) adds up to. */
interface Tally {
  orders: number;
  valid: number;
  turnoverCents: number;
  newUsers: number;
}

interface Days {
  /** Per local date `yyyy-MM-dd`: everything stamped that day, midnight included. */
  day: Map<string, Tally>;
  /** Per date: what is stamped exactly `date 00:00:00`. */
  midnight: Map<string, Tally>;
  /** Users' create_time, sorted (for the running total). */
  userTimes: string[];
}

const empty = (): Tally => ({ orders: 0, valid: 0, turnoverCents: 0, newUsers: 0 });

function days(state: AdminState): Days {
  return state.memo('figures/days', () => {
    const d: Days = { day: new Map(), midnight: new Map(), userTimes: [] };
    const add = (stamp: string, f: (t: Tally) => void) => {
      const date = stamp.slice(0, 10);
      let t = d.day.get(date);
      if (!t) d.day.set(date, (t = empty()));
      f(t);
      if (stamp.endsWith(' 00:00:00')) {
        let m = d.midnight.get(date);
        if (!m) d.midnight.set(date, (m = empty()));
        f(m);
      }
    };
    for (const o of state.orders.values()) {
      add(o.orderTime, (t) => {
        t.orders++;
        if (o.status === COMPLETED) {
          t.valid++;
          t.turnoverCents += o.amount;
        }
      });
    }
    for (const c of state.customers.values()) {
      const created = c.user.createTime;
      if (created === null) continue;
      add(created, (t) => t.newUsers++);
      d.userTimes.push(created);
    }
    d.userTimes.sort();
    return d;
  });
}

/** The dates from `begin` to `end` inclusive, `yyyy-MM-dd`. The reference loops until it reaches
 *  `end`, so `begin` after `end` never ends (it runs out of memory); the stand-in answers that, and a
 *  range of more than 100 years, with a 500 straight away. */
export function dateList(begin: string | null, end: string | null): string[] {
  if (begin === null || end === null) throw new SpringError(500); // begin.equals(end) on null: NullPointerException
  const from = Date.parse(`${begin}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  const count = Math.round((to - from) / 86_400_000) + 1;
  if (count < 1 || count > 36_600) throw new SpringError(500);
  return Array.from({ length: count }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));
}

/** The sum over (begin 00:00, end 23:59:59.999…): every day's tally less the first midnight. */
export function tally(state: AdminState, begin: string, end: string): Tally {
  const d = days(state);
  const sum = empty();
  for (const date of begin === end ? [begin] : dateList(begin, end)) {
    const t = d.day.get(date);
    if (!t) continue;
    sum.orders += t.orders;
    sum.valid += t.valid;
    sum.turnoverCents += t.turnoverCents;
    sum.newUsers += t.newUsers;
  }
  const m = d.midnight.get(begin);
  if (m) {
    sum.orders -= m.orders;
    sum.valid -= m.valid;
    sum.turnoverCents -= m.turnoverCents;
    sum.newUsers -= m.newUsers;
  }
  return sum;
}

/** Users created before the end of `date` (create_time < date 23:59:59.999…). */
export function usersUntil(state: AdminState, date: string): number {
  const times = days(state).userTimes;
  const limit = `${date} 23:59:59`;
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** WorkspaceServiceImpl.getBusinessData over (begin 00:00, end 23:59:59.999…). */
export interface BusinessData {
  turnover: number;
  validOrderCount: number;
  orderCompletionRate: number;
  unitPrice: number;
  newUsers: number;
}

export function businessData(state: AdminState, begin: string, end: string): BusinessData {
  const t = tally(state, begin, end);
  const turnover = t.turnoverCents / 100;
  const both = t.orders !== 0 && t.valid !== 0;
  return {
    turnover,
    validOrderCount: t.valid,
    orderCompletionRate: both ? t.valid / t.orders : 0,
    unitPrice: both ? turnover / t.valid : 0,
    newUsers: t.newUsers,
  };
}

/** The status-5 orders' lines within (begin 00:00, end 23:59:59.999…), summed by name, the top 10. */
export function top10(state: AdminState, begin: string, end: string): [string | null, number][] {
  const from = `${begin} 00:00:00`;
  const to = `${end} 23:59:59`;
  const sums = new Map<string | null, number>();
  for (const o of state.orders.values() as Iterable<Order>) {
    if (o.status !== COMPLETED || o.orderTime <= from || o.orderTime > to) continue;
    for (const line of state.orderDetails.get(o.id) ?? []) sums.set(line.name, (sums.get(line.name) ?? 0) + line.number);
  }
  // `order by number desc limit 10`; ties (undefined in MySQL) by name, so that the answer is stable.
  return [...sums].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))).slice(0, 10);
}
