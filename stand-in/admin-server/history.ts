// A month of the user side's activity, which sky.sql does not have: customers (user, address_book)
// and their orders (orders, order_detail) over the 30 days before the stack started and that day
// up to its start, in every status and consistent with the menu, so that the dashboard, the order
// list, the reports and the top 10 show real figures on any day. Deterministic: the same seed and
// the same start give the same rows. Each order follows the state machine the admin's order actions use
// (paid orders wait, are taken, delivered and completed; unpaid ones are cancelled after 15 min).
import { localDateTime, startOfDay } from './json.js';
import {
  CANCELLED, COMPLETED, CONFIRMED, DELIVERY_IN_PROGRESS, PAID, PENDING_PAYMENT, TO_BE_CONFIRMED, UN_PAID,
  type AddressBook, type Dish, type DishFlavor, type Order, type OrderDetail, type User,
} from './tables.js';
import { seededRandom } from './random.js';

export type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

const MINUTE = 60_000;
/** The fixed delivery fee the front end takes off the amount (菜品小计 = amount − 6 − packAmount). */
export const DELIVERY_FEE_CENTS = 600;

const SURNAMES = '张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高'.split('');
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '勇', '杰', '涛', '明', '超', '丽', '华', '鹏', '婷'];
const STREETS = ['徐东大街', '中北路', '珞喻路', '解放大道', '建设大道', '光谷大道', '武珞路', '中山大道', '友谊大道', '雄楚大道'];
const PLACES = ['号', '号院', '号小区', '号大厦'];
const LABELS = ['家', '公司', '学校'];
const REMARKS = [null, null, null, '', '少放辣', '不要香菜', '多放点醋', '米饭多一点', '请尽快送达', '不要葱'];
export const CANCEL_REASONS = ['订单量较多，暂时无法接单', '菜品已销售完，暂时无法接单', '骑手不足无法配送', '客户电话取消'];
export const REJECTION_REASONS = ['订单量较多，暂时无法接单', '菜品已销售完，暂时无法接单', '餐厅已打烊，暂时无法接单'];
/** What the user side and the timer write. */
export const USER_CANCEL_REASON = '用户取消';
export const PAYMENT_TIMEOUT_REASON = '支付超时，自动取消';

export interface Customer {
  user: User;
  address: AddressBook;
}

export interface History {
  customers: Customer[];
  orders: Order[];
  details: OrderDetail[];
}

/** The dishes a customer can choose from, with each one's flavor options, prepared once. */
export interface Menu {
  mains: readonly Dish[];
  sides: readonly Dish[];
  options: ReadonlyMap<number, readonly string[][]>;
}

export function menuOf(dishes: readonly Dish[], flavors: Iterable<DishFlavor>): Menu {
  const options = new Map<number, string[][]>();
  for (const f of flavors) {
    if (typeof f.dishId !== 'number') continue;
    let values: unknown;
    try {
      values = JSON.parse(f.value ?? '[]');
    } catch {
      continue; // not a JSON array: the mini-program would not offer it either
    }
    if (Array.isArray(values) && values.length) options.set(f.dishId, [...(options.get(f.dishId) ?? []), values.map(String)]);
  }
  // The cheap staples (rice, soup, drinks) go with most orders; the mains carry the bill.
  return { mains: dishes.filter((d) => (d.price ?? 0) >= 1500), sides: dishes.filter((d) => (d.price ?? 0) < 1500), options };
}

/** What a customer puts in the cart: dish lines with the dish's price and a flavor choice. */
export function cartLines(rng: Rng, menu: Menu): { dish: Dish; number: number; flavor: string | null }[] {
  const { mains, sides } = menu;
  const chosen = new Map<number, Dish>();
  const count = between(rng, 1, 3);
  for (let i = 0; i < count && mains.length; i++) {
    // Earlier dishes of the list are the favourites: a skewed pick makes a real top 10.
    const d = mains[Math.floor(mains.length * rng() * rng())];
    chosen.set(d.id, d);
  }
  if (sides.length && (chosen.size === 0 || rng() < 0.7)) {
    const d = pick(rng, sides);
    chosen.set(d.id, d);
  }
  return [...chosen.values()].map((dish) => {
    const options = menu.options.get(dish.id) ?? [];
    const flavor = options.length ? options.map((v) => pick(rng, v)).join(',') : null;
    return { dish, number: dish.name === '米饭' ? between(rng, 1, 3) : rng() < 0.85 ? 1 : 2, flavor };
  });
}

