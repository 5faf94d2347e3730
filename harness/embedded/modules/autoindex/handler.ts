// `autoindex on`: a directory's listing when no index file answers a URI with a trailing slash
// (ngx_http_autoindex_module.c), in html, xml, json or jsonp, byte for byte as nginx writes it.
// Names are latin1 strings, one char per byte, as the URI is; paths go to the file system as the
// static handler gives them (files/file-cache.ts).
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import type { HttpRequest } from '../../request.js';
import { permits, R_OK, searchDenied, workerUser } from '../../files/worker-user.js';
import { mapUriToPath } from '../../files/map-path.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { AUTOINDEX } from './conf.js';

export interface Entry {
  /** The name's bytes, latin1. */
  name: string;
  dir: boolean;
  file: boolean;
  /** Seconds. */
  mtime: number;
  size: number;
}

/** NGX_HTTP_AUTOINDEX_NAME_LEN: the width of the html listing's name column. */
const NAME_LEN = 50;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * ngx_http_autoindex_handler(): false when it declines (no trailing slash, not GET or HEAD, or
 * autoindex off), and the content phase goes on to its 403. The index module, before it, has
 * found no index file and checked that the directory is there.
 */
export function autoindexHandler(req: HttpRequest): boolean {
  const loc = moduleConf(req.loc, AUTOINDEX);
  if (!req.uri.uri.endsWith('/') || (req.method !== 'GET' && req.method !== 'HEAD') || !loc.autoindex) return false;
  // The directory's path, with its trailing slash.
  const dir = mapUriToPath(req).path;
  // The path as nginx logs it: without the trailing slash.
  const path = dir.length > 1 ? dir.slice(0, -1) : dir;
  let format = loc.autoindexFormat;
  let callback = '';
  if (format === 'jsonp') {
    const cb = jsonpCallback(req);
    if (cb === undefined) {
      req.special(400);
      return true;
    }
    callback = cb;
    if (!callback) format = 'json';
  }
  const names = openDir(req, path);
  if (!names) return true;
  // A body nobody reads is dropped (a "100 Continue" first, if asked for), as nginx does.
  req.discardBody();
  const type = format === 'json' ? 'application/json' : format === 'jsonp' ? 'application/javascript' : format === 'xml' ? 'text/xml; charset=utf-8' : 'text/html';
  // The header goes first, before the directory is read (no Content-Length: chunked, or a close).
  const sent = req.sendHead({ status: 200, contentType: type });
  if (!req.hasBody(200)) {
    req.finish();
    return true;
  }
  const entries = readEntries(req, path, names).sort(compareEntries);
  const localOffset = loc.autoindexLocaltime ? -new Date().getTimezoneOffset() * 60 : 0;
  let body: string;
  if (format === 'html') body = html(req.uri.uri, entries, { exactSize: loc.autoindexExactSize, offset: localOffset, utf8: /;\s*charset=utf-8$/i.test(sent.contentType ?? '') });
  else if (format === 'xml') body = xml(entries);
  else body = json(entries, format === 'jsonp' ? callback : undefined);
  req.write(Buffer.from(body, 'latin1'));
  req.finish();
  return true;
}

/** ngx_open_dir(): the names in the directory, or undefined once the error is answered. */
function openDir(req: HttpRequest, path: string): Buffer[] | undefined {
  const user = workerUser(req.ctx.conf, req.ctx.os.name);
  let code: string | undefined;
  try {
    const st = statSync(path);
    if (user && (searchDenied(user, path) || !permits(st, user, R_OK))) code = 'EACCES';
    else return readdirSync(path, { encoding: 'buffer' });
  } catch (e) {
    code = (e as NodeJS.ErrnoException).code;
  }
  const [level, status, errno] =
    code === 'ENOENT' || code === 'ENOTDIR'
      ? (['error', 404, code === 'ENOTDIR' ? 'ENOTDIR' : 'ENOENT_FILE'] as const)
      : code === 'EACCES'
        ? (['error', 403, 'EACCES'] as const)
        : (['crit', 500, undefined] as const);
  req.logError(level, `${req.ctx.os.openDirFn} "${req.ctx.displayPath(path)}" failed`, { errno });
  req.special(status);
  return undefined;
}

