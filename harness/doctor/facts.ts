// Small readings of an error-log entry that several conditions share: the time in seconds, the
// upstream peer, the request line, the Host header's port, the path in a message, and how a path
// is shown to a Windows or a Linux user.
import { isIPv4, isIPv6 } from 'node:net';
import type { ErrorLogEntry } from '../logs/error-log.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'doctor.theRequest': 'the request',
    'doctor.failed': 'failed',
  },
  'zh-CN': {
    'doctor.theRequest': '该请求',
    'doctor.failed': '失败',
  },
});

/**
 * A copy of a text built from pieces of log lines that does not keep those lines alive (V8 keeps a
 * substring as a view of its whole line): concatenating flattens into a new string, slicing drops the space.
 */
export function detached(s: string): string {
  return (' ' + s).slice(1);
}

/** `YYYY/MM/DD HH:MM:SS` (local time, as nginx writes it) as seconds on one naive clock. */
export function seconds(time: string | undefined): number | undefined {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(time ?? '');
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000 : undefined;
}

/**
 * `connect() failed` (or `connect() to ADDRESS failed`, or on macOS and the BSDs `kevent() reported
 * that connect() failed`): nginx's connect to a peer, whatever its errno.
 */
export function isConnectFailure(e: ErrorLogEntry): boolean {
  return /^(?:kevent\(\) reported that )?connect\(\) (?:to \S+ )?failed$/.test(e.message);
}

export interface Peer {
  /** `::1`, `127.0.0.1`, `localhost` (the group name of `no live upstreams`). */
  host: string;
  port?: number;
  family?: 4 | 6;
  /** As nginx prints it: `[::1]:8080`. */
  text: string;
  /** The URI sent upstream: `/admin/employee/login`. */
  uri: string;
}

export function peerOf(upstream: string | undefined): Peer | undefined {
  const m = /^[a-z]+:\/\/(\[[^\]]*\]|[^/:?]+)(?::(\d+))?([/?].*)?$/.exec(upstream ?? '');
  if (!m) return undefined;
  const host = m[1].replace(/^\[|\]$/g, '');
  const family = isIPv4(host) ? 4 : isIPv6(host) ? 6 : undefined;
  return { host, port: m[2] ? Number(m[2]) : undefined, family, text: m[1] + (m[2] ? ':' + m[2] : ''), uri: m[3] ?? '/' };
}

/**
 * The upstream peer a line names. In a line cut inside the address, what is cut is left out: the
 * port of `"http://127.0.0.1:80` (of :8080), the whole peer of `"http://127.0.`.
 */
export function linePeer(e: ErrorLogEntry): Peer | undefined {
  const p = peerOf(e.upstream);
  const whole = e.cutField !== 'upstream' || /^[a-z]+:\/\/[^/?]+[/?]/.test(e.upstream ?? '');
  if (!p || whole) return p;
  return p.port === undefined ? undefined : { ...p, port: undefined, text: p.text.replace(/:\d+$/, '') };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export interface RequestLine {
  method: string;
  /** The request target: `/api/employee/login?x=1`. */
  uri: string;
  /** Without the query string. */
  path: string;
  proto?: string;
}

export function requestOf(request: string | undefined): RequestLine | undefined {
  const m = /^([A-Z]+) (\S+)(?: (HTTP\/\d\.\d))?/.exec(request ?? '');
  if (!m) return undefined;
  return { method: m[1], uri: m[2], path: m[2].replace(/\?.*$/, ''), proto: m[3] };
}

/** `POST /api/employee/login` (the request line without the protocol). */
export function shortRequest(request: string | undefined): string {
  const r = requestOf(request);
  return r ? `${r.method} ${r.uri}` : (request ?? t('doctor.theRequest'));
}

/** Methods nginx passes to the next upstream after the request was sent (not POST, LOCK, PATCH). */
export function idempotent(method: string | undefined): boolean {
  return method !== undefined && !['POST', 'LOCK', 'PATCH'].includes(method);
}

/** The port of a Host header value (`localhost:8545` → 8545, `localhost` → 80, `[::1]:8080` → 8080). */
export function hostPort(host: string | undefined): number | undefined {
  if (host === undefined || host === '') return undefined;
  const m = /^(?:\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host);
  if (!m) return undefined;
  return m[1] ? Number(m[1]) : 80;
}

/** The first double-quoted part of a message: the path of `CreateFile() "..." failed`. */
export function quoted(message: string): string | undefined {
  const m = /"([^"]*)"/.exec(message);
  return m ? m[1] : undefined;
}

export function nonAscii(s: string): boolean {
  return /[^\x00-\x7f]/.test(s);
}

/** A path as Windows nginx prints it: the prefix with backslashes, then forward slashes. */
export function isWindowsPath(p: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\') || p.includes('\\');
}

