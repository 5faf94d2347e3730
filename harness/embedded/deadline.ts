// A timeout that is armed and cleared far more often than it expires (a connection's
// keepalive_timeout, its upstream's proxy_read_timeout, an idle upstream connection's timeout:
// each set again for every request). nginx leaves such a timer in its tree when the new time is
// close to the old one (NGX_TIMER_LAZY_DELAY); here a deadline moved later, or cleared, costs no
// timer call: the Node timer already set fires at the old time, finds the deadline moved, and is
// set again for the rest. Only a deadline moved earlier sets a new one.
// nginx handles the events that are ready before it expires timers; Node runs timers first. So an
// expiry is confirmed after the loop's poll phase (setImmediate): a worker that was not given the
// CPU until after its deadline (a loaded machine) reads an answer that came in time, as nginx does.
const NOTHING = (): void => undefined;

export class Deadline {
  /** When it expires (Date.now() time); 0: not armed. */
  private at = 0;
  /** When the Node timer set fires, if one is set. */
  private firesAt = 0;
  private timer?: NodeJS.Timeout;
  private onExpiry: () => void = NOTHING;

  /** Expires `ms` from now (none when `ms` <= 0), calling `onExpiry`. */
  arm(ms: number, onExpiry: () => void): void {
    if (ms <= 0) {
      this.at = 0;
      return;
    }
    this.at = Date.now() + ms;
    this.onExpiry = onExpiry;
    if (this.timer && this.firesAt <= this.at) return;
    this.set(ms);
  }

  /** Not to expire (the Node timer, if set, fires and finds nothing to do). */
  clear(): void {
    this.at = 0;
    // What it would have called is not kept alive until then.
    this.onExpiry = NOTHING;
  }

  /** Cleared, and its Node timer too: for an owner that is done with it (a closed connection). */
  stop(): void {
    this.at = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private set(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.firesAt = Date.now() + ms;
    this.timer = setTimeout(this.fire, ms);
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    if (!this.at) return;
    const left = this.at - Date.now();
    if (left > 0) return this.set(left);
    const at = this.at;
    setImmediate(() => {
      // What was read meanwhile moved or cleared it.
      if (this.at !== at || this.timer) return;
      this.at = 0;
      this.onExpiry();
    });
  };
}
