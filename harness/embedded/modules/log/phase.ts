// The log module's handler of the log phase (ngx_http_log_handler()): one line per access_log of
// the request's location, in its format, unless its if= condition is "" or "0"; a variable nginx
// finds no value for is `-` with escape=default and nothing with json or none.
import { writeSync } from 'node:fs';
import type { LogFormat } from '../../../nginx-conf/log-format.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import type { LocationConf } from '../../../nginx-conf/model.js';
import { escapeLogValue } from '../../../logs/access-log.js';
import { openLog, writeAccess, type AccessLogFailure, type LogFile } from '../../../logs/writer.js';
import { openErrno, writeErrno } from '../../../os-profile.js';
import type { HttpRequest } from '../../request.js';
import { evaluate, variableValue } from '../../variable-values.js';
import { mapUriToPath } from '../../files/map-path.js';
import { statOrError } from '../../files/file-cache.js';
import { LOG, type AccessLogConf, type OpenLogFileCache } from './conf.js';
import { OpenFileCache, useOnce } from './open-file-cache.js';

/** An access_log of the conf and its file, opened; a path with variables is opened per line. */
interface OpenAccessLog {
  conf: AccessLogConf;
  file?: LogFile;
}

/** Each location's access logs, opened once by the worker (a reloaded conf's locations are new ones). */
const opened = new WeakMap<LocationConf, OpenAccessLog[]>();
/** One per open_log_file_cache line, as nginx makes one per directive (the levels below share it). */
const caches = new WeakMap<OpenLogFileCache, OpenFileCache>();

/** A log file with its gzip buffer, made by the first access_log of that file that has one. */
function bufferedLog(conf: AccessLogConf): LogFile {
  const file = openLog(conf.path);
  if (conf.gzip) file.gzip ??= { level: conf.gzip, size: conf.buffer!, flushMs: conf.flushMs, bytes: 0 };
  return file;
}

/** The access logs a request in `loc` writes to (none after `access_log off`). */
function accessLogsFor(loc: LocationConf): OpenAccessLog[] {
  let logs = opened.get(loc);
  if (!logs) {
    const l = moduleConf(loc, LOG);
    opened.set(loc, (logs = l.accessLogOff ? [] : l.accessLogs.map((conf) => ({ conf, file: conf.script ? undefined : bufferedLog(conf) }))));
  }
  return logs;
}

/** The open_log_file_cache of `loc`; undefined when it is off. */
function openLogCache(loc: LocationConf): OpenFileCache | undefined {
  const o = moduleConf(loc, LOG).openLogFileCache;
  if (!o) return undefined;
  let cache = caches.get(o);
  if (!cache) caches.set(o, (cache = new OpenFileCache(o)));
  return cache;
}

/** ngx_escape_json(): `"` and `\` escaped, control bytes as \n, \r, \t, \b, \f or \u00XX; the rest as it is. */
function escapeJson(v: string): string {
  return v.replace(/["\\\x00-\x1f]/g, (c) => {
    if (c === '"' || c === '\\') return '\\' + c;
    const named = ({ '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f' } as Record<string, string>)[c];
    return '\\' + (named ?? 'u00' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
  });
}

function formatLine(req: HttpRequest, f: LogFormat): string {
  let line = '';
  for (const op of f.ops) {
    if ('text' in op) {
      line += op.text;
      continue;
    }
    const v = variableValue(req, op.variable);
    if (f.escape === 'default') line += v === undefined ? '-' : escapeLogValue(v);
    else if (v !== undefined) line += f.escape === 'json' ? escapeJson(v) : v;
  }
  return line;
}

/** ngx_http_log_write()'s [alert] when a line could not be written (a full disk): the request is answered all the same. */
function reportFailure(req: HttpRequest, file: LogFile): AccessLogFailure {
  return (failure) => {
    const name = `"${req.ctx.displayPath(file.path)}"`;
    const action = 'logging request';
    if ('code' in failure) req.logError('alert', `${req.ctx.os.writeFdFn} to ${name} failed`, { errno: writeErrno(failure.code), action });
    else req.logError('alert', `${req.ctx.os.writeFdFn} to ${name} was incomplete: ${failure.written} of ${failure.length}`, { action });
  };
}

/**
 * ngx_http_log_script_write(): a path with variables is evaluated per request and the line written
 * at once. First the request's root must be a folder (nginx then knows the request's files are
 * there): if not, no line, as an [error]. A file that cannot be opened loses its line, as a [crit].
 */
function writeScriptLog(req: HttpRequest, path: string, line: string): void {
  const { root } = mapUriToPath(req);
  const st = statOrError(root);
  if (st instanceof Error || !st.isDirectory()) {
    const errno = st instanceof Error ? openErrno(st) : 'ENOTDIR';
    req.logError('error', `testing "${req.ctx.displayPath(root)}" existence failed`, { errno, action: 'logging request' });
    return;
  }
  const name = evaluate(req, path);
  const write = (fd: number) => writeSync(fd, Buffer.from(line, 'latin1'));
  try {
    const cache = openLogCache(req.loc);
    if (cache) cache.use(name, write);
    else useOnce(name, write);
  } catch (e) {
    req.logError('crit', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(name)}" failed`, { errno: openErrno(e), action: 'logging request' });
  }
}

export function logHandler(req: HttpRequest): void {
  req.debug('http log handler');
  for (const { conf, file } of accessLogsFor(req.loc)) {
    if (conf.filter !== undefined) {
      const v = evaluate(req, conf.filter);
      if (v === '' || v === '0') continue;
    }
    const line = formatLine(req, conf.format) + req.ctx.os.lineEnd;
    if (file) writeAccess(file, line, reportFailure(req, file));
    else writeScriptLog(req, conf.path, line);
  }
}