/** A path the way its user types it: all backslashes on Windows. */
export function showPath(p: string): string {
  return isWindowsPath(p) ? p.replace(/\//g, '\\') : p;
}

export function parentOf(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i > 0 ? p.slice(0, i) : p;
}

export function baseName(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return p.slice(i + 1);
}

/** nginx's own folder in a path it printed: what comes before `/conf/`, `/temp/`, `/html/`, `/logs/`. */
export function nginxFolder(p: string): string | undefined {
  const m = /^(.*?)[\\/](?:conf|temp|html|logs)(?:[\\/]|$)/.exec(p);
  return m ? m[1] : undefined;
}

// Linux, Winsock, and macOS/BSD numbers (61, 60, 54, 51, 65) of the same errors.
const REFUSED = new Set([111, 10061, 61]);
const TIMED_OUT = new Set([110, 10060, 60]);
// ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN and their Winsock twins.
const UNREACHABLE = new Set([100, 101, 112, 113, 10050, 10051, 10064, 10065, 50, 51, 64, 65]);
const RESET = new Set([32, 54, 104, 10053, 10054]);
const DENIED = new Set([5, 13]);
const NOT_FOUND = new Set([2, 3, 20]);
const TOO_MANY_FILES = new Set([24, 10024]);
// EROFS, the same number on Linux, macOS and the BSDs.
const READ_ONLY = new Set([30]);

export const errnoIs = {
  refused: (e: ErrorLogEntry) => REFUSED.has(Number(e.errno?.code)),
  timedOut: (e: ErrorLogEntry) => TIMED_OUT.has(Number(e.errno?.code)),
  unreachable: (e: ErrorLogEntry) => UNREACHABLE.has(Number(e.errno?.code)),
  reset: (e: ErrorLogEntry) => RESET.has(Number(e.errno?.code)),
  denied: (e: ErrorLogEntry) => DENIED.has(Number(e.errno?.code)),
  notFound: (e: ErrorLogEntry) => NOT_FOUND.has(Number(e.errno?.code)),
  tooManyFiles: (e: ErrorLogEntry) => TOO_MANY_FILES.has(Number(e.errno?.code)),
  readOnly: (e: ErrorLogEntry) => READ_ONLY.has(Number(e.errno?.code)) && !looksWindows(e),
};

/** `(111: Connection refused)` as nginx printed it, or `failed` when it printed no errno. */
export const errText = (e: ErrorLogEntry) => (e.errno ? `${e.errno.code}: ${e.errno.text}` : t('doctor.failed'));

/** Windows wording (10061, CreateFile(), backslashes) or Linux wording (111, open(), slashes). */
export function looksWindows(e: ErrorLogEntry): boolean {
  const code = Number(e.errno?.code);
  if (code >= 10000 || code === 1113) return true;
  if (/^(CreateFile|CreateDirectory|OpenEvent|WSA\w+|GetFileAttributesEx|FindFirstFile)\(/.test(e.message)) return true;
  if (/exited with code [0-9A-F]{8}\b/.test(e.message)) return true;
  const path = quoted(e.message);
  if (path !== undefined && isWindowsPath(path)) return true;
  if (e.conf && isWindowsPath(e.conf.file)) return true;
  // The thread id differs from the pid on Windows; Linux prints the pid twice (or 0).
  return e.pid !== undefined && e.tid !== undefined && e.tid !== e.pid && e.tid !== 0;
}

/** `[1,2,3,5,7,8]` → `1-3, 5, 7-8`. */
export function ranges(nums: number[]): string {
  const out: string[] = [];
  const s = [...nums].sort((a, b) => a - b);
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    out.push(j > i ? `${s[i]}-${s[j]}` : `${s[i]}`);
    i = j + 1;
  }
  return out.join(', ');
}

export interface FileOp {
  /** `CreateFile`, `CreateDirectory`, `open`, `mkdir`, ...; `index` for `"..." is not found`. */
  fn: string;
  path: string;
}

/** A failed file operation: `CreateFile() "path" failed`, `"path/index.html" is not found`, ... */
export function fileOp(e: ErrorLogEntry): FileOp | undefined {
  // Every form quotes its path: most lines (connects, timeouts) are out at once.
  if (!e.message.includes('"')) return undefined;
  let m = /^(?:could not open error log file: )?([A-Za-z]\w*)\(\) "(.*)" failed$/.exec(e.message);
  if (m) return { fn: m[1], path: m[2] };
  m = /^"(.*)" is (?:not found|forbidden)$/.exec(e.message);
  if (m) return { fn: 'index', path: m[1] };
  m = /^directory index of "(.*)" is forbidden$/.exec(e.message);
  if (m) return { fn: 'autoindex', path: m[1] };
  return undefined;
}
