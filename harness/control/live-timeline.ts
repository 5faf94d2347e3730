// The timeline of a running stack, as it happens: the chaos run's Timeline (its log reading and
// stamping, its admin journal, its linking: the same code, not a copy) read as soon as a log or the
// admin journal changes (and every TICK_MS where the file system does not tell), and what
// changed handed on in batches: the new marks, and the marks that changed since (an admin
// request answered, a log line linked to its request and moved into its span).
//
// A chaos run knows its browser's requests from the browser; a running stack does not see the
// user's browser. Its /api requests are known from the proxy instead: each access line is the end
// of one, which began with the first trace of it (an error line, the admin server's journal) not
// yet claimed by another. That request is put on the browser's row, and linkRequests() links the
// lines to it as it links a chaos run's.
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { Timeline, type TimelineEvent } from '../timeline/timeline.js';
import { linkRequests } from '../timeline/link.js';
import { colour, markText, rowOf, textWidth, type RowKey } from '../timeline/marks.js';
import type { AdminShell } from '../../stand-in/admin-server/shell.js';

/** How soon after a log changed (or the admin server's journal) it is read and the page told. */
const SOON_MS = 50;
/** How often the logs are read without being told of a change (where the file system tells nothing). */
const TICK_MS = 1000;
/** How long a line may wait for its request (its access line): a request that nginx tries twice for proxy_read_timeout (60 s) each. */
const OPEN_MS = 150_000;
/** The most lines that wait for their request: under a load test's thousands of 404s a second, the newest. */
const MAX_PENDING = 10_000;
/** How long after its end a request may still be given a line (link.ts's AFTER_MS, and a read's lag). */
const LATE_MS = 2_000;
/** The timeline.json keeps this many events, the newest: a load test through the stack must not fill the harness's memory. */
export const MAX_EVENTS = 100_000;
/** ... and events of about this many bytes (eventBytes()): 100,000 error lines of 2 KB each would be ~0.5 GB. */
export const MAX_EVENT_BYTES = 48 * 1024 * 1024;
/** When the timeline is over a limit, it drops this share more than it must: drops are rare. */
const SLACK = 0.1;

/**
 * About what an event costs the harness's heap: its texts (up to two bytes a character) and the
 * object and links around them. Measured: ~775 bytes for an access line of 200 characters and its request.
 */
export function eventBytes(e: TimelineEvent): number {
  return 400 + 2 * (e.label.length + (e.short?.length ?? 0) + (e.detail?.length ?? 0) + (e.requestLine?.length ?? 0));
}

/** A mark as the page draws it. */
export interface WireEvent {
  /** The event's number, which its updates carry. */
  n: number;
  t: number;
  end?: number;
  kind: TimelineEvent['kind'];
  row: RowKey;
  colour: string;
  /** The words beside the mark, and about how wide they are drawn (px, 10 px type). */
  text: string;
  width: number;
  /** The whole text (the log line, the request). */
  label: string;
  detail?: string;
  id?: string;
  request?: string;
}

export interface TimelineBatch {
  events: WireEvent[];
  updates: WireEvent[];
  /** New events left out of `events` (the oldest of a batch larger than a page keeps): they are in timeline.json. */
  skipped: number;
}

/** The most events a batch hands a page: a page keeps no more (page/timeline.js KEEP). */
export const BATCH_EVENTS = 5_000;

export class LiveTimeline {
  /** Read when a log changes (the folder is watched), and every TICK_MS. */
  readonly timeline = new Timeline({ pollMs: 0 });
  /** Events dropped from the front (MAX_EVENTS, MAX_EVENT_BYTES). */
  dropped = 0;
  /** eventBytes() of the events kept, as far as #counted. */
  #bytes = 0;
  #counted = 0;
  readonly #numbers = new WeakMap<TimelineEvent, number>();
  #next = 1;
  /** How far into timeline.events the batches have gone. */
  #seen = 0;
  /** Error lines and admin requests not linked to a request yet, oldest first (the only change they await). */
  readonly #pending = new Set<TimelineEvent>();
  /** Admin requests not answered yet. */
  readonly #unanswered = new Set<TimelineEvent>();
  /** Requests that may still be given a line: in the order they ended, and by request line. */
  readonly #recent: TimelineEvent[] = [];
  readonly #recentByLine = new Map<string, TimelineEvent[]>();
  readonly #timer: NodeJS.Timeout;
  #soon?: NodeJS.Timeout;
  readonly #watcher?: FSWatcher;
  readonly #unfollow?: () => void;

