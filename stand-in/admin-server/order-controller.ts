// sky-server's admin OrderController (@RequestMapping("/admin/order")) and OrderServiceImpl, as the
// course's reference solution has them: details binds the path's id, complete works, the date range
// of the search works (the real server answers 500 to all three from the front end). The state
// machine of docs/admin-stand-in.md; refunds are modelled as succeeding (a stand-in that takes payments
// also refunds them) and, as there, change no column.
import { bindLocalDateTime, bindNumber, bindPaging, bindPath, bindString, parseQuery } from './binding.js';
import { varchar } from './columns.js';
import { audit, type AdminContext } from './context.js';
import { BusinessError, SpringError, sendJson, type Exchange, type Route } from './dispatcher.js';
import { SUCCESS } from './employee-controller.js';
import { money, num, str, success, time, type Long } from './json.js';
import { readJsonDto } from './json-body.js';
import { containsLike } from './like.js';
import { pageAnswer } from './paging.js';
import type { AdminState } from './state.js';
import { CANCELLED, COMPLETED, CONFIRMED, DELIVERY_IN_PROGRESS, TO_BE_CONFIRMED, type Order, type OrderDetail } from './tables.js';

export const ORDER_STATUS_ERROR = '订单状态错误';

/** OrderVO: the Orders fields, then orderDishes and orderDetailList. */
export function orderVoJson(o: Order, orderDishes: string | null, details: readonly OrderDetail[] | null): string {
  const list = details === null ? 'null' : `[${details.map(orderDetailJson).join(',')}]`;
  return `{"id":${o.id},"number":${str(o.number)},"status":${o.status},"userId":${o.userId},"addressBookId":${o.addressBookId},"orderTime":${time(o.orderTime)},"checkoutTime":${time(o.checkoutTime)},"payMethod":${o.payMethod},"payStatus":${o.payStatus},"amount":${money(o.amount)},"remark":${str(o.remark)},"userName":${str(o.userName)},"phone":${str(o.phone)},"address":${str(o.address)},"consignee":${str(o.consignee)},"cancelReason":${str(o.cancelReason)},"rejectionReason":${str(o.rejectionReason)},"cancelTime":${time(o.cancelTime)},"estimatedDeliveryTime":${time(o.estimatedDeliveryTime)},"deliveryStatus":${o.deliveryStatus},"deliveryTime":${time(o.deliveryTime)},"packAmount":${o.packAmount ?? 0},"tablewareNumber":${o.tablewareNumber ?? 0},"tablewareStatus":${o.tablewareStatus},"orderDishes":${str(orderDishes)},"orderDetailList":${list}}`;
}

function orderDetailJson(d: OrderDetail): string {
  return `{"id":${d.id},"name":${str(d.name)},"orderId":${d.orderId},"dishId":${num(d.dishId)},"setmealId":${num(d.setmealId)},"dishFlavor":${str(d.dishFlavor)},"number":${d.number},"amount":${money(d.amount)},"image":${str(d.image)}}`;
}

export function orderRoutes({ state }: AdminContext): Route[] {
  return [
    { method: 'GET', path: '/admin/order/conditionSearch', handle: (x) => conditionSearch(x, state) },
    { method: 'GET', path: '/admin/order/statistics', handle: (x) => statistics(x, state) },
    { method: 'GET', path: '/admin/order/details/{id}', handle: (x) => details(x, state) },
    { method: 'PUT', path: '/admin/order/confirm', handle: (x) => confirm(x, state) },
    { method: 'PUT', path: '/admin/order/rejection', handle: (x) => rejection(x, state) },
    { method: 'PUT', path: '/admin/order/cancel', handle: (x) => cancel(x, state) },
    { method: 'PUT', path: '/admin/order/delivery/{id}', handle: (x) => delivery(x, state) },
    { method: 'PUT', path: '/admin/order/complete/{id}', handle: (x) => complete(x, state) },
  ];
}

/** Every order, `order by order_time desc` (the newer id first within a second). */
function newestOrders(state: AdminState): Order[] {
  return state.memo('orders/newest', () => [...state.orders.values()].sort((a, b) => b.orderTime.localeCompare(a.orderTime) || b.id - a.id));
}

/** `老坛酸菜鱼*1;米饭*2;`: each line as name*number; */
function orderDishes(state: AdminState, o: Order): string {
  return (state.orderDetails.get(o.id) ?? []).map((d) => `${d.name}*${d.number};`).join('');
}

/** conditionSearch(OrdersPageQueryDTO): `number like`, `phone like`, `user_id =`, `status =` (0: no
 *  filter), order_time within [beginTime, endTime]. */
