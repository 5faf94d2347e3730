// sky-server's WorkspaceController (@RequestMapping("/admin/workspace")): today's figures, today's
// orders by status, and the dishes and set meals on and off sale (工作台).
import type { AdminContext } from './context.js';
import { sendJson, type Exchange, type Route } from './dispatcher.js';
import { businessData } from './figures.js';
import { javaDouble, localDate, success } from './json.js';
import type { AdminState } from './state.js';
import { CANCELLED, COMPLETED, CONFIRMED, DISABLE, ENABLE, TO_BE_CONFIRMED } from './tables.js';

export function workspaceRoutes({ state }: AdminContext): Route[] {
  return [
    { method: 'GET', path: '/admin/workspace/businessData', handle: (x) => today(x, state) },
    { method: 'GET', path: '/admin/workspace/overviewOrders', handle: (x) => overviewOrders(x, state) },
    { method: 'GET', path: '/admin/workspace/overviewDishes', handle: (x) => overviewSaleable(x, state, 'dishes') },
    { method: 'GET', path: '/admin/workspace/overviewSetmeals', handle: (x) => overviewSaleable(x, state, 'setmeals') },
  ];
}

/** BusinessDataVO of today: turnover, validOrderCount, orderCompletionRate, unitPrice, newUsers. */
export function businessDataJson(d: ReturnType<typeof businessData>): string {
  return `{"turnover":${javaDouble(d.turnover)},"validOrderCount":${d.validOrderCount},"orderCompletionRate":${javaDouble(d.orderCompletionRate)},"unitPrice":${javaDouble(d.unitPrice)},"newUsers":${d.newUsers}}`;
}

function today(x: Exchange, state: AdminState): void {
  const date = localDate(x.now);
  sendJson(x, state.memo(`workspace/businessData ${date}`, () => Buffer.from(success(businessDataJson(businessData(state, date, date))))));
}

/** OrderOverViewVO: orders since today 00:00 (exclusive, no upper bound) by status, and all of them. */
function overviewOrders(x: Exchange, state: AdminState): void {
  const since = `${localDate(x.now)} 00:00:00`;
  sendJson(x, state.memo(`workspace/overviewOrders ${since}`, () => {
    const n: Record<number, number> = {};
    let all = 0;
    for (const o of state.orders.values()) {
      if (o.orderTime <= since) continue;
      all++;
      n[o.status] = (n[o.status] ?? 0) + 1;
    }
    const c = (s: number) => n[s] ?? 0;
    return Buffer.from(success(`{"waitingOrders":${c(TO_BE_CONFIRMED)},"deliveredOrders":${c(CONFIRMED)},"completedOrders":${c(COMPLETED)},"cancelledOrders":${c(CANCELLED)},"allOrders":${all}}`));
  }));
}

/** DishOverViewVO / SetmealOverViewVO: how many are on sale (1) and stopped (0). */
function overviewSaleable(x: Exchange, state: AdminState, table: 'dishes' | 'setmeals'): void {
  sendJson(x, state.memo(`workspace/overview ${table}`, () => {
    let sold = 0;
    let discontinued = 0;
    for (const row of state[table].values()) {
      if (row.status === ENABLE) sold++;
      else if (row.status === DISABLE) discontinued++;
    }
    return Buffer.from(success(`{"sold":${sold},"discontinued":${discontinued}}`));
  }));
}
