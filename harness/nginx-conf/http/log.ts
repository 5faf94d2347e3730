// ngx_http_log_module: `log_format` (compiled here into its literal text and variables, as
// ngx_http_log_compile_format() does) and `access_log` with its parameters, inherited as nginx's
// merge does (a level with access_log lines, or `access_log off`, keeps none of the outer ones).
import { ConfError, unsupported } from '../error.js';
import type { Directive } from '../parse.js';
import type { ConfModule } from '../directive.js';
import { HSL, ANY } from '../directive.js';
import { parseSize, parseTime } from '../values.js';
import { isAbsolute, join } from 'node:path';

/** A piece of a format: literal text, or a variable. */
export type LogOp = { text: string } | { variable: string };

export interface LogFormat {
  name: string;
  /** escape=: default (`\xHH`, `-` for a variable without a value), json, none. */
  escape: 'default' | 'json' | 'none';
  ops: LogOp[];
}

export interface AccessLogConf {
  /** Absolute path, or 'stderr'. */
  path: string;
  format: LogFormat;
  /** `if=condition`: no line when it evaluates to "" or "0". */
  filter?: string;
  file: string;
  line: number;
}

export interface LogSettings {
  accessLogs: AccessLogConf[];
  /** `access_log off` at this level (or inherited): no line, whatever else the level says. */
  accessLogOff: boolean;
}

/** ngx_http_log_compile_format(): `$name` / `${name}` and the text between, over the arguments joined. */
function compile(name: string, args: string[], d?: Directive): LogFormat {
  let escape: LogFormat['escape'] = 'default';
  let i = 0;
  if (args[0]?.startsWith('escape=')) {
    const e = args[0].slice(7);
    if (e !== 'json' && e !== 'none' && e !== 'default') throw new ConfError(`unknown log format escaping "${e}"`, d?.file, d?.line);
    escape = e;
    i = 1;
  }
  const ops: LogOp[] = [];
  const invalid = (at: string) => new ConfError(`invalid parameter "${at}"`, d?.file, d?.line);
  for (const s of args.slice(i)) {
    // `${name}`, `$name`, or text up to the next `$`.
    const re = /\$\{([A-Za-z0-9_]*)(\})?|\$([A-Za-z0-9_]*)|[^$]+/y;
    for (let m; re.lastIndex < s.length && (m = re.exec(s)); ) {
      if (!m[0].startsWith('$')) {
        const last = ops[ops.length - 1];
        if (last && 'text' in last) last.text += m[0];
        else ops.push({ text: m[0] });
        continue;
      }
      const name = m[1] ?? m[3];
      if (m[1] !== undefined && !m[2]) {
        if (!name && re.lastIndex === s.length) throw invalid(s.slice(re.lastIndex - m[0].length));
        throw new ConfError(`the closing bracket in "${name}" variable is missing`, d?.file, d?.line);
      }
      if (!name) throw invalid(s.slice(re.lastIndex - m[0].length));
      ops.push({ variable: name });
    }
  }
  return { name, escape, ops };
}

/** The predefined format (ngx_http_combined_fmt). */
export const COMBINED = compile('combined', ['$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"']);

/** ngx_http_log_set_format(): `log_format name [escape=...] string ...`; `known`: the formats so far. */
export function logFormat(d: Directive, known: readonly LogFormat[]): LogFormat {
  if (known.some((f) => f.name === d.args[0])) throw new ConfError(`duplicate "log_format" name "${d.args[0]}"`, d.file, d.line);
  return compile(d.args[0], d.args.slice(1), d);
}

/** A value's parse, 0 when it is none (the caller words the error). */
function orZero(parse: () => number): number {
  try {
    return parse();
  } catch {
    return 0;
  }
}

/** ngx_http_log_set_log(): `access_log path [format [buffer=size] [gzip[=level]] [flush=time] [if=condition]]`. */
function accessLog(d: Directive, prefix: string, formats: readonly LogFormat[]): AccessLogConf {
  const [path, name = 'combined', ...params] = d.args;
  if (path.startsWith('syslog:')) throw unsupported('"access_log" to syslog', d);
  if (/\$/.test(path)) throw unsupported('variables in the "access_log" path', d, true);
  const format = [COMBINED, ...formats].find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!format) throw new ConfError(`unknown log format "${name}"`, d.file, d.line);
  const log: AccessLogConf = { path: isAbsolute(path) || path === 'stderr' ? path : join(prefix, path), format, file: d.file, line: d.line };
  let buffer = false;
  let flush = false;
  for (const p of params) {
    if (p.startsWith('buffer=')) {
      // Lines are written at the end of each turn of the event loop, never held longer: sooner
      // than nginx's buffer would, with the same bytes.
      if (!orZero(() => parseSize(d, p.slice(7)))) throw new ConfError(`invalid buffer size "${p.slice(7)}"`, d.file, d.line);
      buffer = true;
    } else if (p.startsWith('flush=')) {
      if (!orZero(() => parseTime(d, p.slice(6)))) throw new ConfError(`invalid flush time "${p.slice(6)}"`, d.file, d.line);
      flush = true;
    } else if (p === 'gzip' || p.startsWith('gzip=')) throw unsupported('gzip-compressed access logs', d, true);
    else if (p.startsWith('if=')) log.filter = p.slice(3);
    else throw new ConfError(`invalid parameter "${p}"`, d.file, d.line);
  }
  if (flush && !buffer) throw new ConfError(`no buffer is defined for access_log "${path}"`, d.file, d.line);
  return log;
}

export const LOG: ConfModule<LogSettings> = {
  defaults: { accessLogs: [], accessLogOff: false },
  directives: {
    access_log: {
      ctx: HSL,
      args: [1, ANY],
      set: (l, d, c) => {
        if (c.firstHere) {
          l.accessLogs = [];
          l.accessLogOff = false;
        }
        if (d.args[0] === 'off') {
          if (d.args.length > 1) throw new ConfError(`invalid parameter "${d.args[1]}"`, d.file, d.line);
          l.accessLogOff = true;
          return;
        }
        l.accessLogs = [...l.accessLogs, accessLog(d, c.prefix, c.logFormats)];
      },
    },
  },
};
