// nginx's `combined` access-log format, written and read in one place:
//   $remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"

export interface AccessLogEntry {
  remoteAddr: string;
  remoteUser?: string;
  /** `$time_local`: `22/Nov/2026:07:09:23 +0000`. */
  time: string;
  request: string;
  status: number;
  bodyBytesSent: number;
  referer?: string;
  userAgent?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatTimeLocal(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off);
  return `${p(d.getDate())}/${MONTHS[d.getMonth()]}/${d.getFullYear()}:${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${sign}${p(Math.floor(a / 60))}${p(a % 60)}`;
}

/** `$time_iso8601`: local time with the offset as `+hh:mm`. */
export function formatIso8601(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const a = Math.abs(off);
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}${off < 0 ? '-' : '+'}${p(Math.floor(a / 60))}:${p(a % 60)}`;
}

const NEEDS_ESCAPE = /[\x00-\x1f\x22\x5c\x7f-\uffff]/;

/**
 * ngx_http_log_escape(): `"`, `\`, control bytes and bytes >= 0x7f become `\xHH`. The input is a
 * latin1 ("binary") string holding the raw bytes, as the proxy keeps request lines and headers.
 */
export function escapeLogValue(v: string): string {
  if (!NEEDS_ESCAPE.test(v)) return v;
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f || c === 0x22 || c === 0x5c) out += '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
    else out += v[i];
  }
  return out;
}

/** A variable that is not set is `-`; one that is set but empty (`User-Agent:`) prints nothing. */
const dash = (v: string | undefined) => (v === undefined ? '-' : escapeLogValue(v));

export function formatAccessLine(e: AccessLogEntry): string {
  // $status is %03ui: an HTTP/0.9 answer's 9 is 009.
  return `${e.remoteAddr} - ${dash(e.remoteUser)} [${e.time}] "${dash(e.request)}" ${String(e.status).padStart(3, '0')} ${e.bodyBytesSent} "${dash(e.referer)}" "${dash(e.userAgent)}"`;
}

const LINE = /^(\S+) - (\S+) \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}) (\d+) "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"\r?$/;

export function parseAccessLine(line: string): AccessLogEntry | undefined {
  const m = LINE.exec(line.replace(/\n$/, ''));
  if (!m) return undefined;
  const opt = (v: string) => (v === '-' ? undefined : v);
  return {
    remoteAddr: m[1],
    remoteUser: opt(m[2]),
    time: m[3],
    request: m[4],
    status: Number(m[5]),
    bodyBytesSent: Number(m[6]),
    referer: opt(m[7]),
    userAgent: opt(m[8]),
  };
}
