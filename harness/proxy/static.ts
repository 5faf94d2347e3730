// `location / { root ...; index ...; }`: nginx's index and static handlers
// (ngx_http_index_module.c, ngx_http_static_module.c), with their log lines and headers.
import { createReadStream, readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import { dirname, extname } from 'node:path';
import { Readable } from 'node:stream';
import type { HttpRequest } from './request.js';
import type { ErrnoName } from '../os-profile.js';
import type { ResponseFields } from './http/response.js';
import { byteRanges, multipartFraming, preconditions, type Ranges } from './http/conditional.js';
import { nextTempNumber } from './http/request-body.js';
import { firstClosedFolder, permits, workerUser, R_OK, type WorkerUser } from './worker-user.js';

/** Files up to this size are read whole; larger ones are streamed. */
const SMALL_FILE = 64 * 1024;

/**
 * Small files' contents, so that a file served again costs a stat (which every request still
 * makes) instead of open, fstat, read and close. An entry is used only while the file's stat is
 * the one it was read under; a file changed less than SETTLED_MS before it was read is not kept,
 * since another change within the file system's timestamp granularity could leave its stat as it
 * was. So a file that changes is always served as it now is, as nginx (without
 * open_file_cache) does.
 */
interface CachedFile {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  data: Buffer;
}

const SETTLED_MS = 1000;
const CACHE_BYTES = 16 * 1024 * 1024;
const contents = new Map<string, CachedFile>();
let cachedBytes = 0;

function sameFile(c: CachedFile, st: Stats): boolean {
  return c.ino === st.ino && c.dev === st.dev && c.size === st.size && c.mtimeMs === st.mtimeMs && c.ctimeMs === st.ctimeMs;
}

/** The contents of the small file `path`, whose stat is `st` (throws as readFileSync does). */
function smallFile(path: string, st: Stats): Buffer {
  const known = contents.get(path);
  if (known && sameFile(known, st)) return known.data;
  if (known) {
    contents.delete(path);
    cachedBytes -= known.size;
  }
  const data = readFileSync(path);
  if (data.length === st.size && Date.now() - st.ctimeMs > SETTLED_MS) {
    // The oldest entries make room (a Map iterates in insertion order).
    for (const [p, c] of contents) {
      if (cachedBytes + data.length <= CACHE_BYTES) break;
      contents.delete(p);
      cachedBytes -= c.size;
    }
    contents.set(path, { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, data });
    cachedBytes += data.length;
  }
  return data;
}

function statOrError(path: string): Stats | NodeJS.ErrnoException {
  try {
    return statSync(path);
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/**
 * A directory's names by their upper case, for the Windows profile: Windows opens a name in any
 * case (NTFS compares names through an upcase table). Where a Linux directory holds names that
 * differ only in case, the first in sorted order is the one found. A listing is used while the
 * directory's mtime and ctime are those it was read under (adding or removing a name changes
 * them), and, as for file contents, not kept when read within SETTLED_MS of a change.
 */
interface Listing {
  mtimeMs: number;
  ctimeMs: number;
  names: Map<string, string>;
}

const listings = new Map<string, Listing>();

function listing(dir: string): Map<string, string> | undefined {
  const st = statOrError(dir);
  if (st instanceof Error || !st.isDirectory()) return undefined;
  const known = listings.get(dir);
  if (known && known.mtimeMs === st.mtimeMs && known.ctimeMs === st.ctimeMs) return known.names;
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  const names = new Map<string, string>();
  for (const name of entries) if (!names.has(name.toUpperCase())) names.set(name.toUpperCase(), name);
  if (Date.now() - st.ctimeMs > SETTLED_MS) {
    if (listings.size > 1000) listings.clear();
    listings.set(dir, { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, names });
  }
  return names;
}

/**
 * `path` (the root, then the URI) with each name below the root as its directory lists it in
 * whatever case; undefined when one has no match. Only listed names are followed, so the result
 * stays under the root as the path itself does: the URI is normalised (no `..`), and symlinks are
 * followed as for any path.
 */
function caselessPath(root: string, path: string): string | undefined {
  let real = root;
  for (const name of path.slice(root.length).split('/')) {
    if (!name) continue;
    const actual = listing(real)?.get(name.toUpperCase());
    if (actual === undefined) return undefined;
    real += '/' + actual;
  }
  return path.endsWith('/') ? real + '/' : real;
}

/** stat() of a path under the location's root, and the file to open: under the Windows profile a name in any case. */
function statFile(req: HttpRequest, path: string): { real: string; st: Stats | NodeJS.ErrnoException } {
  const st = statOrError(path);
  if (!(st instanceof Error) || req.ctx.os.name !== 'windows' || (st.code !== 'ENOENT' && st.code !== 'ENOTDIR')) return { real: path, st };
  const real = caselessPath(req.loc.root, path);
  return real === undefined ? { real: path, st } : { real, st: statOrError(real) };
}

let workerUserOf: { conf: object; user: WorkerUser | undefined } | undefined;

/** The workers' user when it is not this process's (worker-user.ts), looked up once per conf. */
function workerUserOfRequest(req: HttpRequest): WorkerUser | undefined {
  if (workerUserOf?.conf !== req.ctx.conf) workerUserOf = { conf: req.ctx.conf, user: workerUser(req.ctx.conf, req.ctx.os.name) };
  return workerUserOf.user;
}

/** Directories whose files the worker user may reach, re-checked after a second (nginx caches nothing by default). */
const reachable = new Map<string, { ok: boolean; at: number }>();

/** True when the worker user could not reach `path`: a directory on the way lacks its search bit. */
function searchDenied(u: WorkerUser, path: string): boolean {
  const dir = dirname(path);
  const now = Date.now();
  let known = reachable.get(dir);
  if (!known || now - known.at > 1000) {
    known = { ok: !firstClosedFolder(u, dir), at: now };
    if (reachable.size > 1000) reachable.clear();
    reachable.set(dir, known);
  }
  return !known.ok;
}

/** ENOENT as the OS profile words it: on Windows a missing directory on the way is error 3. */
function notFoundErrno(req: HttpRequest, path: string, code: string | undefined): ErrnoName {
  if (code === 'ENOTDIR') return 'ENOTDIR';
  if (req.ctx.os.name === 'windows') {
    const parent = statFile(req, dirname(path)).st;
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

export function etag(st: Stats): string {
  return `"${Math.floor(st.mtimeMs / 1000).toString(16)}-${st.size.toString(16)}"`;
}

export function contentType(req: HttpRequest, path: string): string {
  const ext = extname(path).slice(1).toLowerCase();
  return (ext && req.loc.types.get(ext)) || req.loc.defaultType;
}

/**
 * ngx_http_static_handler / ngx_http_index_handler: the method is checked first, then the file;
 * only a file that is sent has its request body discarded by the handler (with a "100 Continue"
 * if one was asked for); every other answer is a special response, which discards it quietly.
 */
export function staticHandler(req: HttpRequest): void {
  const m = req.method;
  if (m !== 'GET' && m !== 'HEAD' && m !== 'POST') {
    req.special(405);
    return;
  }
  serve(req);
}

function serve(req: HttpRequest): void {
  const uri = req.uri.uri;
  const root = req.loc.root;
  if (uri.endsWith('/')) {
    serveIndex(req, root + uri);
    return;
  }
  const path = root + uri;
  const user = workerUserOfRequest(req);
  if (user && searchDenied(user, path)) {
    fileError(req, path, 'EACCES');
    return;
  }
  const { real, st } = statFile(req, path);
  if (st instanceof Error) {
    fileError(req, path, st.code);
    return;
  }
  // nginx opens what it serves, a directory too (open(O_RDONLY)): both need the read bit.
  if (user && !permits(st, user, R_OK)) {
    fileError(req, path, 'EACCES');
    return;
  }
  if (st.isDirectory()) {
    req.redirect(301, uri + '/' + (req.uri.args ? '?' + req.uri.args : ''));
    return;
  }
  if (req.method === 'POST') {
    req.special(405);
    return;
  }
  sendFile(req, real, st);
}

function serveIndex(req: HttpRequest, dir: string): void {
  const user = workerUserOfRequest(req);
  for (const name of req.loc.index) {
    if (user && searchDenied(user, dir + name)) {
      indexForbidden(req, dir + name);
      return;
    }
    const { st } = statFile(req, dir + name);
    if (!(st instanceof Error) && !st.isDirectory()) {
      // nginx's index module redirects internally to the index file: the location is chosen again.
      req.uri = { ...req.uri, uri: req.uri.uri + name };
      req.internalRedirect();
      return;
    }
    if (st instanceof Error && st.code === 'EACCES') {
      indexForbidden(req, dir + name);
      return;
    }
    if (st instanceof Error && st.code !== 'ENOENT') {
      req.logError('error', `"${req.ctx.displayPath(dir + name)}" is not found`, { errno: notFoundErrno(req, dir + name, st.code) });
      req.special(404);
      return;
    }
  }
  const d = statFile(req, dir).st;
  if (d instanceof Error || !d.isDirectory()) {
    const first = dir + req.loc.index[0];
    const code = d instanceof Error ? d.code : 'ENOTDIR';
    req.logError('error', `"${req.ctx.displayPath(first)}" is not found`, { errno: notFoundErrno(req, first, code) });
    req.special(404);
    return;
  }
  req.logError('error', `directory index of "${req.ctx.displayPath(dir)}" is forbidden`);
  req.special(403);
}

/** ngx_http_index_error() for EACCES: `"…/index.html" is forbidden (13: Permission denied)`, 403. */
function indexForbidden(req: HttpRequest, file: string): void {
  req.logError('error', `"${req.ctx.displayPath(file)}" is forbidden`, { errno: 'EACCES' });
  req.special(403);
}

function fileError(req: HttpRequest, path: string, code: string | undefined): void {
  if (code === 'EACCES') {
    req.logError('error', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(path)}" failed`, { errno: 'EACCES' });
    req.special(403);
    return;
  }
  if (req.loc.logNotFound) {
    req.logError('error', `${req.ctx.os.openFileFn} "${req.ctx.displayPath(path)}" failed`, { errno: notFoundErrno(req, path, code) });
  }
  req.special(404);
}

function sendFile(req: HttpRequest, path: string, st: Stats): void {
  req.conn.readBody(req, true, () => {
    // ngx_http_static_handler() answers with what ngx_http_discard_request_body() returns.
    if (req.bodyInvalid) req.special(400);
    else sendFileAfterBody(req, path, st);
  });
}

function sendFileAfterBody(req: HttpRequest, path: string, st: Stats): void {
  const tag = etag(st);
  const lastModified = httpTime(st.mtimeMs);
  const type = contentType(req, path);
  if (req.errorStatus && req.errorStatus !== 200) {
    // An error page served by error_page with a status of its own: no Last-Modified or
    // Accept-Ranges, no conditional or range handling (they apply to a 200 only).
    sendParts(req, path, st, { status: req.errorStatus, contentType: type, contentLength: st.size, extra: [['ETag', tag]] }, [{ start: 0, end: st.size }]);
    return;
  }
  const v = { etag: tag, mtime: Math.floor(st.mtimeMs / 1000) };
  const pre = preconditions(req.head.headers, v);
  if (pre === 412) {
    req.special(412);
    return;
  }
  if (pre === 304) {
    req.respond({ status: 304, lastModified, extra: [['ETag', tag]] });
    return;
  }
  const ranges = byteRanges(req.head.headers, v, st.size);
  if (ranges === 416) {
    req.special(416, undefined, [['Content-Range', `bytes */${st.size}`]]);
    return;
  }
  if (ranges === undefined) {
    sendParts(req, path, st, { status: 200, contentType: type, contentLength: st.size, lastModified, extra: [['ETag', tag], ['Accept-Ranges', 'bytes']] }, [{ start: 0, end: st.size }]);
    return;
  }
  if (ranges.length === 1) {
    const [r] = ranges;
    const fields = { status: 206, contentType: type, contentLength: r.end - r.start, lastModified, extra: [['ETag', tag], ['Content-Range', `bytes ${r.start}-${r.end - 1}/${st.size}`]] as [string, string][] };
    sendParts(req, path, st, fields, ranges);
    return;
  }
  // The boundary is a number from nginx's temp-file counter, printed as 20 digits.
  const boundary = String(nextTempNumber()).padStart(20, '0');
  const framing = multipartFraming(boundary, type, ranges, st.size);
  const length = ranges.reduce((n, r, i) => n + framing.heads[i].length + r.end - r.start, framing.tail.length);
  const fields = { status: 206, contentType: `multipart/byteranges; boundary=${boundary}`, contentLength: length, lastModified, extra: [['ETag', tag]] as [string, string][] };
  sendParts(req, path, st, fields, ranges, framing);
}

/** Sends the head, then the ranges of the file (with their multipart framing, if any). */
function sendParts(req: HttpRequest, path: string, st: Stats, fields: ResponseFields, ranges: Ranges, framing?: { heads: string[]; tail: string }): void {
  const frame = (parts: (string | Buffer)[]) => parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p));
  if (st.size <= SMALL_FILE) {
    let data: Buffer;
    try {
      data = smallFile(path, st);
    } catch (e) {
      fileError(req, path, (e as NodeJS.ErrnoException).code);
      return;
    }
    if (!framing) {
      // One range (the whole file, or a single byte range).
      req.respond(fields, data.subarray(ranges[0].start, ranges[0].end));
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
