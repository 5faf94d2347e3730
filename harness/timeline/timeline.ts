// One time axis for a run: what the browser or the client sent, what the proxy logged, what the
// admin server received, and what the harness did. Log lines are stamped by when they were
// written, not when they were read: the last line of each read gets the file's mtime (exact to a
// kernel tick), the others the interval since the file was last looked at. At the end every log
// line and admin request is linked to the browser or client request it belongs to (link.ts).
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { parseErrorLine } from '../logs/error-log.js';
import { parseAccessLine } from '../logs/access-log.js';
import { linkRequests } from './link.js';
import { shortLogLabel } from './labels.js';
import type { AdminShell } from '../../stand-in/admin-server/shell.js';
import type { Lane, TimelineEvent } from './event.js';
import { t } from '../i18n/index.js';

export type { Lane, TimelineEvent };

/** `GET /admin/employee/page?page=1` (or `/api/...`, or absolute-form) → `GET /api/employee/page?page=1`. */
export function requestLineOf(method: string, uri: string): string {
  return `${method} ${uri.replace(/^https?:\/\/[^/]+/, '').replace(/^\/admin(?=\/)/, '/api')}`;
}

/** `POST /api/x HTTP/1.1` (a log's request field) → `POST /api/x`. */
function logRequestLine(request: string | undefined): string | undefined {
  const m = /^(\S+) (\S+)/.exec(request ?? '');
  return m ? requestLineOf(m[1], m[2]) : undefined;
}

interface Tail {
  path: string;
  kind: 'error-log' | 'access-log';
  offset: number;
  /** ms since the start when the file was last seen without the bytes after `offset`. */
  seen: number;
}

export class Timeline {
  readonly events: TimelineEvent[] = [];
  readonly start = Date.now();
  private readonly tails: Tail[] = [];
  private readonly ids = { browser: 0, client: 0 };
  private timer?: NodeJS.Timeout;

  /** pollMs: how often the followed logs are read between the reads a caller asks for (10 ms; 0: only when asked). */
  constructor(private readonly o: { pollMs?: number } = {}) {}

  now(): number {
    return Date.now() - this.start;
  }

  add(e: Omit<TimelineEvent, 't'> & { t?: number }): TimelineEvent {
    const ev = { ...e, t: e.t ?? this.now() };
    this.events.push(ev);
    return ev;
  }

  /** Something the harness did to the stack: `admin.stop`, `restore`. */
  fault(text: string): TimelineEvent {
    return this.add({ lane: 'harness', kind: 'fault', label: text, short: `⚡ ${text}` });
  }

  /** A step of the harness's: a scenario's, or an action of the control page's (`app order`). */
  step(text: string): TimelineEvent {
    return this.add({ lane: 'harness', kind: 'step', label: text });
  }

  /** A browser or client request, with an id of its own; the caller sets `end` and `detail`. */
  request(lane: 'browser' | 'client', method: string, url: string, t?: number): TimelineEvent {
    const id = `${lane[0]}${++this.ids[lane]}`;
    return this.add({ lane, kind: 'request', id, label: `${method} ${url}`, requestLine: requestLineOf(method, url), t });
  }

  /** Follows a log file from its present end. */
  follow(path: string, kind: 'error-log' | 'access-log'): void {
    if (this.tails.some((t) => t.path === path)) return;
    let offset = 0;
    try {
      offset = statSync(path).size;
    } catch {
      // not written yet
    }
    this.tails.push({ path, kind, offset, seen: this.now() });
    // Reads at request boundaries and observations place lines exactly; this catches the rest.
    if (this.o.pollMs !== 0) this.timer ??= setInterval(() => this.poll(), this.o.pollMs ?? 10);
  }

  /** Follows an admin stand-in's request journal: each request when it arrives, its end when it is answered. */
  followAdmin(admin: Pick<AdminShell, 'onRequest'>): () => void {
    // An answer held back may end after the timeline does: the request is on it from its start.
    const open = new Map<object, TimelineEvent>();
    return admin.onRequest((e) => {
      let ev = open.get(e);
      if (!ev) {
        ev = this.add({ lane: 'admin', kind: 'request', label: `${e.method} ${e.url} (on ${e.localAddress})`, short: `unanswered on ${e.localAddress}`, t: e.start - this.start, requestLine: requestLineOf(e.method, e.url) });
        open.set(e, ev);
      }
      if (e.end === undefined) return;
      open.delete(e);
      ev.end = e.end - this.start;
      ev.detail = e.status === undefined ? 'failed' : String(e.status);
      ev.short = t('timeline.label.journal', { status: e.status ?? t('timeline.label.dropped'), address: e.localAddress });
    });
  }

  /** Reads what the followed logs have gained. */
  poll(): void {
    for (const tail of this.tails) {
      const looked = this.now();
      let size: number;
      let mtime: number;
      try {
        ({ size, mtimeMs: mtime } = statSync(tail.path));
      } catch {
        tail.seen = looked;
        continue;
      }
      if (size <= tail.offset) {
        tail.seen = looked;
        continue;
      }
      // Every byte below `size` was written by `mtime`.
      const bytes = Buffer.alloc(size - tail.offset);
      const fd = openSync(tail.path, 'r');
      try {
        readSync(fd, bytes, 0, bytes.length, tail.offset);
      } finally {
        closeSync(fd);
      }
      const text = bytes.toString('latin1');
      const complete = text.lastIndexOf('\n');
      if (complete < 0) continue;
      tail.offset += complete + 1;
      const t = Math.max(Math.round((mtime - this.start) * 10) / 10, tail.seen);
      for (const line of text.slice(0, complete).split('\n')) {
        if (line.trim()) this.addLogLine(line.replace(/\r$/, ''), tail.kind, tail.seen, t);
      }
      // A line cut short by this read began before `looked`: the bound stays where it was.
      if (complete === text.length - 1) tail.seen = looked;
    }
  }

  private addLogLine(line: string, kind: 'error-log' | 'access-log', from: number, t: number): void {
    if (kind === 'error-log') {
      const e = parseErrorLine(line);
      this.add({ lane: 'proxy', kind, label: line, short: e && shortLogLabel(e), detail: e?.level, requestLine: logRequestLine(e?.request), conn: e?.conn, from, t });
      return;
    }
    const a = parseAccessLine(line);
    this.add({ lane: 'proxy', kind, label: line, short: a && String(a.status), detail: a && String(a.status), requestLine: logRequestLine(a?.request), from, t });
  }

  /** Reads the logs a last time, stops following them, and links every line to its request. */
  stop(): void {
    this.poll();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    linkRequests(this.events);
  }

  toJSON(): { start: string; events: TimelineEvent[] } {
    return { start: new Date(this.start).toISOString(), events: [...this.events].sort((a, b) => a.t - b.t) };
  }
}