function conditionSearch(x: Exchange, state: AdminState): void {
  // Memoised by the query as sent: a repeated search costs no parsing (one that fails to bind throws,
  // and is not kept).
  const body = state.memo(`order/conditionSearch?${x.query}`, () => {
    const params = parseQuery(x.query);
    const { page, pageSize } = bindPaging(params);
    const number = bindString(params, 'number');
    const phone = bindString(params, 'phone');
    const status = bindNumber(params, 'status', 'int');
    const beginTime = bindLocalDateTime(params, 'beginTime');
    const endTime = bindLocalDateTime(params, 'endTime');
    const userId = bindNumber(params, 'userId', 'long');
    const numberMatch = number ? containsLike(number) : undefined;
    const phoneMatch = phone ? containsLike(phone) : undefined;
    const rows = newestOrders(state).filter((o) =>
      (!numberMatch || numberMatch(o.number)) && (!phoneMatch || phoneMatch(o.phone)) && (userId === null || o.userId === userId)
      && (!status || o.status === status) && (beginTime === null || o.orderTime >= beginTime) && (endTime === null || o.orderTime <= endTime));
    return pageAnswer(rows, page, pageSize, (o) => orderVoJson(o, orderDishes(state, o), null));
  });
  sendJson(x, body);
}

/** statistics: how many orders wait (2), are taken (3) and are on their way (4), of all time. */
function statistics(x: Exchange, state: AdminState): void {
  sendJson(x, state.memo('order/statistics', () => {
    const count = [0, 0, 0];
    for (const o of state.orders.values()) if (o.status >= TO_BE_CONFIRMED && o.status <= DELIVERY_IN_PROGRESS) count[o.status - TO_BE_CONFIRMED]++;
    return Buffer.from(success(`{"toBeConfirmed":${count[0]},"confirmed":${count[1]},"deliveryInProgress":${count[2]}}`));
  }));
}

/** details(@PathVariable id): OrderVO with its lines; an unknown id is a NullPointerException (500). */
function details(x: Exchange, state: AdminState): void {
  const order = state.orders.get(bindPath(x.params.id, 'long') as number);
  if (!order) throw new SpringError(500);
  sendJson(x, success(orderVoJson(order, null, state.orderDetails.get(order.id) ?? [])));
}

const CONFIRM_DTO = { id: 'long', status: 'int' } as const;
const REJECTION_DTO = { id: 'long', rejectionReason: 'string' } as const;
const CANCEL_DTO = { id: 'long', cancelReason: 'string' } as const;

/** confirm: status 3, whatever the status was; an unknown id changes nothing. */
async function confirm(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, CONFIRM_DTO);
  state.write(() => {
    const order = state.orders.get(dto.id as number);
    if (order) state.orders.set(order.id, { ...order, status: CONFIRMED });
  });
  sendJson(x, SUCCESS);
}

/** `<if test="x != null and x != ''">`: an empty reason leaves the column as it was. */
const reason = (text: string | null, old: string | null) => (text ? varchar(text, 255) : old);

/** rejection: only an order waiting to be taken (2); a paid one is refunded first. */
async function rejection(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, REJECTION_DTO);
  const { time: now } = audit(x);
  state.write(() => {
    const order = state.orders.get(dto.id as number);
    if (!order || order.status !== TO_BE_CONFIRMED) throw new BusinessError(ORDER_STATUS_ERROR);
    state.orders.set(order.id, { ...order, status: CANCELLED, rejectionReason: reason(dto.rejectionReason as string | null, order.rejectionReason), cancelTime: now });
  });
  sendJson(x, SUCCESS);
}

/** cancel: any status; an unknown id is a NullPointerException (reading its pay_status). */
async function cancel(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, CANCEL_DTO);
  const { time: now } = audit(x);
  state.write(() => {
    const order = state.orders.get(dto.id as number);
    if (!order) throw new SpringError(500);
    state.orders.set(order.id, { ...order, status: CANCELLED, cancelReason: reason(dto.cancelReason as string | null, order.cancelReason), cancelTime: now });
  });
  sendJson(x, SUCCESS);
}

/** A path-id transition that needs the order in status `from` (else 订单状态错误, unknown ids too). */
function transition(x: Exchange, state: AdminState, from: number, change: (o: Order, now: string) => Order): void {
  const id: Long = bindPath(x.params.id, 'long');
  const { time: now } = audit(x);
  state.write(() => {
    const order = state.orders.get(id as number);
    if (!order || order.status !== from) throw new BusinessError(ORDER_STATUS_ERROR);
    state.orders.set(order.id, change(order, now));
  });
  sendJson(x, SUCCESS);
}

/** delivery: a taken order (3) goes out (4). */
function delivery(x: Exchange, state: AdminState): void {
  transition(x, state, CONFIRMED, (o) => ({ ...o, status: DELIVERY_IN_PROGRESS }));
}

/** complete: an order on its way (4) is done (5), delivery_time now. */
function complete(x: Exchange, state: AdminState): void {
  transition(x, state, DELIVERY_IN_PROGRESS, (o, now) => ({ ...o, status: COMPLETED, deliveryTime: now }));
}