/** The entries nginx lists: names starting with a dot skipped, each stat()ed (lstat() for a broken link). */
function readEntries(req: HttpRequest, path: string, names: Buffer[]): Entry[] {
  const entries: Entry[] = [];
  for (const raw of names) {
    const name = raw.toString('latin1');
    if (name.startsWith('.')) continue;
    const file = Buffer.concat([Buffer.from(path + '/'), raw]);
    let st: Stats;
    try {
      st = statSync(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ELOOP') {
        // ngx_de_info() failed: nginx skips a name it may not stat, and lists none on other errors.
        req.logError('crit', `stat() "${req.ctx.displayPath(path + '/' + name)}" failed`, { errno: code === 'EACCES' ? 'EACCES' : undefined });
        if (code === 'EACCES') continue;
        return [];
      }
      st = lstatSync(file);
    }
    entries.push({ name, dir: st.isDirectory(), file: st.isFile(), mtime: Math.floor(st.mtimeMs / 1000), size: st.size });
  }
  return entries;
}

/** ngx_http_autoindex_cmp_entries(): directories first, then by name, byte by byte (strcmp()). */
function compareEntries(a: Entry, b: Entry): number {
  if (a.dir !== b.dir) return a.dir ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** ngx_escape_html(): the four characters that end a tag or an attribute. */
function escapeHtml(s: string): string {
  return s.replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));
}