  constructor(
    stack: { prefix: string; adminShell?: Pick<AdminShell, 'onRequest'> },
    private readonly onBatch: (b: TimelineBatch) => void,
  ) {
    const logs = join(stack.prefix, 'logs');
    this.timeline.follow(join(logs, 'error.log'), 'error-log');
    this.timeline.follow(join(logs, 'access.log'), 'access-log');
    const unfollow = stack.adminShell && this.timeline.followAdmin(stack.adminShell);
    const unlisten = stack.adminShell?.onRequest(() => this.#tickSoon());
    this.#unfollow = () => (unfollow?.(), unlisten?.());
    try {
      this.#watcher = watch(logs, { persistent: false }, () => this.#tickSoon());
      this.#watcher.on('error', () => undefined); // the timer reads on
    } catch {
      // no change events here: the timer reads on
    }
    this.#timer = setInterval(() => this.tick(), TICK_MS);
  }

  #tickSoon(): void {
    this.#soon ??= setTimeout(() => {
      this.#soon = undefined;
      this.tick();
    }, SOON_MS);
  }

  /** Every event so far, the dropped ones included. */
  get count(): number {
    return this.timeline.events.length + this.dropped;
  }

  /** The wall-clock time of t = 0 (ms since the epoch). */
  get start(): number {
    return this.timeline.start;
  }

  /** Puts something the harness did on the harness's row at once. */
  mark(kind: 'fault' | 'step', text: string): void {
    if (kind === 'fault') this.timeline.fault(text);
    else this.timeline.step(text);
    this.tick();
  }

  wire(e: TimelineEvent): WireEvent {
    let n = this.#numbers.get(e);
    if (n === undefined) this.#numbers.set(e, (n = this.#next++));
    const text = markText(e);
    return { n, t: e.t, end: e.end, kind: e.kind, row: rowOf(e), colour: colour(e), text, width: Math.round(textWidth(text)), label: e.label, detail: e.detail, id: e.id, request: e.request };
  }

  /** The newest `limit` marks, oldest first. */
  recent(limit: number): WireEvent[] {
    this.tick();
    const events = this.timeline.events;
    return events.slice(Math.max(0, events.length - limit)).map((e) => this.wire(e)).sort((a, b) => a.t - b.t);
  }

  /** Reads the logs, gives the new access lines their requests, links, and hands on what changed. */
  tick(): void {
    this.timeline.poll();
    const events = this.timeline.events;
    const fresh = events.slice(this.#seen);
    const answered = [...this.#unanswered].filter((e) => e.end !== undefined);
    if (!fresh.length && !answered.length) return;
    const now = this.timeline.now();
    const requestFor = this.requestsOf(fresh);
    const requests = [...requestFor.values()];
    this.#seen = events.length;
    this.#remember(requests, now);
    for (const e of this.#pending) if (now - e.t > OPEN_MS) this.#pending.delete(e);
    // Only the requests a line waiting for one could go to (by its request line): a busy log's
    // thousands of others would cost linkRequests() their index at every read.
    const unlinked = [...this.#pending, ...fresh].filter((e) => e.request === undefined && e.requestLine !== undefined);
    const candidates = new Set(unlinked.flatMap((e) => this.#recentByLine.get(e.requestLine!) ?? []));
    linkRequests([...candidates, ...unlinked]);

    // The marks sent before that changed: linked (and moved into their request's span), or answered.
    const linked = [...this.#pending].filter((e) => e.request !== undefined);
    for (const e of linked) this.#pending.delete(e);
    for (const e of answered) this.#unanswered.delete(e);
    const updates = [...new Set([...linked, ...answered])].map((e) => this.wire(e));
    for (const e of fresh) {
      // An access line has its request at once (made from it), or never.
      if (e.request === undefined && e.requestLine !== undefined && (e.kind === 'error-log' || e.lane === 'admin')) this.#pending.add(e);
      if (e.lane === 'admin' && e.end === undefined) this.#unanswered.add(e);
    }
    // A Set keeps the order lines came in: the first are the oldest.
    for (const e of this.#pending) {
      if (this.#pending.size <= MAX_PENDING) break;
      this.#pending.delete(e);
    }
    this.#cap();
    // Each request beside its access line: marks of one time (one read of a busy log) stay in families.
    const batch = fresh.flatMap((e) => {
      const r = e.kind === 'access-log' ? requestFor.get(e) : undefined;
      return r ? [r, e] : [e];
    });
    const wired = batch.map((e) => this.wire(e)).sort((a, b) => a.t - b.t);
    const skipped = Math.max(0, wired.length - BATCH_EVENTS);
    this.onBatch({ events: skipped ? wired.slice(skipped) : wired, updates, skipped });
  }

  /** Adds the new requests to the recent ones, and forgets those that ended more than LATE_MS ago. */
  #remember(requests: TimelineEvent[], now: number): void {
    for (const r of requests) {
      this.#recent.push(r);
      const same = this.#recentByLine.get(r.requestLine!);
      if (same) same.push(r);
      else this.#recentByLine.set(r.requestLine!, [r]);
    }
    let old = 0;
    while (old < this.#recent.length && now - this.#recent[old].end! > LATE_MS) old++;
    for (const r of this.#recent.splice(0, old)) {
      const same = this.#recentByLine.get(r.requestLine!)!;
      same.splice(same.indexOf(r), 1);
      if (!same.length) this.#recentByLine.delete(r.requestLine!);
    }
  }

  /**
   * The /api requests the new access lines end (by their line), in the order they ended: each from
   * the first of its traces (error lines, admin requests with its request line, no other request's
   * yet) to its line. Appended to the events after this tick's fresh ones.
   */
  private requestsOf(fresh: TimelineEvent[]): Map<TimelineEvent, TimelineEvent> {
    const ends = fresh.filter((e) => e.kind === 'access-log' && e.requestLine?.includes(' /api/')).sort((a, b) => a.t - b.t);
    const requestFor = new Map<TimelineEvent, TimelineEvent>();
    if (!ends.length) return requestFor;
    const traces = new Map<string, TimelineEvent[]>();
    for (const e of [...this.#pending, ...fresh]) {
      if (e.request !== undefined || e.requestLine === undefined || (e.kind !== 'error-log' && e.lane !== 'admin')) continue;
      const same = traces.get(e.requestLine);
      if (same) same.push(e);
      else traces.set(e.requestLine, [e]);
    }
    // A line's t is when its read saw the file written (reads follow each change within SOON_MS);
    // its `from` is only when the file was last read before, up to TICK_MS earlier.
    const at = (e: TimelineEvent) => e.t;
    for (const same of traces.values()) same.sort((a, b) => at(a) - at(b));
    for (const access of ends) {
      const line = access.requestLine!;
      const same = traces.get(line) ?? [];
      let start = access.t;
      // Traces up to this line are its own; a later line's request begins after them.
      while (same.length && at(same[0]) <= access.t) {
        const trace = same.shift()!;
        if (access.t - at(trace) <= OPEN_MS) start = Math.min(start, at(trace));
      }
      const [method, uri] = line.split(' ');
      const r = this.timeline.request('browser', method, uri, start);
      r.end = access.t;
      r.detail = access.detail;
      requestFor.set(access, r);
    }
    return requestFor;
  }

  /** The oldest events are dropped when more than MAX_EVENTS are kept, or more than MAX_EVENT_BYTES. */
  #cap(): void {
    const events = this.timeline.events;
    for (; this.#counted < events.length; this.#counted++) this.#bytes += eventBytes(events[this.#counted]);
    if (events.length <= MAX_EVENTS && this.#bytes <= MAX_EVENT_BYTES) return;
    const keepEvents = MAX_EVENTS * (1 - SLACK);
    const keepBytes = MAX_EVENT_BYTES * (1 - SLACK);
    let drop = 0;
    while (drop < events.length && (events.length - drop > keepEvents || this.#bytes > keepBytes)) this.#bytes -= eventBytes(events[drop++]);
    events.splice(0, drop);
    this.#seen -= drop;
    this.#counted -= drop;
    this.dropped += drop;
  }

  toJSON(): { start: string; dropped: number; events: TimelineEvent[] } {
    this.tick();
    return { ...this.timeline.toJSON(), dropped: this.dropped };
  }

  stop(): void {
    clearInterval(this.#timer);
    clearTimeout(this.#soon);
    this.#watcher?.close();
    this.#unfollow?.();
    this.timeline.stop();
  }
}
