// Appends nginx log lines to their files. Every process opens the same files with O_APPEND, as
// nginx's master and workers share one descriptor per log: lines from several workers interleave
// whole, never torn. Error-log lines are written at once, like nginx's write(2) per line, so a
// crash loses nothing; access-log lines are gathered over one turn of the event loop and written
// together (one write(2) per file per turn instead of one per request), before the process exits.
// As in nginx, the master opens every log at start (createLog: a missing folder fails the start);
// a worker opens them again by name (openLog).
// A write that fails (a full disk) never ends the process, as in nginx: an error-log line is
// dropped; access-log lines are dropped and their failure reported at most once a minute
// (ngx_http_log_write()), and for the rest of the second of a full disk none is tried.
// A gzip log keeps nginx's buffer: its lines are written when the buffer is full, at its flush=
// time, or on exit, each buffer as one gzip member (gunzip reads the members as one text).
import { closeSync, openSync, writeSync } from 'node:fs';
import { devNull } from 'node:os';
import { formatErrorLine, formatTime, levelEnabled, type ErrorLogEntry, type Level } from './error-log.js';
import { formatIso8601, formatTimeLocal } from './access-log.js';

export interface LogFile {
  path: string;
  fd: number;
  /** Access-log lines not written yet. */
  queued: string[];
  /** Where error-log lines go instead of `fd`, each without its line end (a caller's stderr). */
  lines?: (line: string) => void;
  /** Told of a failed write of the queued lines: the request of the first of them (see writeAccess). */
  onFailure?: AccessLogFailure;
  /** When a failure was last reported (nginx's error_log_time), and the second the disk was last full (disk_full_time). */
  reportedAt?: number;
  diskFullSec?: number;
  /** `access_log ... gzip`: the buffer its lines wait in (ngx_http_log_buf_t). */
  gzip?: GzipBuffer;
}

export interface GzipBuffer {
  level: number;
  /** `buffer=`: the bytes of lines a member holds at most. */
  size: number;
  flushMs?: number;
  bytes: number;
  timer?: NodeJS.Timeout;
}

/** A failed access-log write: its error code (`ENOSPC`), or the bytes written of the line's when it was cut short. */
export type AccessLogFailure = (failure: { code: string } | { written: number; length: number }) => void;

/** ngx_http_log_write(): a failure is reported when none was for more than 59 seconds. */
const REPORT_INTERVAL_S = 59;

const open = new Map<string, LogFile>();

/** The master's open at start: creates the file, and throws as open() fails (a missing folder: ENOENT). */
export function createLog(path: string): LogFile {
  let f = open.get(path);
  if (f) return f;
  f = { path, fd: path === 'stderr' ? 2 : openSync(path, 'a'), queued: [] };
  open.set(path, f);
  return f;
}

/**
 * A worker's open of a log the master opened at start. nginx's workers inherit the master's
 * descriptors, so a log whose file or folder was removed since does not stop them: its lines go
 * to the removed file. Here they are dropped likewise, and the request goes on.
 */
export function openLog(path: string): LogFile {
  try {
    return createLog(path);
  } catch {
    const f = { path, fd: openSync(devNull, 'a'), queued: [] };
    open.set(path, f);
    return f;
  }
}

/** Error-log lines as `lines` gets them, one by one (nginx's log on stderr, for a caller that prints it). */
export function lineLog(lines: (line: string) => void): LogFile {
  return { path: 'stderr', fd: 2, queued: [], lines };
}

export function closeLog(path: string): void {
  const f = open.get(path);
  if (f) flushFile(f);
  if (f && f.fd !== 2) closeSync(f.fd);
  open.delete(path);
}

/** Files with queued access-log lines. */
const queued = new Set<LogFile>();

const nowSec = () => Math.floor(Date.now() / 1000);

function flushFile(f: LogFile): void {
  if (!f.queued.length) return;
  const text = f.queued.join('');
  const report = f.onFailure;
  f.queued.length = 0;
  f.onFailure = undefined;
  queued.delete(f);
  buffered.delete(f);
  // ngx_http_log_handler(): a disk found full this second is not written to again until the next.
  if (f.diskFullSec === nowSec()) return;
  let data = Buffer.from(text, 'latin1');
  if (f.gzip) {
    clearTimeout(f.gzip.timer);
    f.gzip.timer = undefined;
    f.gzip.bytes = 0;
    // node:zlib at the first gzip= log, not with every worker (about 4 ms of its start).
    data = process.getBuiltinModule('node:zlib').gzipSync(data, { level: f.gzip.level });
  }
  const length = data.length;
  let failure: Parameters<AccessLogFailure>[0] | undefined;
  try {
    const written = writeSync(f.fd, data);
    if (written !== length) failure = { written, length };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOSPC') f.diskFullSec = nowSec();
    failure = { code };
  }
  if (!failure || (f.reportedAt !== undefined && nowSec() - f.reportedAt <= REPORT_INTERVAL_S)) return;
  f.reportedAt = nowSec();
  report?.(failure);
}

