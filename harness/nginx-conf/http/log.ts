// ngx_http_log_module's `access_log` with its parameters, inherited as nginx's merge does (a level
// with access_log lines, or `access_log off`, keeps none of the outer ones); the formats it names
// are log-format.ts's.
import { ConfError, unsupported } from '../error.js';
import { COMBINED, type LogFormat } from '../log-format.js';
import type { Directive } from '../parse.js';
import type { ConfModule } from '../directive.js';
import { HSL, ANY } from '../directive.js';
import { parseSize, parseTime, seconds } from '../values.js';
import { isAbsolute, join } from 'node:path';

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
    // The descriptors of logs with variables in their paths, which the engine refuses: checked
    // as ngx_http_log_open_file_cache() does, without effect on any line.
    open_log_file_cache: {
      ctx: HSL,
      args: [1, 4],
      once: true,
      set: (_l, d) => {
        let max = 0;
        for (const p of d.args) {
          const [, key, value] = /^(max|inactive|min_uses|valid)=(.*)$/.exec(p) ?? [];
          const ok = key === 'max' || key === 'min_uses' ? /^\d+$/.test(value) : key ? seconds(value) !== undefined : p === 'off';
          if (!ok) throw new ConfError(`invalid "open_log_file_cache" parameter "${p}"`, d.file, d.line);
          if (key === 'max') max = Number(value);
        }
        if (!d.args.includes('off') && !max) throw new ConfError('"open_log_file_cache" must have "max" parameter', d.file, d.line);
      },
    },
  },
};
