// limit_rate's pacing, as ngx_http_write_filter() does it: by the end of second n of the request
// (counted from its start, the first second whole) a response may have sent rate * n bytes past
// limit_rate_after; what would go beyond waits, and each write is followed by a pause as long as
// its bytes take at the rate. The request is done (logged) once its last byte has gone out.

export class Pacer {
  private readonly queue: Buffer[] = [];
  private timer?: NodeJS.Timeout;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly rate: number,
    private readonly after: number,
    /** When the request began (r->start_sec). */
    private readonly startMs: number,
    private readonly write: (b: Buffer) => void,
  ) {}

  /** The bytes sent so far (c->sent), the head's included. */
  private sent = 0;

  /** Bytes that went out without pacing (the head). */
  count(n: number): void {
    this.sent += n;
  }

  /** Bytes are waiting. */
  get busy(): boolean {
    return this.queue.length > 0;
  }

  push(b: Buffer): void {
    this.queue.push(b);
    if (!this.timer) this.pump();
  }

  /** Calls `cb` once every byte pushed has gone out. */
  onIdle(cb: () => void): void {
    if (!this.busy) cb();
    else this.idle.push(cb);
  }

  /** The response ends without its rest: nothing more goes out. */
  discard(): void {
    clearTimeout(this.timer);
    this.queue.length = 0;
    this.idle.length = 0;
  }

  private pump(): void {
    this.timer = undefined;
    while (this.queue.length) {
      const seconds = Math.floor(Date.now() / 1000) - Math.floor(this.startMs / 1000) + 1;
      const limit = this.rate * seconds - (this.sent - this.after);
      if (limit <= 0) {
        this.timer = setTimeout(() => this.pump(), Math.floor((-limit * 1000) / this.rate) + 1);
        return;
      }
      const head = this.queue[0];
      const n = Math.min(limit, head.length);
      if (n === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(n);
      const before = Math.max(this.sent - this.after, 0);
      this.write(n === head.length ? head : head.subarray(0, n));
      this.sent += n;
      const delay = Math.floor(((Math.max(this.sent - this.after, 0) - before) * 1000) / this.rate);
      if (delay > 0) {
        this.timer = setTimeout(() => this.pump(), delay);
        if (this.queue.length) return;
        break;
      }
    }
    if (!this.queue.length) for (const cb of this.idle.splice(0)) cb();
  }
}
