// One time axis for a run: what the browser or the client sent, what the proxy logged, what the
// admin server received, and what the harness did, linked by request (`/api/x` = `/admin/x`).
import { readFileSync, statSync } from 'node:fs';
import { parseErrorLine } from '../logs/error-log.js';
import { parseAccessLine } from '../logs/access-log.js';

export type Lane = 'browser' | 'client' | 'proxy' | 'admin' | 'harness';

export interface TimelineEvent {
  /** ms since the run started. */
  t: number;
  /** End of a span (a request), ms since the start. */
  end?: number;
  lane: Lane;
  kind: 'request' | 'error-log' | 'access-log' | 'step' | 'fault' | 'observation';
  label: string;
  /** HTTP status, log level, or verdict. */
  detail?: string;
  /** Links events of one request across lanes: method and path below /api or /admin. */
  key?: string;
}

/** `POST /api/employee/login?x` and `POST /admin/employee/login?x` → `POST /employee/login?x`. */
export function requestKey(method: string, url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/(api|admin)(?=\/)/, '');
  return `${method} ${path}`;
}

export class Timeline {
  readonly events: TimelineEvent[] = [];
  readonly start = Date.now();
  private readonly tails: { path: string; offset: number; kind: 'error-log' | 'access-log' }[] = [];
  private timer?: NodeJS.Timeout;

  now(): number {
    return Date.now() - this.start;
  }

  add(e: Omit<TimelineEvent, 't'> & { t?: number }): TimelineEvent {
    const ev = { ...e, t: e.t ?? this.now() };
    this.events.push(ev);
    return ev;
  }

  /** Follows a log file: each new line becomes an event stamped when it appeared. */
  follow(path: string, kind: 'error-log' | 'access-log'): void {
    let offset = 0;
    try {
      offset = statSync(path).size;
    } catch {
      // not yet written
    }
    this.tails.push({ path, offset, kind });
    this.timer ??= setInterval(() => this.poll(), 20);
  }

  /** Reads what the followed logs have gained. */
  poll(): void {
    for (const tail of this.tails) {
      let data: Buffer;
      try {
        data = readFileSync(tail.path);
      } catch {
        continue;
      }
      if (data.length <= tail.offset) continue;
      const text = data.subarray(tail.offset).toString('latin1');
      const complete = text.lastIndexOf('\n');
      if (complete < 0) continue;
      tail.offset += complete + 1;
      for (const line of text.slice(0, complete).split('\n')) {
        if (line.trim()) this.addLogLine(line.replace(/\r$/, ''), tail.kind);
      }
    }
  }

  private addLogLine(line: string, kind: 'error-log' | 'access-log'): void {
    if (kind === 'error-log') {
      const e = parseErrorLine(line);
      const req = e?.request?.split(' ');
      this.add({ lane: 'proxy', kind, label: line, detail: e?.level, key: req && req.length >= 2 ? requestKey(req[0], req[1]) : undefined });
      return;
    }
    const a = parseAccessLine(line);
    const req = a?.request.split(' ');
    this.add({ lane: 'proxy', kind, label: line, detail: a ? String(a.status) : undefined, key: req && req.length >= 2 ? requestKey(req[0], req[1]) : undefined });
  }

  stop(): void {
    this.poll();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  toJSON(): { start: string; events: TimelineEvent[] } {
    return { start: new Date(this.start).toISOString(), events: [...this.events].sort((a, b) => a.t - b.t) };
  }
}
