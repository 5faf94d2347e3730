// The access log, when given, confirms what the browser saw: the status of the request an
// error-log line is about (502 after refused tries, 504 after a timeout, 413, 404), and a summary:
// requests per status, 502/504 per path, and nginx's own proxied requests arriving at itself
// (`"POST /admin/employee/login HTTP/1.0"`).
import { parseAccessLine } from '../logs/access-log.js';
import type { ErrorLogEntry } from '../logs/error-log.js';
import { requestOf } from './facts.js';
import { linesOf } from './read.js';

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/** `$time_local` (`08/Jul/2023:11:08:01 +0800`) on the same naive clock as the error log's local time. */
function accessSeconds(time: string): number | undefined {
  const m = /^(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})/.exec(time);
  if (!m || MONTHS[m[2]] === undefined) return undefined;
  return Date.UTC(+m[3], MONTHS[m[2]], +m[1], +m[4], +m[5], +m[6]) / 1000;
}

const unescape = (v: string) => v.replace(/\\x([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

export interface AccessSummary {
  requests: number;
  unrecognised: number;
  byStatus: Record<string, number>;
  /** 502/504 answers per request path. */
  gatewayErrorsByPath: Record<string, number>;
  /** `POST /admin/... HTTP/1.0` requests: nginx's own proxied requests arriving at itself. */
  selfProxied: number;
}

interface Seen {
  status: number;
  addr: string;
}

export interface AccessIndex {
  /** Statuses of the access-log lines for this request (same request line and client) from `from` - 1 s to `to` + 3 s. */
  statuses(e: ErrorLogEntry, from: number | undefined, to: number | undefined): number[];
  summary: AccessSummary;
}

/** The access log, indexed by request line and second, a line at a time. */
export class AccessIndexer implements AccessIndex {
  readonly summary: AccessSummary = { requests: 0, unrecognised: 0, byStatus: {}, gatewayErrorsByPath: {}, selfProxied: 0 };
  /** `second|request` → the requests of that second; lines without a readable time under `|request`. */
  private bySecond = new Map<string, Seen[]>();
  private anyTime = new Map<string, Seen[]>();

  add(text: string): void {
    if (!text.trim()) return;
    const a = parseAccessLine(text);
    if (!a) {
      this.summary.unrecognised++;
      return;
    }
    const s = this.summary;
    const request = unescape(a.request);
    s.requests++;
    s.byStatus[a.status] = (s.byStatus[a.status] ?? 0) + 1;
    const r = requestOf(request);
    if ((a.status === 502 || a.status === 504) && r) s.gatewayErrorsByPath[r.path] = (s.gatewayErrorsByPath[r.path] ?? 0) + 1;
    if (r && /^\/admin\//.test(r.path) && r.proto === 'HTTP/1.0') s.selfProxied++;
    const t = accessSeconds(a.time);
    const key = t === undefined ? request : `${t}|${request}`;
    const map = t === undefined ? this.anyTime : this.bySecond;
    const list = map.get(key) ?? [];
    list.push({ status: a.status, addr: a.remoteAddr });
    map.set(key, list);
  }

  statuses(e: ErrorLogEntry, from: number | undefined, to: number | undefined): number[] {
    const request = e.request ?? '';
    const found: Seen[] = [...(this.anyTime.get(request) ?? [])];
    // A line without a time (nginx's stderr form) has no request either: nothing to look up.
    if (from !== undefined) for (let t = from - 1; t <= (to ?? from) + 3; t++) found.push(...(this.bySecond.get(`${t}|${request}`) ?? []));
    return found.filter((s) => e.client === undefined || s.addr === e.client).map((s) => s.status);
  }
}

/** An access log read piece by piece, indexed. */
export async function indexAccessLog(chunks: AsyncIterable<Uint8Array>): Promise<AccessIndex> {
  const index = new AccessIndexer();
  for await (const lines of linesOf(chunks)) for (const r of lines) index.add(r.text);
  return index;
}