/** ngx_escape_uri(NGX_ESCAPE_URI_COMPONENT): all but letters, digits and `-._~` as %XX. */
function escapeUriComponent(s: string): string {
  return s.replace(/[^A-Za-z0-9\-._~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** ngx_escape_json(): `"` and `\`, the control characters as \b \t \n \f \r or \u00XX; other bytes as they are. */
function escapeJson(s: string): string {
  const named: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
  return s.replace(/["\\\x00-\x1f]/g, (c) => (c === '"' || c === '\\' ? '\\' + c : (named[c] ?? '\\u00' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))));
}

/**
 * ngx_utf8_length() by ngx_utf8_decode(): the bytes of each character of `s` (latin1), or
 * undefined at the first that does not decode (nginx then counts bytes). As nginx decodes: a lead
 * byte from 0xC2, any byte from 0x80 after it, no overlong form, nothing past U+10FFFF.
 */
function utf8Chars(s: string): number[] | undefined {
  const out: number[] = [];
  for (let i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      out.push(1);
      i++;
      continue;
    }
    const [n, mask, valid] = c >= 0xf0 ? [4, 0x07, 0xffff] : c >= 0xe0 ? [3, 0x0f, 0x7ff] : c >= 0xc2 ? [2, 0x1f, 0x7f] : [0, 0, 0];
    if (!n || i + n > s.length) return undefined;
    let u = c & mask;
    for (let k = 1; k < n; k++) {
      const b = s.charCodeAt(i + k);
      if (b < 0x80) return undefined;
      u = (u << 6) | (b & 0x3f);
    }
    if (u <= valid || u > 0x10ffff) return undefined;
    out.push(n);
    i += n;
  }
  return out;
}

/**
 * The name column of one html line: the name cut to 50 characters (47 and `..>` when longer;
 * characters are UTF-8's under `charset utf-8`, else bytes), escaped, a directory's slash, and
 * the blanks up to the column's end.
 */
function nameColumn(e: Entry, utf8: boolean): string {
  const chars = (utf8 && utf8Chars(e.name)) || undefined;
  const len = chars ? chars.length : e.name.length;
  const keep = len > NAME_LEN ? NAME_LEN - 3 : len;
  const cut = chars ? e.name.slice(0, chars.slice(0, keep).reduce((n, c) => n + c, 0)) : e.name.slice(0, keep);
  if (len > NAME_LEN) return escapeHtml(cut) + '..&gt;</a>';
  const slash = e.dir && len < NAME_LEN ? '/' : '';
  return escapeHtml(cut) + slash + '</a>' + ' '.repeat(NAME_LEN - len - slash.length);
}

/** ngx_gmtime() of `seconds` (shifted by the local offset for autoindex_localtime). */
const tm = (seconds: number) => new Date(seconds * 1000);
const two = (n: number) => String(n).padStart(2, '0');

/** The size column: exact (19 wide), or rounded to K, M, G (7 wide); `-` for a directory. */
function sizeColumn(e: Entry, exact: boolean): string {
  if (exact) return e.dir ? '-'.padStart(19) : String(e.size).padStart(19);
  if (e.dir) return '-'.padStart(7);
  const scaled = (unit: number) => Math.floor(e.size / unit) + (e.size % unit > unit / 2 - 1 ? 1 : 0);
  if (e.size > 1024 ** 3 - 1) return String(scaled(1024 ** 3)).padStart(6) + 'G';
  if (e.size > 1024 ** 2 - 1) return String(scaled(1024 ** 2)).padStart(6) + 'M';
  if (e.size > 9999) return String(scaled(1024)).padStart(6) + 'K';
  return ' ' + String(e.size).padStart(6);
}

/** ngx_http_autoindex_html(). */
export function html(uri: string, entries: Entry[], o: { exactSize: boolean; offset: number; utf8: boolean }): string {
  const title = escapeHtml(uri);
  let s = `<html>\r\n<head><title>Index of ${title}</title></head>\r\n<body>\r\n<h1>Index of ${title}</h1><hr><pre><a href="../">../</a>\r\n`;
  for (const e of entries) {
    const t = tm(e.mtime + o.offset);
    const date = `${two(t.getUTCDate())}-${MONTHS[t.getUTCMonth()]}-${t.getUTCFullYear()} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
    s += `<a href="${escapeUriComponent(e.name)}${e.dir ? '/' : ''}">${nameColumn(e, o.utf8)} ${date} ${sizeColumn(e, o.exactSize)}\r\n`;
  }
  return s + '</pre><hr></body>\r\n</html>\r\n';
}

/** ngx_http_autoindex_json(): with `callback`, jsonp's. Times are HTTP dates, GMT. */
function json(entries: Entry[], callback?: string): string {
  const items = entries.map((e) => {
    const type = e.dir ? 'directory' : e.file ? 'file' : 'other';
    const mtime = tm(e.mtime).toUTCString();
    return `\r\n{ "name":"${escapeJson(e.name)}", "type":"${type}", "mtime":"${mtime}"${e.file ? `, "size":${e.size}` : ''} }`;
  });
  const list = `[${items.join(',')}\r\n]`;
  return callback === undefined ? list : `/* callback */\r\n${callback}(${list});`;
}

/** ngx_http_autoindex_xml(): its times are UTC's, autoindex_localtime or not (nginx 1.22.1's docs say otherwise). */
function xml(entries: Entry[]): string {
  let s = '<?xml version="1.0"?>\r\n<list>\r\n';
  for (const e of entries) {
    const type = e.dir ? 'directory' : e.file ? 'file' : 'other';
    const mtime = tm(e.mtime).toISOString().replace(/\.\d{3}Z$/, 'Z');
    s += `<${type} mtime="${mtime}"${e.file ? ` size="${e.size}"` : ''}>${escapeHtml(e.name)}</${type}>\r\n`;
  }
  return s + '</list>\r\n';
}

/**
 * ngx_http_autoindex_jsonp_callback(): the `callback` argument as sent ('' when there is none),
 * or undefined for one nginx refuses with a 400: longer than 128 bytes, or with a byte other
 * than a letter, a digit, `_` or `.`.
 */
function jsonpCallback(req: HttpRequest): string | undefined {
  const cb = httpArg(req.uri.args, 'callback');
  if (cb === undefined) return '';
  if (cb.length > 128) {
    req.logError('info', `client sent too long callback name: "${cb}"`);
    return undefined;
  }
  if (!/^[A-Za-z0-9_.]*$/.test(cb)) {
    req.logError('info', `client sent invalid callback name: "${cb}"`);
    return undefined;
  }
  return cb;
}

/** ngx_http_arg(): an argument's value, its name matched in any case. */
function httpArg(args: string, name: string): string | undefined {
  for (const part of args.split('&')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).toLowerCase() === name) return part.slice(eq + 1);
  }
  return undefined;
}
