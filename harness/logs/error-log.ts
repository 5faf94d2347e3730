// nginx's error.log line: the one place that writes it and the one place that reads it.
// Format (src/core/ngx_log.c, src/http/ngx_http_request.c ngx_http_log_error_handler):
//   YYYY/MM/DD HH:MM:SS [level] PID#TID: *CONN message (errno: text) while action, client: ..., server: ...,
//   request: "...", subrequest: "...", upstream: "...", host: "...", referrer: "..."
// and the stderr form nginx prints at start-up: `nginx: [emerg] message`.

export const LEVELS = ['emerg', 'alert', 'crit', 'error', 'warn', 'notice', 'info', 'debug'] as const;
export type Level = (typeof LEVELS)[number];

/** True when a line of `level` is written by a log configured at `threshold` (nginx: level <= log->log_level). */
export function levelEnabled(level: Level, threshold: Level): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(threshold);
}

export function isLevel(s: string): s is Level {
  return (LEVELS as readonly string[]).includes(s);
}

/** The request context nginx appends to lines bound to a connection, in its fixed order. */
export interface LogContext {
  client?: string;
  server?: string;
  request?: string;
  subrequest?: string;
  upstream?: string;
  host?: string;
  referrer?: string;
}

const QUOTED_FIELDS = new Set(['request', 'subrequest', 'upstream', 'host', 'referrer']);
const FIELD_ORDER: (keyof LogContext)[] = ['client', 'server', 'request', 'subrequest', 'upstream', 'host', 'referrer'];

export interface Errno {
  /** Decimal errno, or the upper-case hex text Windows nginx prints for codes >= 0x80000000. */
  code: number | string;
  text: string;
}

export interface ErrorLogEntry extends LogContext {
  /** `YYYY/MM/DD HH:MM:SS` exactly as written (local time, no zone). Absent in the stderr form. */
  time?: string;
  level: Level;
  pid?: number;
  tid?: number;
  /** The `*N` connection number, present only on lines bound to a connection. */
  conn?: number;
  /** The message proper, without the errno part, the `while` part and the context. */
  message: string;
  errno?: Errno;
  /** The `while ...` part (ngx_http_log_error's `log->action`). */
  action?: string;
  /** `nginx: [emerg] ...` as printed on stderr at start-up. */
  stderr?: boolean;
  /** The line stopped before its end (nginx's 2048-byte limit, or a cut in copying). */
  truncated?: boolean;
}

export function formatTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The body of a line after `PID#TID: ` (shared by the file form and the stderr form). */
function formatBody(e: Omit<ErrorLogEntry, 'level'>): string {
  let s = e.conn !== undefined ? `*${e.conn} ${e.message}` : e.message;
  if (e.errno) s += ` (${e.errno.code}: ${e.errno.text})`;
  if (e.action) s += ` while ${e.action}`;
  for (const f of FIELD_ORDER) {
    const v = e[f];
    if (v === undefined) continue;
    s += QUOTED_FIELDS.has(f) ? `, ${f}: "${v}"` : `, ${f}: ${v}`;
  }
  return s;
}

/** One error-log line, without its line ending (the OS profile adds LF or CRLF). */
export function formatErrorLine(e: ErrorLogEntry & { time: string; pid: number; tid: number }): string {
  return `${e.time} [${e.level}] ${e.pid}#${e.tid}: ${formatBody(e)}`;
}

/** nginx's short start-up form on stderr: `nginx: [emerg] message`. */
export function formatStderrLine(e: Pick<ErrorLogEntry, 'level' | 'message' | 'errno'>): string {
  return `nginx: [${e.level}] ${formatBody(e)}`;
}

const HEAD = /^(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}) \[([a-z]+)\] (\d+)#(\d+): (?:\*(\d+) )?/;
const STDERR_HEAD = /^nginx: \[([a-z]+)\] /;
// errno part: ` (111: Connection refused)`, ` (10061: No connection ...)`, ` (C0000142: ...)`,
// and texts that hold parentheses themselves: ` (10060: FormatMessage() error:(317))`.
const ERRNO = / \((\d+|[0-9A-F]{8}): ((?:[^()]|\([^()]*\))*)\)(?= while |, client: |$)/;
const WHILE = / while ((?:(?!, client: ).)*)/;

/**
 * Parses one error-log line (LF, CRLF or no line end). Returns undefined for a line that is not an
 * nginx error-log line at all; a line cut short parses as far as it goes, with `truncated` set.
 */
export function parseErrorLine(raw: string): ErrorLogEntry | undefined {
  const line = raw.replace(/\r?\n$/, '').replace(/\r$/, '');
  let rest: string;
  let entry: ErrorLogEntry;
  const m = HEAD.exec(line);
  if (m) {
    if (!isLevel(m[2])) return undefined;
    entry = { time: m[1], level: m[2], pid: Number(m[3]), tid: Number(m[4]), message: '' };
    if (m[5] !== undefined) entry.conn = Number(m[5]);
    rest = line.slice(m[0].length);
  } else {
    const s = STDERR_HEAD.exec(line);
    if (!s || !isLevel(s[1])) return undefined;
    entry = { level: s[1], message: '', stderr: true };
    rest = line.slice(s[0].length);
  }

  // Split off the context: it starts at the first `, client: ` (master lines have none).
  const ctxAt = rest.indexOf(', client: ');
  let main = ctxAt >= 0 ? rest.slice(0, ctxAt) : rest;
  if (ctxAt >= 0) parseContext(rest.slice(ctxAt), entry);

  const w = WHILE.exec(main);
  if (w) {
    entry.action = w[1];
    main = main.slice(0, w.index);
  }
  const e = ERRNO.exec(main);
  if (e) {
    entry.errno = { code: /^\d+$/.test(e[1]) ? Number(e[1]) : e[1], text: e[2] };
    main = main.slice(0, e.index) + main.slice(e.index + e[0].length);
  }
  entry.message = main;
  if (ctxAt < 0 && !e && /\(\d+: [^)]*$/.test(main)) entry.truncated = true;
  return entry;
}

function parseContext(ctx: string, entry: ErrorLogEntry): void {
  // `, name: value` pairs; quoted values may hold `, ` so read them up to the closing `"` that
  // is followed by `, <field>: ` or the end of the line.
  const names = FIELD_ORDER.join('|');
  const re = new RegExp(`, (${names}): `, 'g');
  const starts: { name: keyof LogContext; at: number; valueAt: number }[] = [];
  for (let m = re.exec(ctx); m; m = re.exec(ctx)) {
    starts.push({ name: m[1] as keyof LogContext, at: m.index, valueAt: m.index + m[0].length });
  }
  // Keep only field starts that appear in nginx's order (a `, host: ` inside a quoted request
  // line would otherwise be taken for a field).
  let order = -1;
  const fields = starts.filter((s) => {
    const i = FIELD_ORDER.indexOf(s.name);
    if (i <= order) return false;
    if (QUOTED_FIELDS.has(s.name) && ctx[s.valueAt] !== '"') return false;
    order = i;
    return true;
  });
  fields.forEach((f, i) => {
    const end = i + 1 < fields.length ? fields[i + 1].at : ctx.length;
    let v = ctx.slice(f.valueAt, end);
    if (QUOTED_FIELDS.has(f.name)) {
      if (v.length >= 2 && v.endsWith('"')) v = v.slice(1, -1);
      else {
        v = v.slice(1);
        entry.truncated = true;
      }
    }
    entry[f.name] = v;
  });
}
