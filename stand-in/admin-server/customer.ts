// The user side of the app (the WeChat mini-program and its /user/** endpoints), reduced to what the
// admin pages see of it: a customer places an order and pays for it (it waits as 待接单, and the
// admin pages get a 来单提醒), or asks where an order is (催单). `harness app` drives these.
import { cartLines, menuOf, submitOrder } from './history.js';
import type { AdminState } from './state.js';
import type { Order } from './tables.js';

/** A customer of the seeded month orders dishes on sale and pays a few seconds later: status 2. */
export function placeAndPay(state: AdminState, now: number): Order {
  return state.write(() => {
    const rng = state.customerRng;
    const customers = [...state.customers.values()];
    const customer = customers[Math.floor(rng() * customers.length)];
    const onSale = [...state.dishes.values()].filter((d) => d.status === 1 && d.price !== null && d.price > 0);
    const lines = cartLines(rng, menuOf(onSale.length ? onSale : [...state.dishes.values()], state.flavors.values()));
    // OrderServiceImpl.submitOrder: the number is the epoch millis, unique among the orders.
    let placedAt = now;
    const numbers = new Set([...state.orders.values()].map((o) => o.number));
    while (numbers.has(String(placedAt))) placedAt++;
    const { order, details } = submitOrder(rng, { order: state.next.order, detail: state.next.orderDetail }, customer, lines, placedAt, now);
    state.orders.set(order.id, order);
    state.orderDetails.set(order.id, details);
    state.next.order++;
    state.next.orderDetail += details.length;
    return order;
  });
}
