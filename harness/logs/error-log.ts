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
  /**
   * ` in <file>:<line>` that ngx_conf_log_error() puts after the errno part of a configuration
   * error: `host not found in upstream "x" in D:\nginx/conf/nginx.conf:69`.
   */
  conf?: { file: string; line: number };
  /** `nginx: [emerg] ...` as printed on stderr at start-up. */
  stderr?: boolean;
  /** The line stopped before its end (nginx's 2048-byte limit, or a cut in copying). */
  truncated?: boolean;
  /** The context field the line stopped in: its value is cut short. */
  cutField?: keyof LogContext;
}

export function formatTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The body of a line after `PID#TID: ` (shared by the file form and the stderr form). */
function formatBody(e: Omit<ErrorLogEntry, 'level'>): string {
  let s = e.conn !== undefined ? `*${e.conn} ${e.message}` : e.message;
  if (e.errno) s += ` (${e.errno.code}: ${e.errno.text})`;
  if (e.conf) s += ` in ${e.conf.file}:${e.conf.line}`;
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
// The errno part ends the message (before ` while ...`, ` in file:line` and the context):
// ` (111: Connection refused)`, ` (10061: No connection ...)`, the hex codes Windows prints for
// values >= 0x80000000, and texts that hold parentheses themselves: ` (10060: FormatMessage() error:(317))`.
const ERRNO_AT_END = / \((\d+|[0-9A-F]{8}): ((?:[^()]|\([^()]*\))*)\)$/;
// The same part cut short: ` (10061: No connection could be ma`, ` (10061:`.
const ERRNO_CUT = / \((\d+|[0-9A-F]{8}):(?: ([^()]*))?$/;
// ` while` cut short: ` `, ` w`, ` wh`, ...
const WHILE_CUT = / (?:w(?:h(?:i(?:l(?:e)?)?)?)?)?$/;
// ` in <file>:<line>` of a configuration error; nginx prints the file's full path.
const CONF_AT_END = / in ((?:[A-Za-z]:[\\/]|\/|\\\\)[^"]*?):(\d+)$/;
const CLIENT = ', client: ';

/**
 * Parses one error-log line (LF, CRLF or no line end). Returns undefined for a line that is not an
 * nginx error-log line at all; a line cut short parses as far as it goes, with `truncated` set.
 */
export function parseErrorLine(raw: string): ErrorLogEntry | undefined {
  const line = raw.replace(/\r?\n$/, '').replace(/\r$/, '').replace(/^\uFEFF/, '');
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

  // The context starts at a `, client: `. The message may itself hold that text (a quoted path),
  // so the first one after which the rest reads as a whole context wins; a line cut short has
  // none that does, and then the first one is taken.
  let main = rest;
  let context: ContextField[] | undefined;
  const starts: number[] = [];
  for (let at = rest.indexOf(CLIENT); at >= 0; at = rest.indexOf(CLIENT, at + 1)) starts.push(at);
  for (const at of starts) {
    const best = plainContext(rest.slice(at)) ?? bestContext(rest.slice(at));
    if (best) {
      context = best.fields;
      main = rest.slice(0, at);
      break;
    }
  }
  if (!context && starts.length) {
    context = cutContext(rest.slice(starts[0]));
    main = rest.slice(0, starts[0]);
  }
  // A line that stops right after a field's name (`, client: `) is cut there.
  const lastField = context?.[context.length - 1];
  if (lastField && lastField.value === '' && !QUOTED_FIELDS.has(lastField.name)) lastField.cut = true;
  for (const f of context ?? []) {
    entry[f.name] = f.value;
    if (f.cut) {
      entry.truncated = true;
      entry.cutField = f.name;
    }
  }
  if (!context) {
    // A line cut inside `, client: ` itself.
    for (let k = CLIENT.length - 1; k >= 2; k--) {
      if (main.endsWith(CLIENT.slice(0, k))) {
        main = main.slice(0, -k);
        entry.truncated = true;
        break;
      }
    }
    const c = CONF_AT_END.exec(main);
    // Not inside a quoted text that goes on in the next line (PHP's "... in /app/x.php:18").
    if (c && (main.slice(0, c.index).split('"').length - 1) % 2 === 0) {
      entry.conf = { file: c[1], line: Number(c[2]) };
      main = main.slice(0, c.index);
    }
    // A line cut inside ` while` itself, right after its errno part: `... refused it) whi`.
    const w = WHILE_CUT.exec(main);
    if (w && ERRNO_AT_END.test(main.slice(0, w.index))) {
      main = main.slice(0, w.index);
      entry.truncated = true;
    }
  }

  // message [errno] [while action]: the errno part sits right before the action, or at the end.
  // Without an errno, the action is what follows the last ` while ` (fork() failed while spawning
  // "worker process" (11: ...) keeps its ` while ` in the message: its errno comes after it).
  let errno = ERRNO_AT_END.exec(main);
  if (!errno) {
    let cut = -1;
    for (let at = main.lastIndexOf(' while '); at >= 0; at = at > 0 ? main.lastIndexOf(' while ', at - 1) : -1) {
      const e = ERRNO_AT_END.exec(main.slice(0, at));
      if (e) {
        errno = e;
        cut = at;
        break;
      }
      if (cut < 0) cut = at;
    }
    if (cut >= 0) {
      entry.action = main.slice(cut + ' while '.length);
      main = main.slice(0, cut);
    }
  }
  if (errno) {
    entry.errno = { code: codeOf(errno[1]), text: errno[2] };
    main = main.slice(0, errno.index);
  } else if (!entry.action) {
    const cut = ERRNO_CUT.exec(main);
    if (cut) {
      entry.errno = { code: codeOf(cut[1]), text: cut[2] ?? '' };
      main = main.slice(0, cut.index);
      entry.truncated = true;
    }
  }
  entry.message = main;
  // nginx ends a line of a connection (*N) with its context (`, client: ...`), but for the one it
  // writes from the keep-alive handler, whose connection has no request: without one, the line was
  // cut (`... refused it) while connec`).
  if (!context && entry.conn !== undefined && !KEEPALIVE_CLOSED.test(main)) entry.truncated = true;
  return entry;
}

/** ngx_http_keepalive_handler()'s line: `*N client 127.0.0.1 closed keepalive connection`, no context. */
const KEEPALIVE_CLOSED = /^client \S+ closed keepalive connection$/;

function codeOf(s: string): number | string {
  return /^\d+$/.test(s) ? Number(s) : s;
}

interface ContextField {
  name: keyof LogContext;
  value: string;
  cut?: boolean;
}

const FIELD_AT = new RegExp(`, (${FIELD_ORDER.join('|')}): `, 'y');

/** The field that starts at `at` (`, name: `), if it may follow a field of order `after`. */
function fieldAt(ctx: string, at: number, after: number): { name: keyof LogContext; order: number; valueAt: number } | undefined {
  FIELD_AT.lastIndex = at;
  const m = FIELD_AT.exec(ctx);
  if (!m) return undefined;
  const name = m[1] as keyof LogContext;
  const order = FIELD_ORDER.indexOf(name);
  return order > after ? { name, order, valueAt: at + m[0].length } : undefined;
}

/** How much a value looks like what nginx puts in that field: breaks ties between readings. */
function shapeScore(name: keyof LogContext, v: string): number {
  switch (name) {
    case 'request':
      return / HTTP\/\d\.\d$/.test(v) ? 2 : 0;
    case 'upstream':
      return /^[a-z]+:\/\/[^"\s]*$/.test(v) ? 2 : 0;
    case 'host':
      return /^[^\s"]*$/.test(v) ? 1 : 0;
    case 'client':
    case 'server':
      return /^[^\s,"]+$/.test(v) ? 1 : 0;
    default:
      return 0;
  }
}

/**
 * The context as a whole: `, name: value` pairs in nginx's order, quoted values read up to a `"`
 * that is followed by a later field or the end. A quoted value can hold `", host: "` (nginx does
 * not escape request lines or headers), so every reading is weighed and the one whose values look
 * most like nginx's fields wins. Undefined when no reading takes the text to its end.
 */
function bestContext(ctx: string): { fields: ContextField[]; score: number } | undefined {
  const memo = new Map<number, { fields: ContextField[]; score: number } | null>();
  const from = (at: number, after: number): { fields: ContextField[]; score: number } | null => {
    if (at === ctx.length) return { fields: [], score: 0 };
    const key = at * 16 + after + 1;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best: { fields: ContextField[]; score: number } | null = null;
    const f = fieldAt(ctx, at, after);
    if (f) {
      const quoted = QUOTED_FIELDS.has(f.name);
      if (!quoted || ctx[f.valueAt] === '"') {
        const begin = quoted ? f.valueAt + 1 : f.valueAt;
        for (let end = begin; end <= ctx.length; end++) {
          const next = quoted ? end + 1 : end;
          if (quoted && ctx[end] !== '"') continue;
          if (next !== ctx.length && !fieldAt(ctx, next, f.order)) continue;
          const value = ctx.slice(begin, end);
          // client (an address) and server (a server_name) never hold spaces or quotes.
          if (!quoted && /[\s"]/.test(value)) break;
          const rest = from(next, f.order);
          if (!rest) continue;
          const score = rest.score + 1 + shapeScore(f.name, value);
          if (!best || score > best.score) best = { fields: [{ name: f.name, value }, ...rest.fields], score };
        }
      }
    }
    memo.set(key, best);
    return best;
  };
  return from(0, -1) ?? undefined;
}

/**
 * The context of almost every line, read at once: when its quotes are only those around its quoted
 * values, reading field after field is the only reading there is (bestContext weighs the others).
 */
function plainContext(ctx: string): { fields: ContextField[] } | undefined {
  const fields: ContextField[] = [];
  let quoted = 0;
  for (let at = 0, after = -1; at < ctx.length; ) {
    const f = fieldAt(ctx, at, after);
    if (!f) return undefined;
    let next: number;
    if (QUOTED_FIELDS.has(f.name)) {
      const end = ctx[f.valueAt] === '"' ? ctx.indexOf('"', f.valueAt + 1) : -1;
      if (end < 0) return undefined;
      fields.push({ name: f.name, value: ctx.slice(f.valueAt + 1, end) });
      quoted++;
      next = end + 1;
    } else {
      const end = ctx.indexOf(', ', f.valueAt);
      next = end < 0 ? ctx.length : end;
      const value = ctx.slice(f.valueAt, next);
      // client (an address) and server (a server_name) never hold spaces or quotes.
      if (/[\s"]/.test(value)) return undefined;
      fields.push({ name: f.name, value });
    }
    if (next !== ctx.length && !fieldAt(ctx, next, f.order)) return undefined;
    at = next;
    after = f.order;
  }
  let quotes = 0;
  for (let i = ctx.indexOf('"'); i >= 0; i = ctx.indexOf('"', i + 1)) quotes++;
  return fields.length && quotes === 2 * quoted ? { fields } : undefined;
}

/** A context cut short: fields read one after the other, the last one as far as it goes. */
function cutContext(ctx: string): ContextField[] {
  const fields: ContextField[] = [];
  let at = 0;
  let after = -1;
  for (;;) {
    const f = fieldAt(ctx, at, after);
    if (!f) {
      // Cut inside a field name (`, ups`): nothing more to read.
      return fields;
    }
    const quoted = QUOTED_FIELDS.has(f.name) && ctx[f.valueAt] === '"';
    const begin = quoted ? f.valueAt + 1 : f.valueAt;
    let end = -1;
    for (let i = begin; i < ctx.length; i++) {
      if (quoted && ctx[i] !== '"') continue;
      const next = quoted ? i + 1 : i;
      if (fieldAt(ctx, next, f.order)) {
        end = i;
        break;
      }
    }
    if (end < 0) {
      // The line ends inside this field, or right after it (`"...", up`): it was cut.
      let value = ctx.slice(begin);
      const tail = (quoted ? /"(?:, ?[a-z]*:?)?$/ : /, ?[a-z]*:?$/).exec(value);
      if (tail) value = value.slice(0, tail.index);
      fields.push({ name: f.name, value, cut: true });
      return fields;
    }
    fields.push({ name: f.name, value: ctx.slice(begin, end) });
    at = quoted ? end + 1 : end;
    after = f.order;
  }
}
