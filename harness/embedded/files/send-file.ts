// Sending a file, as nginx's static handler and gzip_static do (ngx_http_static_handler()'s second
// half): its head with ETag and Last-Modified, the not-modified filter's and the range filter's
// answers, then its bytes (kept in memory when small). Both modules call it; it names neither.
import { createReadStream, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { HttpRequest } from '../request.js';
import type { ErrnoName } from '../../os-profile.js';
import type { ResponseFields } from '../http/response.js';
import { byteRanges, multipartFraming, parseHttpTime, type Ranges, type Validators } from '../http/conditional.js';
import { nextTempNumber } from '../http/request-body.js';
import { fileContents, SMALL_FILE, type FileContents } from './file-cache.js';
import { contentType } from './content-type.js';
import { statUnder } from './map-path.js';

/** ENOENT as the OS profile words it: on Windows a missing directory on the way is error 3. */
export function notFoundErrno(req: HttpRequest, root: string, path: string, code: string | undefined): ErrnoName {
  if (code === 'ENOTDIR') return 'ENOTDIR';
  if (req.ctx.os.name === 'windows') {
    const parent = statUnder(req, root, dirname(path)).st;
    return parent instanceof Error || !parent.isDirectory() ? 'ENOENT_PATH' : 'ENOENT_FILE';
  }
  return 'ENOENT_FILE';
}

/** Last-Modified texts by mtime: formatting a date costs more than the rest of a small file's answer. */
const httpTimes = new Map<number, string>();

function httpTime(mtimeMs: number): string {
  let text = httpTimes.get(mtimeMs);
  if (text === undefined) {
    if (httpTimes.size > 1000) httpTimes.clear();
    httpTimes.set(mtimeMs, (text = new Date(mtimeMs).toUTCString()));
  }
  return text;
}

/** ngx_http_set_etag(): none with `etag off`. */
function etag(req: HttpRequest, st: Stats): string | undefined {
  if (!req.loc.etag) return undefined;
  return `"${Math.floor(st.mtimeMs / 1000).toString(16)}-${st.size.toString(16)}"`;
}

/** The static handler's answer to a file it cannot open: 403 for EACCES, else 404 (logged unless log_not_found is off). */
export function fileError(req: HttpRequest, root: string, path: string, code: string | undefined): void {
  if (code === 'EACCES') {
    req.logError('error', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(path)}" failed`, { errno: 'EACCES' });
    req.special(403);
    return;
  }
  if (req.loc.logNotFound) {
    req.logError('error', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(path)}" failed`, { errno: notFoundErrno(req, root, path, code) });
  }
  req.special(404);
}

/** `gzipOf`: the file whose .gz `path` is (gzip_static): its type, `Content-Encoding: gzip`, no ranges. */
export function sendFile(req: HttpRequest, root: string, path: string, st: Stats, gzipOf?: string): void {
  req.discardBody();
  // ngx_http_static_handler() answers with what ngx_http_discard_request_body() returns.
  if (req.body.invalid) req.special(400);
  else sendFileAfterBody(req, root, path, st, gzipOf);
}

function sendFileAfterBody(req: HttpRequest, root: string, path: string, st: Stats, gzipOf?: string): void {
  const tag = etag(req, st);
  const tagged: [string, string][] = tag === undefined ? [] : [['ETag', tag]];
  const lastModified = httpTime(st.mtimeMs);
  const type = contentType(req.loc, gzipOf ?? path, req.presetContentType);
  const encoded: [string, string][] = gzipOf ? [['Content-Encoding', 'gzip']] : [];
  if (req.errorStatus && req.errorStatus !== 200) {
    // An error page served by error_page with a status of its own: no Last-Modified or
    // Accept-Ranges, no conditional or range handling (they apply to a 200 only).
    sendParts(req, root, path, st, { status: req.errorStatus, contentType: type, contentLength: st.size, extra: [...tagged, ...encoded] }, [{ start: 0, end: st.size }]);
    return;
  }
  const v = { etag: tag, mtime: Math.floor(st.mtimeMs / 1000) };
  // The not-modified filter's judgement, which nginx makes in its header filter before the range filter's.
  const pre = req.handlers.preconditions(req, v);
  if (pre === 412) {
    req.special(412);
    return;
  }
  if (pre === 304) {
    req.respond({ status: 304, lastModified, extra: tagged });
    return;
  }
  // max_ranges 0: the range filter does nothing, not even Accept-Ranges.
  const rangesOff = !!gzipOf || req.loc.maxRanges === 0;
  const whole: ResponseFields = { status: 200, contentType: type, contentLength: st.size, lastModified, extra: [...tagged, ...encoded], rangeHeaders: rangesOff ? undefined : [['Accept-Ranges', 'bytes']] };
  // The range filter comes after gzip's and ssi's, which take ranges away from what they compress
  // or parse (as gzip_static never gives them).
  const ranges = rangesOff || req.handlers.clearsRanges(req, whole) ? undefined : byteRanges(req.head.headers, rangeValidators(req, whole, v), st.size, req.loc.maxRanges);
  if (ranges === 416) {
    // The range filter answers after the headers filter ran for the 200: what it added stays
    // before Content-Range, and the 416's own run adds its `always` headers again.
    const added = req.handlers.rangeHeaders(req, { status: 200, lastModified, extra: [] }).extra ?? [];
    req.special(416, undefined, [...added, ['Content-Range', `bytes */${st.size}`]]);
    return;
  }
  if (ranges === undefined) {
    sendParts(req, root, path, st, whole, [{ start: 0, end: st.size }]);
    return;
  }
  if (ranges.length === 1) {
    const [r] = ranges;
    const fields = { status: 206, contentType: type, contentLength: r.end - r.start, lastModified, extra: tagged, rangeHeaders: [['Content-Range', `bytes ${r.start}-${r.end - 1}/${st.size}`]] as [string, string][] };
    sendParts(req, root, path, st, fields, ranges);
    return;
  }
  // The boundary is a number from nginx's temp-file counter, printed as 20 digits.
  const boundary = String(nextTempNumber()).padStart(20, '0');
  const framing = multipartFraming(boundary, type, ranges, st.size);
  const length = ranges.reduce((n, r, i) => n + framing.heads[i].length + r.end - r.start, framing.tail.length);
  const fields = { status: 206, contentType: `multipart/byteranges; boundary=${boundary}`, contentLength: length, lastModified, extra: tagged };
  sendParts(req, root, path, st, fields, ranges, framing);
}

/**
 * What If-Range is compared with: the range filter runs after the headers filter, so an
 * `add_header ETag` or `Last-Modified` replaces the file's (a date nginx cannot parse matches none).
 */
function rangeValidators(req: HttpRequest, whole: ResponseFields, v: Validators): Validators {
  if (!req.handlers.replacesValidators(req)) return v;
  const f = req.handlers.rangeHeaders(req, { status: 200, lastModified: whole.lastModified, extra: whole.extra });
  const added = (key: string) => f.extra?.find(([n]) => n.toLowerCase() === key)?.[1];
  const time = parseHttpTime(f.lastModified ?? added('last-modified') ?? '');
  return { etag: added('etag'), mtime: time < 0 ? NaN : time };
}

/** Sends the head, then the ranges of the file (with their multipart framing, if any). */
function sendParts(req: HttpRequest, root: string, path: string, st: Stats, fields: ResponseFields, ranges: Ranges, framing?: { heads: string[]; tail: string }): void {
  const frame = (parts: (string | Buffer)[]) => parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p));
  if (st.size <= SMALL_FILE) {
    let file: FileContents;
    try {
      file = fileContents(path, st);
    } catch (e) {
      fileError(req, root, path, (e as NodeJS.ErrnoException).code);
      return;
    }
    const data = file.data;
    if (!framing) {
      // One range: the whole file (what gzip makes of it may be kept with it), or a byte range.
      const [r] = ranges;
      if (r.start === 0 && r.end === data.length) req.respond(fields, data, file);
      else req.respond(fields, data.subarray(r.start, r.end));
      return;
    }
    const parts = ranges.flatMap((r, i) => [framing.heads[i], data.subarray(r.start, r.end)]);
    parts.push(framing.tail);
    req.respond(fields, Buffer.concat(frame(parts)));
    return;
  }
  const stream = Readable.from(
    (async function* () {
      for (let i = 0; i < ranges.length; i++) {
        if (framing) yield Buffer.from(framing.heads[i], 'latin1');
        if (ranges[i].end > ranges[i].start) yield* createReadStream(path, { start: ranges[i].start, end: ranges[i].end - 1 });
      }
      if (framing) yield Buffer.from(framing.tail, 'latin1');
    })(),
  );
  req.respond(fields, stream);
}
