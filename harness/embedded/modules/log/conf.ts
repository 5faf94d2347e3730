// ngx_http_log_module's settings: `access_log` with its parameters, inherited as nginx's merge does
// (a level with access_log lines, or `access_log off`, keeps none of the outer ones; one that has
// none anywhere writes the compiled-in logs/access.log in `combined`), and open_log_file_cache
// (ngx_http_log_loc_conf_t, its create/merge and commands[]). log_format stays the core's: the
// formats an access_log names are those the http block defined before it (SetContext.logFormats),
// read by log-format.ts, which the doctor reads access lines back with.
import { ConfError, unsupported } from '../../../nginx-conf/error.js';
import { COMBINED, type LogFormat } from '../../../nginx-conf/log-format.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { allLocations, type NginxConf } from '../../../nginx-conf/model.js';
import { HSL, ANY, moduleConf, type ConfModule, type VariableUse } from '../../../nginx-conf/directive.js';
import { parseSize, parseTime, seconds } from '../../../nginx-conf/values.js';
import { variableNames } from '../../../nginx-conf/variables.js';
import { isAbsolute, join } from 'node:path';

export interface AccessLogConf {
  /** Absolute path, or 'stderr'; with variables, the path each request evaluates (`script`). */
  path: string;
  /** The path has variables: opened per request, through the open_log_file_cache. */
  script?: boolean;
  /** `buffer=size` (64k with gzip): lines are gathered up to this many bytes. */
  buffer?: number;
  /** `gzip[=level]`: each buffer is written as one gzip member at this level. */
  gzip?: number;
  /** `flush=time`: a buffer is written at the latest this long after its first line. */
  flushMs?: number;
  format: LogFormat;
  /** `if=condition`: no line when it evaluates to "" or "0". */
  filter?: string;
  /** The path as the conf writes it (nginx's messages name it so). */
  arg?: string;
  file: string;
  line: number;
}

/** `open_log_file_cache max=N [inactive=time] [min_uses=N] [valid=time]` (ngx_open_file_cache_t). */
export interface OpenLogFileCache {
  max: number;
  inactiveMs: number;
  minUses: number;
  validMs: number;
}

export interface LogConf {
  accessLogs: AccessLogConf[];
  /** `access_log off` at this level (or inherited): no line, whatever else the level says. */
  accessLogOff: boolean;
  /** The descriptors of logs with variables in their paths, kept open; undefined: `off`, the default. */
  openLogFileCache?: OpenLogFileCache;
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
  const format = [COMBINED, ...formats].find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!format) throw new ConfError(`unknown log format "${name}"`, d.file, d.line);
  // ngx_conf_full_name(): a relative path is under the prefix, with variables or without.
  const log: AccessLogConf = { path: isAbsolute(path) || path === 'stderr' ? path : join(prefix, path), arg: path, format, file: d.file, line: d.line };
  if (/\$/.test(path)) log.script = true;
  for (const p of params) {
    if (p.startsWith('buffer=')) {
      log.buffer = orZero(() => parseSize(d, p.slice(7)));
      if (!log.buffer) throw new ConfError(`invalid buffer size "${p.slice(7)}"`, d.file, d.line);
    } else if (p.startsWith('flush=')) {
      log.flushMs = orZero(() => parseTime(d, p.slice(6)));
      if (!log.flushMs) throw new ConfError(`invalid flush time "${p.slice(6)}"`, d.file, d.line);
    } else if (p === 'gzip' || p.startsWith('gzip=')) {
      log.buffer ??= 64 * 1024;
      log.gzip = p === 'gzip' ? 1 : Number(/^\d+$/.test(p.slice(5)) ? p.slice(5) : NaN);
      if (!(log.gzip >= 1 && log.gzip <= 9)) throw new ConfError(`invalid compression level "${p.slice(5)}"`, d.file, d.line);
    } else if (p.startsWith('if=')) log.filter = p.slice(3);
    else throw new ConfError(`invalid parameter "${p}"`, d.file, d.line);
  }
  if (log.flushMs && !log.buffer) throw new ConfError(`no buffer is defined for access_log "${path}"`, d.file, d.line);
  if (log.buffer && log.script) throw new ConfError('buffered logs cannot have variables in name', d.file, d.line);
  return log;
}