/** An error-log line: as ngx_log_error_core(), a failed write is dropped (a full disk is not tried again this second). */
function writeErrorLine(f: LogFile, line: Buffer): void {
  if (f.diskFullSec === nowSec()) return;
  try {
    writeSync(f.fd, line);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOSPC') f.diskFullSec = nowSec();
  }
}

/** Writes every queued access-log line now (before a client's answer leaves, at the end of each turn of the event loop, and on exit). */
export function flushLogs(): void {
  if (!queued.size) return;
  for (const f of queued) flushFile(f);
}

/** Gzip logs with lines in their buffer. */
const buffered = new Set<LogFile>();

process.on('exit', () => {
  flushLogs();
  for (const f of buffered) flushFile(f);
});

/** A cached per-second clock, as nginx's ngx_time_update(): lines of one second share one text. */
class ClockText {
  private sec = -1;
  private errorText = '';
  private accessText = '';
  private dateText = '';
  private isoText = '';
  private refresh(): void {
    const now = Date.now();
    const sec = Math.floor(now / 1000);
    if (sec === this.sec) return;
    this.sec = sec;
    const d = new Date(sec * 1000);
    this.errorText = formatTime(d);
    this.accessText = formatTimeLocal(d);
    this.dateText = d.toUTCString();
    this.isoText = formatIso8601(d);
  }
  error(): string {
    this.refresh();
    return this.errorText;
  }
  access(): string {
    this.refresh();
    return this.accessText;
  }
  /** `$time_iso8601`: `2026-11-22T07:09:23+00:00`. */
  iso8601(): string {
    this.refresh();
    return this.isoText;
  }
  /** The HTTP `Date` header value. */
  http(): string {
    this.refresh();
    return this.dateText;
  }
}

export const clock = new ClockText();

export interface ErrorLogTarget {
  file: LogFile;
  level: Level;
}

const MAX_ERROR_STR = 2048;

export type ErrorLogEvent = Omit<ErrorLogEntry, 'time' | 'pid' | 'tid' | 'level'>;

/** The error log(s) of one process: level filter, PID#TID, line ends by OS profile. */
export class ErrorLog {
  /** Some target is at `debug`: the [debug] lines are formatted at all (a check on the hot path). */
  readonly debugs: boolean;

  constructor(
    private readonly targets: ErrorLogTarget[],
    private readonly pid: number,
    private readonly tid: number,
    private readonly lineEnd: string,
  ) {
    this.debugs = targets.some((t) => t.level === 'debug');
  }

  enabled(level: Level): boolean {
    return this.targets.some((t) => levelEnabled(level, t.level));
  }

  /** Writes to stderr itself: nginx then prints no `nginx: [level]` line of its own. */
  get onStderr(): boolean {
    return this.targets.some((t) => t.file.fd === 2);
  }

  /** `time`: a cached time nginx did not update meanwhile (the bind() retries); now by default. */
  write(level: Level, e: ErrorLogEvent, time?: string): void {
    let line: string | undefined;
    for (const t of this.targets) {
      if (!levelEnabled(level, t.level)) continue;
      // nginx formats a line into NGX_MAX_ERROR_STR (2048) bytes, line end included: longer ones are cut.
      line ??= formatErrorLine({ ...e, level, time: time ?? clock.error(), pid: this.pid, tid: this.tid }).slice(0, MAX_ERROR_STR - this.lineEnd.length);
      if (t.file.lines) {
        t.file.lines(line);
        continue;
      }
      // A file that is both an error log and an access log keeps its lines in order.
      flushFile(t.file);
      writeErrorLine(t.file, Buffer.from(line + this.lineEnd, 'latin1'));
    }
  }

  /** The same targets, for the lines of another process (its own PID#TID). */
  forProcess(pid: number, tid: number): ErrorLog {
    return new ErrorLog(this.targets, pid, tid, this.lineEnd);
  }

  /** The same log, for lines written on behalf of one connection (keeps PID#TID and targets). */
  withTargets(targets: ErrorLogTarget[]): ErrorLog {
    return new ErrorLog(targets, this.pid, this.tid, this.lineEnd);
  }
}

/**
 * Queues an access-log line (its line end included), written at the end of this turn of the event
 * loop. `onFailure` reports a failed write: the first queued line's, as its request's would be.
 */
export function writeAccess(f: LogFile, line: string, onFailure?: AccessLogFailure): void {
  if (f.gzip) return bufferAccess(f, f.gzip, line, onFailure);
  if (!queued.size) setImmediate(flushLogs);
  f.queued.push(line);
  f.onFailure ??= onFailure;
  queued.add(f);
}

/** ngx_http_log_write() with a buffer: one that cannot take the line is written first; the first line starts the flush= timer. */
function bufferAccess(f: LogFile, b: GzipBuffer, line: string, onFailure?: AccessLogFailure): void {
  if (b.bytes && b.bytes + line.length > b.size) flushFile(f);
  f.queued.push(line);
  b.bytes += line.length;
  f.onFailure ??= onFailure;
  buffered.add(f);
  if (b.bytes >= b.size) flushFile(f);
  else if (b.flushMs && !b.timer) b.timer = setTimeout(() => flushFile(f), b.flushMs).unref();
}
