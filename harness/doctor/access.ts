// The access log, when given, confirms what the browser saw: the status of the request an
// error-log line is about (502 after refused tries, 504 after a timeout, 413, 404), and a summary:
// requests per status, 502/504 per path, and nginx's own proxied requests arriving at itself
// (`"POST /admin/employee/login HTTP/1.0"`).
import { parseAccessLine } from '../logs/access-log.js';
import type { ErrorLogEntry } from '../logs/error-log.js';
import type { AccessSummary } from './types.js';
import { requestOf } from './facts.js';
import { splitLines } from './read.js';

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/** `$time_local` (`08/Jul/2023:11:08:01 +0800`) on the same naive clock as the error log's local time. */
function accessSeconds(time: string): number | undefined {
  const m = /^(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})/.exec(time);
  if (!m || MONTHS[m[2]] === undefined) return undefined;
  return Date.UTC(+m[3], MONTHS[m[2]], +m[1], +m[4], +m[5], +m[6]) / 1000;
}

const unescape = (v: string) => v.replace(/\\x([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

interface Seen {
  t?: number;
  status: number;
  addr: string;
}

export interface AccessIndex {
  /** Statuses of the access-log lines for this request (same request line and client) from `from` - 1 s to `to` + 3 s. */
  statuses(e: ErrorLogEntry, from: number | undefined, to: number | undefined): number[];
  summary: AccessSummary;
}

export function indexAccess(bytes: Uint8Array): AccessIndex {
  const byRequest = new Map<string, Seen[]>();
  const summary: AccessSummary = { requests: 0, unrecognised: 0, byStatus: {}, gatewayErrorsByPath: {}, selfProxied: 0 };
  for (const raw of splitLines(bytes)) {
    if (!raw.text.trim()) continue;
    const a = parseAccessLine(raw.text);
    if (!a) {
      summary.unrecognised++;
      continue;
    }
    const request = unescape(a.request);
    summary.requests++;
    summary.byStatus[a.status] = (summary.byStatus[a.status] ?? 0) + 1;
    const r = requestOf(request);
    if ((a.status === 502 || a.status === 504) && r) summary.gatewayErrorsByPath[r.path] = (summary.gatewayErrorsByPath[r.path] ?? 0) + 1;
    if (r && /^\/admin\//.test(r.path) && r.proto === 'HTTP/1.0') summary.selfProxied++;
    const list = byRequest.get(request) ?? [];
    list.push({ t: accessSeconds(a.time), status: a.status, addr: a.remoteAddr });
    byRequest.set(request, list);
  }
  return {
    summary,
    statuses(e, from, to) {
      const list = byRequest.get(e.request ?? '') ?? [];
      return list
        .filter((s) => (e.client === undefined || s.addr === e.client) && (from === undefined || s.t === undefined || (s.t >= from - 1 && s.t <= (to ?? from) + 3)))
        .map((s) => s.status);
    },
  };
}