export function makeCustomer(rng: Rng, id: number, createTime: string): Customer {
  const name = pick(rng, SURNAMES) + pick(rng, GIVEN) + (rng() < 0.5 ? pick(rng, GIVEN) : '');
  const phone = '1' + pick(rng, ['35', '38', '39', '50', '58', '86', '88']) + String(between(rng, 0, 99_999_999)).padStart(8, '0');
  const sex = rng() < 0.5 ? '1' : '0';
  return {
    user: { id, openid: `o${(id * 2654435761 >>> 0).toString(36)}sky${id}`, name: null, phone: null, createTime },
    address: {
      id, userId: id, consignee: name, sex, phone,
      detail: `${pick(rng, STREETS)}${between(rng, 1, 300)}${pick(rng, PLACES)}`, label: pick(rng, LABELS),
    },
  };
}

/** A new order as the user side's submit writes it, then (when `paidAt` is given) the payment
 *  callback: status 2, pay_status 1, checkout_time. */
export function submitOrder(
  rng: Rng, ids: { order: number; detail: number }, customer: Customer, lines: ReturnType<typeof cartLines>, orderMs: number, paidAt: number | undefined,
): { order: Order; details: OrderDetail[] } {
  const items = lines.reduce((n, l) => n + l.number, 0);
  const food = lines.reduce((c, l) => c + (l.dish.price ?? 0) * l.number, 0);
  const packAmount = items;
  const tablewareStatus = rng() < 0.8 ? 1 : 0;
  const order: Order = {
    id: ids.order,
    number: String(orderMs),
    status: paidAt === undefined ? PENDING_PAYMENT : TO_BE_CONFIRMED,
    userId: customer.user.id,
    addressBookId: customer.address.id,
    orderTime: localDateTime(orderMs),
    checkoutTime: paidAt === undefined ? null : localDateTime(paidAt),
    payMethod: rng() < 0.8 ? 1 : 2,
    payStatus: paidAt === undefined ? UN_PAID : PAID,
    amount: food + packAmount * 100 + DELIVERY_FEE_CENTS,
    remark: pick(rng, REMARKS),
    phone: customer.address.phone,
    address: customer.address.detail,
    userName: null,
    consignee: customer.address.consignee,
    cancelReason: null,
    rejectionReason: null,
    cancelTime: null,
    estimatedDeliveryTime: localDateTime(Math.ceil((orderMs + 45 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE),
    deliveryStatus: 1,
    deliveryTime: null,
    packAmount,
    tablewareNumber: tablewareStatus === 1 ? 0 : between(rng, 1, 4),
    tablewareStatus,
  };
  const details = lines.map((l, i): OrderDetail => ({
    id: ids.detail + i, name: l.dish.name, image: l.dish.image, orderId: order.id, dishId: l.dish.id, setmealId: null,
    dishFlavor: l.flavor, number: l.number, amount: l.dish.price ?? 0,
  }));
  return { order, details };
}

/** What happened to an order after it was placed, decided by its age at `now`. */
function lifeOf(rng: Rng, order: Order, orderMs: number, now: number): Order {
  const age = now - orderMs;
  const at = (min: number) => localDateTime(orderMs + min * MINUTE + between(rng, 0, 59) * 1000);
  const roll = rng();
  if (order.status === PENDING_PAYMENT) {
    // Never paid: the minute timer cancels it once it is 15 minutes old.
    if (age <= 15 * MINUTE) return order;
    const tick = Math.floor((orderMs + 15 * MINUTE) / MINUTE + 1) * MINUTE;
    return { ...order, status: CANCELLED, cancelReason: PAYMENT_TIMEOUT_REASON, cancelTime: localDateTime(tick) };
  }
  if (roll < 0.04) return { ...order, status: CANCELLED, cancelReason: USER_CANCEL_REASON, cancelTime: at(2) };
  if (age < 8 * MINUTE) return order;
  if (roll < 0.08) return { ...order, status: CANCELLED, rejectionReason: pick(rng, REJECTION_REASONS), cancelTime: at(5) };
  if (age < 20 * MINUTE) return { ...order, status: CONFIRMED };
  if (roll < 0.1) return { ...order, status: CANCELLED, cancelReason: pick(rng, CANCEL_REASONS), cancelTime: at(15) };
  if (age < 45 * MINUTE) return { ...order, status: DELIVERY_IN_PROGRESS };
  return { ...order, status: COMPLETED, deliveryTime: at(between(rng, 30, 44)) };
}

/** Orders an hour, by the hour of the day: lunch and dinner peaks, quiet nights. */
const HOURLY = [0.2, 0.1, 0.05, 0, 0, 0, 0.1, 0.4, 0.8, 0.7, 1.2, 3.5, 5, 2.2, 1, 0.9, 1.1, 2.8, 4.6, 3, 1.6, 1.2, 0.8, 0.4];
const HOURLY_SUM = HOURLY.reduce((a, b) => a + b, 0);

/**
 * The customers and orders of the 30 days before `now`'s day and of that day up to `now`. Today
 * always has orders waiting, being delivered and so on, even just after midnight: its orders are
 * spread over the part of the day that has passed.
 */
export function generateHistory(seed: number, now: number, menu: Menu): History {
  const rng = seededRandom(seed * 7919 + 17);
  const first = startOfDay(now, -30);
  const customers: Customer[] = [];
  // Customers from before the month, then a few new ones a day.
  const REGULARS = 60;
  for (let i = 0; i < REGULARS; i++) customers.push(makeCustomer(rng, customers.length + 1, localDateTime(first - between(rng, 1, 200) * 24 * 60 * MINUTE - between(rng, 0, 1439) * MINUTE)));
  const orders: Order[] = [];
  const details: OrderDetail[] = [];
  const ids = { order: 1, detail: 1 };
  const numbers = new Set<string>();
  for (let day = 0; day <= 30; day++) {
    const dayStart = startOfDay(first, day);
    const dayEnd = Math.min(startOfDay(first, day + 1), now);
    const newcomers = between(rng, 1, 5);
    for (let i = 0; i < newcomers; i++) {
      const joined = dayStart + Math.floor(rng() * (dayEnd - dayStart));
      customers.push(makeCustomer(rng, customers.length + 1, localDateTime(joined)));
    }
    const dayOrders = day === 30 ? Math.max(12, Math.round(between(rng, 35, 55) * (dayEnd - dayStart) / (24 * 60 * MINUTE))) : between(rng, 30, 55);
    const times: number[] = [];
    for (let i = 0; i < dayOrders; i++) {
      let t: number;
      if (day === 30) {
        // Today: the last ones just placed, the rest over the hours so far.
        t = i < 6 ? now - (i * 3 + 1) * MINUTE - between(rng, 0, 50) * 1000 : dayStart + Math.floor(rng() * (dayEnd - dayStart));
        t = Math.max(dayStart + 1000, t);
      } else {
        let r = rng() * HOURLY_SUM;
        let hour = 0;
        while (r > HOURLY[hour] && hour < 23) r -= HOURLY[hour++];
        t = dayStart + hour * 60 * MINUTE + between(rng, 0, 3599) * 1000 + between(rng, 1, 999);
      }
      times.push(t);
    }
    times.sort((a, b) => a - b);
    for (const [i, t] of times.entries()) {
      // Anyone who had joined by then: a newcomer of later that day gives way to a regular.
      let customer = pick(rng, customers);
      if (customer.user.createTime! > localDateTime(t)) customer = customers[Math.floor(rng() * REGULARS)];
      const lines = cartLines(rng, menu);
      // Today's latest order is not paid yet: every status is there to see.
      const unpaid = rng() >= 0.94 || (day === 30 && i === times.length - 1);
      const paid = unpaid ? undefined : t + between(rng, 10, 110) * 1000;
      const placed = submitOrder(rng, ids, customer, lines, t, paid !== undefined && paid <= now ? paid : undefined);
      // The number is the epoch millis of the submit, unique as the real server's (mostly) are.
      while (numbers.has(placed.order.number)) placed.order.number = String(Number(placed.order.number) + 1);
      numbers.add(placed.order.number);
      const order = lifeOf(rng, placed.order, t, now);
      orders.push(order);
      details.push(...placed.details);
      ids.order++;
      ids.detail += placed.details.length;
    }
  }
  return { customers, orders, details };
}
