// The access log, when given, confirms what the browser saw: the status of the request an
// error-log line is about (502 after refused tries, 504 after a timeout, 413, 404), and a summary:
// requests per status, 502/504 per path, and nginx's own proxied requests arriving at itself
// (`"POST /admin/employee/login HTTP/1.0"`); and what it shows alone (access-findings.ts). Its lines
// are read by combined or by the user's log_format (--conf).
import type { ErrorLogEntry } from '../logs/error-log.js';
import { requestOf } from './facts.js';
import { linesOf } from './read.js';
import { accessReader, type AccessRecord } from './log-format.js';
import { AccessFindings } from './access-findings.js';
import type { ConfFacts } from './conf.js';
import type { Incident } from './incident.js';

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/** `$time_local` (`08/Jul/2023:11:08:01 +0800`) or `$time_iso8601` on the same naive clock as the error log's local time. */
function accessSeconds(time: string | undefined): number | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(time ?? '');
  if (iso) return Date.UTC(+iso[1], +iso[2] - 1, +iso[3], +iso[4], +iso[5], +iso[6]) / 1000;
  const m = /^(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})/.exec(time ?? '');
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

/** An access-log line of a request, as an error-log line's request looks it up. */
export interface Seen {
  status: number;
  addr?: string;
  /** `$upstream_addr`, `$upstream_status`, `$request_time`, when the log_format has them. */
  upstreamAddr?: string;
  upstreamStatus?: string;
  requestTime?: number;
  /** `$time_local`: when the answer was logged. */
  time?: string;
}

export interface AccessIndex {
  /** Statuses of the access-log lines for this request (same request line and client) from `from` - 1 s to `to` + 3 s. */
  statuses(e: ErrorLogEntry, from: number | undefined, to: number | undefined): number[];
  /** The same lines, with what the log_format adds to the status. */
  seen(e: ErrorLogEntry, from: number | undefined, to: number | undefined): Seen[];
  /** An error-log line was read: the access-log lines of its request are explained by it. */
  errorLine(e: ErrorLogEntry, t: number | undefined): void;
  /** What the access log shows alone (no error line of theirs). */
  incidents(): Incident[];
  summary: AccessSummary;
}

/** The access log, indexed by request line and second, a line at a time. */
export class AccessIndexer implements AccessIndex {
  readonly summary: AccessSummary = { requests: 0, unrecognised: 0, byStatus: {}, gatewayErrorsByPath: {}, selfProxied: 0 };
  /** `second|request` → the requests of that second; lines without a readable time under `|request`. */
  private bySecond = new Map<string, Seen[]>();
  private anyTime = new Map<string, Seen[]>();
  private readonly read: (text: string, no: number) => AccessRecord | undefined;
  private readonly findings: AccessFindings;

  constructor(conf?: ConfFacts) {
    this.read = accessReader(conf);
    this.findings = new AccessFindings(conf);
  }

  /** An access-log line, `no` its 1-based number. */
  add(text: string, no: number): void {
    if (!text.trim()) return;
    const a = this.read(text, no);
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
    this.findings.add({ ...a, request }, t);
    const key = t === undefined ? request : `${t}|${request}`;
    const map = t === undefined ? this.anyTime : this.bySecond;
    const list = map.get(key) ?? [];
    list.push({ status: a.status, addr: a.remoteAddr, upstreamAddr: a.upstreamAddr, upstreamStatus: a.upstreamStatus, requestTime: a.requestTime, time: a.time });
    map.set(key, list);
  }

  errorLine(e: ErrorLogEntry, t: number | undefined): void {
    this.findings.errorLine(e, t);
  }

  incidents(): Incident[] {
    return this.findings.incidents();
  }

  statuses(e: ErrorLogEntry, from: number | undefined, to: number | undefined): number[] {
    return this.seen(e, from, to).map((s) => s.status);
  }

  seen(e: ErrorLogEntry, from: number | undefined, to: number | undefined): Seen[] {
    const request = e.request ?? '';
    const found: Seen[] = [...(this.anyTime.get(request) ?? [])];
    // A line without a time (nginx's stderr form) has no request either: nothing to look up.
    if (from !== undefined) for (let t = from - 1; t <= (to ?? from) + 3; t++) found.push(...(this.bySecond.get(`${t}|${request}`) ?? []));
    return found.filter((s) => e.client === undefined || s.addr === undefined || s.addr === e.client);
  }
}

/** An access log read piece by piece, indexed. */
export async function indexAccessLog(chunks: AsyncIterable<Uint8Array>, conf?: ConfFacts): Promise<AccessIndex> {
  const index = new AccessIndexer(conf);
  for await (const lines of linesOf(chunks)) for (const r of lines) index.add(r.text, r.no);
  return index;
}
