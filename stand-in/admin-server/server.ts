// AdminStandIn: the stand-in for sky-take-out's Spring Boot application server (port 8080, /admin/**
// and the /ws/{sid} WebSocket), with its data in memory. Its shell (shell.ts) listens, keeps the
// journal, runs the wire faults and stops; every request the faults let through is answered by the
// Dispatcher (dispatcher.ts), whose send functions are the one way out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Dispatcher } from './dispatcher.js';
import { AdminState } from './state.js';
import { placeAndPay } from './customer.js';
import type { Order } from './tables.js';
import { AdminTokens } from './token.js';
import { OrderPushes } from './websocket.js';
import { AdminShell, LISTEN_MODES, type AdminShellOptions, type JournalEntry, type ListenMode } from './shell.js';

export { LISTEN_MODES, type ListenMode, type JournalEntry };

export interface AdminStandInOptions extends AdminShellOptions {
  /** sky.jwt.admin-secret-key (default itcast). */
  secret?: string;
  /** sky.jwt.admin-ttl in ms (default 2 h). */
  ttlMs?: number;
  /** The clock (ms) for token issue and expiry and for error timestamps; Date.now by default. */
  now?: () => number;
  /** The seed of the generated month of orders (default 1). */
  seed?: number;
  /** Where uploaded images are kept (default: a folder in the system's temp directory). */
  uploadDir?: string;
}

/** What a customer did through `harness app`, and how many admin pages were told. */
export interface CustomerEvent {
  order: Order;
  pushed: number;
}

export class AdminStandIn extends AdminShell {
  /** The data: tables, shop status, the generated month of orders. */
  readonly state: AdminState;
  readonly #pushes = new OrderPushes();
  readonly #now: () => number;
  readonly #dispatcher: Dispatcher;

  constructor(opts: AdminStandInOptions) {
    super(opts);
    const tokens = new AdminTokens(opts.secret, opts.ttlMs);
    this.#now = opts.now ?? Date.now;
    this.state = new AdminState({ seed: opts.seed ?? 1, start: this.#now() });
    const ctx = { state: this.state, tokens, uploadDir: opts.uploadDir, pushes: this.#pushes };
    // The controllers (~20 ms) load with the first request, after the stack is ready.
    this.#dispatcher = new Dispatcher(() => import('./routes.js').then((r) => r.adminRoutes(ctx)), tokens, this.#now);
  }

  /** A customer places and pays an order (待接单); every open admin page gets the 来单提醒 (type 1). */
  async placeOrder(): Promise<CustomerEvent> {
    const order = placeAndPay(this.state, this.#now());
    return { order, pushed: await this.#pushes.broadcast(OrderPushes.notice(1, order.id, order.number)) };
  }

  /** A customer's 催单 on order `id`: type 2 to every open admin page; undefined for no such order. */
  async remind(id: number): Promise<CustomerEvent | undefined> {
    const order = this.state.orders.get(id);
    if (!order) return undefined;
    return { order, pushed: await this.#pushes.broadcast(OrderPushes.notice(2, order.id, order.number)) };
  }

  /** How many admin pages have the WebSocket open. */
  get openPages(): number {
    return this.#pushes.size;
  }

  /** The route patterns of its controllers (`/admin/employee/{id}`). */
  routePaths(): Promise<readonly string[]> {
    return this.#dispatcher.paths();
  }

  protected answer(req: IncomingMessage, res: ServerResponse): void {
    this.state.tick(this.#now());
    void this.#dispatcher.handle(req, res);
  }

  protected answerStatus(req: IncomingMessage, res: ServerResponse, status: number): void {
    this.#dispatcher.answerStatus(req, res, status);
  }

  /** A WebSocket handshake for /ws/{sid}. */
  protected takeUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (!OrderPushes.wants(req)) return false;
    this.#pushes.accept(req, socket, head);
    return true;
  }
}
