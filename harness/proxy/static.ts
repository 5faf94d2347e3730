// `location / { root ...; index ...; }`: nginx's index and static handlers
// (ngx_http_index_module.c, ngx_http_static_module.c), with their log lines and headers.
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, extname } from 'node:path';
import type { HttpRequest } from './request.js';
import type { ErrnoName } from '../os-profile.js';

/** Files up to this size are read whole; larger ones are streamed. */
const SMALL_FILE = 64 * 1024;

function statOrError(path: string): Stats | NodeJS.ErrnoException {
  try {
    return statSync(path);
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/** ENOENT as the OS profile words it: on Windows a missing directory on the way is error 3. */
function notFoundErrno(req: HttpRequest, path: string, code: string | undefined): ErrnoName {
  if (code === 'ENOTDIR') return 'ENOTDIR';
  if (req.ctx.os.name === 'windows') {
    const parent = statOrError(dirname(path));
    return parent instanceof Error ? 'ENOENT_PATH' : 'ENOENT_FILE';
  }
  return 'ENOENT_FILE';
}

export function etag(st: Stats): string {
  return `"${Math.floor(st.mtimeMs / 1000).toString(16)}-${st.size.toString(16)}"`;
}

export function contentType(req: HttpRequest, path: string): string {
  const ext = extname(path).slice(1).toLowerCase();
  return (ext && req.loc.types.get(ext)) || req.loc.defaultType;
}

export function staticHandler(req: HttpRequest): void {
  const m = req.method;
  if (m !== 'GET' && m !== 'HEAD' && m !== 'POST') {
    req.conn.readBody(req, true, () => req.special(405));
    return;
  }
  req.conn.readBody(req, true, () => serve(req));
}

function serve(req: HttpRequest): void {
  const uri = req.uri.uri;
  const root = req.loc.root;
  if (uri.endsWith('/')) {
    serveIndex(req, root + uri);
    return;
  }
  const path = root + uri;
  const st = statOrError(path);
  if (st instanceof Error) {
    fileError(req, path, st.code);
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
  sendFile(req, path, st);
}

function serveIndex(req: HttpRequest, dir: string): void {
  for (const name of req.loc.index) {
    const st = statOrError(dir + name);
    if (!(st instanceof Error) && !st.isDirectory()) {
      // nginx's index module redirects internally to the index file: the location is chosen again.
      req.uri = { ...req.uri, uri: req.uri.uri + name };
      req.internalRedirect();
      return;
    }
    if (st instanceof Error && st.code !== 'ENOENT') {
      req.logError('error', `"${req.ctx.displayPath(dir + name)}" is not found`, { errno: notFoundErrno(req, dir + name, st.code) });
      req.special(404);
      return;
    }
  }
  const d = statOrError(dir);
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
  const tag = etag(st);
  const lastModified = st.mtime.toUTCString();
  const ok = req.errorStatus === undefined;
  if (ok && (req.header('if-none-match') === tag || (req.header('if-none-match') === undefined && req.header('if-modified-since') === lastModified))) {
    req.respond({ status: 304, lastModified, extra: [['ETag', tag]] });
    return;
  }
  const fields = {
    status: req.errorStatus ?? 200,
    contentType: contentType(req, path),
    contentLength: st.size,
    // nginx drops Last-Modified and Accept-Ranges from an error page served by error_page.
    lastModified: ok ? lastModified : undefined,
    extra: ok ? ([['ETag', tag], ['Accept-Ranges', 'bytes']] as [string, string][]) : ([['ETag', tag]] as [string, string][]),
  };
  if (st.size <= SMALL_FILE) {
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch (e) {
      fileError(req, path, (e as NodeJS.ErrnoException).code);
      return;
    }
    req.respond(fields, data);
    return;
  }
  req.respond(fields, createReadStream(path));
}
