// A worker's worker_connections, as ngx_get_connection() and ngx_free_connection() count them: its
// listening sockets and its channel to the master take one each, and so do every client connection
// and every connection to an upstream (a proxied request takes two). When none is free, idle client
// connections (waiting for a request, or kept alive) are closed ahead of need (ngx_drain_connections());
// past that, a new client is closed at once and a connect to an upstream fails, each with an [alert].
import type { ErrorLog } from '../logs/writer.js';

/** A client connection that may be closed to make room (ngx_reusable_connection()). */
export interface Reusable {
  /** Closes it at once, without a log line (nginx's c->close). */
  reuse(): void;
}

export class ConnectionSlots {
  private free: number;
  /** Idle client connections, oldest first (nginx's reusable_connections_queue). */
  private readonly reusable = new Set<Reusable>();
  /** The second of the last "reusing connections" warning: one a second. */
  private warnedSec = -1;

  constructor(
    /** worker_connections. */
    readonly size: number,
    private readonly log: ErrorLog,
  ) {
    // The channel to the master (ngx_add_channel_event()).
    this.free = size - 1;
  }

  /** ngx_get_connection(): a slot, or false after the [alert] (written by `alert`, as its caller's log). */
  take(alert: (message: string) => void = (m) => this.log.write('alert', { message: m })): boolean {
    this.drain();
    if (this.free <= 0) {
      alert(`${this.size} worker_connections are not enough`);
      return false;
    }
    this.free--;
    return true;
  }

  /** ngx_free_connection(). */
  release(): void {
    this.free++;
  }

  /** ngx_reusable_connection(c, on). */
  setReusable(c: Reusable, on: boolean): void {
    if (on) this.reusable.add(c);
    else this.reusable.delete(c);
  }

  /** ngx_close_idle_connections(): a worker shutting down closes every idle connection at once. */
  closeIdle(): void {
    for (const c of this.reusable) c.reuse();
    this.reusable.clear();
  }

  /** ngx_drain_connections(), at every take since nginx 1.19.2: with 1/16 or fewer left, the oldest idle ones are closed (one, up to 32). */
  private drain(): void {
    if (this.free > Math.floor(this.size / 16) || !this.reusable.size) return;
    const sec = Math.floor(Date.now() / 1000);
    if (sec !== this.warnedSec) {
      this.warnedSec = sec;
      this.log.write('warn', { message: `${this.size} worker_connections are not enough, reusing connections` });
    }
    let n = Math.max(Math.min(32, Math.floor(this.reusable.size / 8)), 1);
    for (const c of this.reusable) {
      if (n-- === 0) break;
      this.reusable.delete(c);
      c.reuse();
    }
  }
}