/**
 * nginx keeps one buffer per log file: every access_log of a file must buffer it alike, the first
 * (in the conf's order) sets how. Checked once the whole conf is read, as it spans levels.
 */
export function checkLogBuffers(conf: NginxConf): void {
  const logs = allLocations(conf).flatMap((l) => moduleConf(l, LOG).accessLogs);
  const first = new Map<string, AccessLogConf>();
  const inOrder = [...new Set(logs)].filter((l) => !l.script).sort((a, b) => (a.file === b.file ? a.line - b.line : 0));
  for (const log of inOrder) {
    const other = first.get(log.path);
    if (!other) first.set(log.path, log);
    else if (other.buffer !== log.buffer || other.gzip !== log.gzip || other.flushMs !== log.flushMs) throw new ConfError(`access_log "${log.arg ?? log.path}" already defined with conflicting parameters`, log.file, log.line);
  }
}

/**
 * The variables the log phase evaluates (a format's, if='s, a path's): nginx knows them as it reads
 * the conf; the engine refuses, after every other, one it cannot evaluate.
 */
function loggedVariables(l: LogConf): VariableUse[] {
  return (l.accessLogOff ? [] : l.accessLogs).flatMap((a) => [
    ...a.format.ops.flatMap((op) => ('variable' in op ? [{ name: op.variable, what: `the log format "${a.format.name}"`, at: a }] : [])),
    ...(a.filter === undefined ? [] : variableNames(a.filter)).map((name) => ({ name, what: '"access_log if="', at: a })),
    ...(a.script ? variableNames(a.path) : []).map((name) => ({ name, what: '"access_log"', at: a })),
  ]);
}

export const LOG: ConfModule<LogConf> = {
  defaults: { accessLogs: [], accessLogOff: false },
  // ngx_http_log_merge_loc_conf(): no level with access_log at all: the compiled-in log, combined.
  mergeHttp: (l, c) => {
    if (!l.accessLogs.length && !l.accessLogOff) l.accessLogs = [{ path: join(c.prefix, 'logs/access.log'), format: COMBINED, ...c.at }];
  },
  variables: (l) => ({ used: [], logged: loggedVariables(l), defined: [], declared: [] }),
  // ngx_conf_open_file(): every access_log's file (one with variables is opened per line).
  openFiles: (l) => l.accessLogs.filter((a) => !a.script).map((a) => a.path),
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
    // ngx_http_log_open_file_cache().
    open_log_file_cache: {
      ctx: HSL,
      args: [1, 4],
      once: true,
      set: (l, d) => {
        const cache: OpenLogFileCache = { max: 0, inactiveMs: 10_000, minUses: 1, validMs: 60_000 };
        for (const p of d.args) {
          const [, key, value] = /^(max|inactive|min_uses|valid)=(.*)$/.exec(p) ?? [];
          const n = key === 'max' || key === 'min_uses' ? (/^\d+$/.test(value) ? Number(value) : undefined) : key ? seconds(value) : p === 'off' ? 0 : undefined;
          if (n === undefined) throw new ConfError(`invalid "open_log_file_cache" parameter "${p}"`, d.file, d.line);
          if (key === 'max') cache.max = n;
          else if (key === 'min_uses') cache.minUses = n;
          else if (key === 'inactive') cache.inactiveMs = n * 1000;
          else if (key === 'valid') cache.validMs = n * 1000;
        }
        if (d.args.includes('off')) l.openLogFileCache = undefined;
        else if (!cache.max) throw new ConfError('"open_log_file_cache" must have "max" parameter', d.file, d.line);
        else l.openLogFileCache = cache;
      },
    },
  },
};
