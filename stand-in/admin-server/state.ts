// The stand-in's database and Redis: every table in memory, seeded from sky.sql plus a generated
// month of orders, and the shop status. All reads and writes are synchronous, so a write (one
// `write()` call) is atomic: no other request runs between its first and last change. Each row is an
// immutable object, replaced on update. Answers that only depend on the data (and the day) are
// memoised until the next write.
import { EMPLOYEES, NEXT_EMPLOYEE_ID, type Employee } from './employees.js';
import { generateHistory, menuOf, PAYMENT_TIMEOUT_REASON, type Customer, type Rng } from './history.js';
import { seededRandom } from './random.js';
import { localDateTime, startOfDay } from './json.js';
import { NEXT_ID, seedCategories, seedDishes, seedFlavors } from './seed.js';
import {
  CANCELLED, COMPLETED, DELIVERY_IN_PROGRESS, PENDING_PAYMENT,
  type Category, type Dish, type DishFlavor, type Order, type OrderDetail, type Setmeal, type SetmealDish,
} from './tables.js';

export interface StateOptions {
  /** The seed of the generated history (`--admin-seed`). */
  seed: number;
  /** When the stack started (ms): the history ends then and covers the 30 days before its day. */
  start: number;
}

const MINUTE = 60_000;

/** A `yyyy-MM-dd HH:mm:ss` local time back to epoch ms. */
export function parseLocal(t: string): number {
  return new Date(+t.slice(0, 4), +t.slice(5, 7) - 1, +t.slice(8, 10), +t.slice(11, 13), +t.slice(14, 16), +t.slice(17, 19)).getTime();
}

export class AdminState {
  readonly seed: number;
  readonly start: number;
  employees!: Map<number, Employee>;
  categories!: Map<number, Category>;
  dishes!: Map<number, Dish>;
  flavors!: Map<number, DishFlavor>;
  setmeals!: Map<number, Setmeal>;
  setmealDishes!: Map<number, SetmealDish>;
  /** Redis `SHOP_STATUS`; set to 1 (营业中), as on any machine where it was set once. */
  shopStatus!: number | null;
  /** The next id of each table (AUTO_INCREMENT). */
  next!: { employee: number; category: number; dish: number; dishFlavor: number; setmeal: number; setmealDish: number; order: number; orderDetail: number; customer: number };
  /** Changes with every write: a key for what is derived from the data. */
  version = 0;
  #history?: { customers: Map<number, Customer>; orders: Map<number, Order>; details: Map<number, OrderDetail[]>; rng: Rng };
  #memo = new Map<string, unknown>();
  /** When the order timers next have something to look at. */
  #nextTick = 0;
  #lastNow = 0;

  constructor(o: StateOptions) {
    this.seed = o.seed;
    this.start = o.start;
    this.reset();
  }

  /** Back to the seed: the same menu, employees and month of orders as at start. */
  reset(): void {
    const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
    this.employees = byId([...EMPLOYEES]);
    this.categories = byId(seedCategories());
    this.dishes = byId(seedDishes());
    this.flavors = byId(seedFlavors());
    this.setmeals = new Map();
    this.setmealDishes = new Map();
    this.shopStatus = 1;
    this.next = {
      employee: NEXT_EMPLOYEE_ID, category: NEXT_ID.category, dish: NEXT_ID.dish, dishFlavor: NEXT_ID.dishFlavor,
      setmeal: NEXT_ID.setmeal, setmealDish: NEXT_ID.setmealDish, order: 0, orderDetail: 0, customer: 0,
    };
    this.#history = undefined;
    this.#nextTick = 0;
    this.#changed();
  }

  /** Runs one change, all of it at once; `change` must check everything before it changes anything
   *  (it throws to refuse), so a refused write leaves no trace. */
  write<T>(change: () => T): T {
    const result = change();
    this.#changed();
    return result;
  }

  /** `compute()` once per key until the next write. */
  memo<T>(key: string, compute: () => T): T {
    let value = this.#memo.get(key) as T | undefined;
    if (value === undefined) {
      if (this.#memo.size >= 2048) this.#memo.clear();
      value = compute();
      this.#memo.set(key, value);
    }
    return value;
  }

  #changed(): void {
    this.version++;
    this.#memo.clear();
  }

  /** The generated customers and orders, made on first use (a stack that is only logged in to
   *  never pays for them). */
  get #h() {
    if (!this.#history) {
      const h = generateHistory(this.seed, this.start, menuOf([...this.dishes.values()], this.flavors.values()));
      const details = new Map<number, OrderDetail[]>();
      for (const d of h.details) {
        const lines = details.get(d.orderId);
        if (lines) lines.push(d);
        else details.set(d.orderId, [d]);
      }
      this.#history = {
        customers: new Map(h.customers.map((c) => [c.user.id, c])),
        orders: new Map(h.orders.map((o) => [o.id, o])),
        details,
        rng: seededRandom(this.seed * 31 + 7),
      };
      this.next.order = h.orders.length + 1;
      this.next.orderDetail = h.details.length + 1;
      this.next.customer = h.customers.length + 1;
      // The timers have run since the start, for this history too.
      if (this.#lastNow > 0) {
        this.#nextTick = 0;
        this.tick(this.#lastNow);
      }
    }
    return this.#history;
  }

  /** orders, in id order (which is order_time order). */
  get orders(): Map<number, Order> {
    return this.#h.orders;
  }

  /** order_detail rows by order id. */
  get orderDetails(): Map<number, OrderDetail[]> {
    return this.#h.details;
  }

  /** user and address_book rows, one address per user. */
  get customers(): Map<number, Customer> {
    return this.#h.customers;
  }

  /** The user side's random choices (which customer, which dishes), repeatable from the seed. */
  get customerRng(): Rng {
    return this.#h.rng;
  }

  /**
   * The server's scheduled tasks (OrderTask), run for the minutes that have passed: every minute,
   * orders unpaid for more than 15 minutes are cancelled (支付超时，自动取消); daily at 01:00,
   * orders delivered for more than 60 minutes are completed. Cheap when nothing is due.
   */
  tick(now: number): void {
    this.#lastNow = now;
    if (!this.#history || now < this.#nextTick) return;
    this.#nextTick = Math.floor(now / MINUTE + 1) * MINUTE;
    const due: Order[] = [];
    for (const o of this.orders.values()) {
      if (o.status !== PENDING_PAYMENT && o.status !== DELIVERY_IN_PROGRESS) continue;
      const placed = parseLocal(o.orderTime);
      if (o.status === PENDING_PAYMENT) {
        const at = Math.floor(placed / MINUTE + 15 + 1) * MINUTE; // the first minute tick that finds it 15 min old
        if (at <= now) due.push({ ...o, status: CANCELLED, cancelReason: PAYMENT_TIMEOUT_REASON, cancelTime: localDateTime(at) });
      } else {
        let at = startOfDay(placed) + 60 * MINUTE;
        while (at - 60 * MINUTE <= placed) at = startOfDay(at, 1) + 60 * MINUTE;
        if (at <= now) due.push({ ...o, status: COMPLETED });
      }
    }
    if (due.length) this.write(() => due.forEach((o) => this.orders.set(o.id, o)));
  }
}
