// ngx_http_headers_filter(): `expires` sets Expires and Cache-Control, then each `add_header` in
// order, both only for the statuses below unless `add_header ... always` (expires has no always);
// `add_trailer`, on the same terms, makes the body chunked and adds its fields after the last chunk.
// The headers go after the ones the handler set (a static file's ETag, an upstream's), before
// those of the filters that come later (Accept-Ranges, Content-Range).
import type { BodyFilter, HttpRequest } from '../../request.js';
import type { ResponseFields } from '../../http/response.js';
import { HEADERS, parseExpiresValue, type AddHeader, type Expires } from './conf.js';
import { evaluate } from '../../variable-values.js';
import { clock } from '../../../logs/writer.js';
import { moduleConf } from '../../../nginx-conf/directive.js';

const SAFE_STATUSES = new Set([200, 201, 204, 206, 301, 302, 303, 304, 307, 308]);

/** `expires max`: nginx's fixed date, and ten years. */
const MAX_DATE = 'Thu, 31 Dec 2037 23:55:55 GMT';
const EPOCH_DATE = 'Thu, 01 Jan 1970 00:00:01 GMT';

type Header = [string, string];

export function headersFilter(req: HttpRequest, f: ResponseFields): ResponseFields {
  const { expires, addHeaders, addTrailers } = moduleConf(req.loc, HEADERS);
  // A subrequest's head is not sent (r != r->main).
  if ((expires.kind === 'off' && !addHeaders.length && !addTrailers.length) || req.parent) return f;
  const safe = SAFE_STATUSES.has(f.status);
  const trailers = addTrailers.filter((t) => safe || t.always);
  // r->expect_trailers: the chunked filter then sends the body chunked, and the trailers are taken at its end.
  if (trailers.length) {
    req.expectTrailers = true;
    req.addBodyFilter(new Trailers(req, trailers));
  }
  const out: ResponseFields = { ...f, extra: [...(f.extra ?? [])] };
  // r->headers_out is live: $sent_http_* in a value sees the headers added before it.
  req.sent = out;
  // The head's Date; a static 416's first run, for the 200, comes before there is one.
  const e = safe ? expiresOf(req, expires) : undefined;
  if (e) setExpires(out, out.extra!, e, req.date || clock.http());
  for (const h of addHeaders) if (safe || h.always) addHeader(out, out.extra!, h.name, evaluate(req, h.value));
  return out;
}

/** ngx_http_trailers_filter(): at the body's end, each add_trailer whose value is not empty. */
class Trailers implements BodyFilter {
  constructor(
    private readonly req: HttpRequest,
    private readonly trailers: readonly AddHeader[],
  ) {}
  write(b: Buffer, next: (b: Buffer) => void): void {
    next(b);
  }
  end(_next: (b: Buffer) => void, done: () => void): void {
    for (const t of this.trailers) {
      const value = evaluate(this.req, t.value);
      if (value) this.req.trailers.push([t.name, value]);
    }
    done();
  }
  discard(): void {}
}

/** ngx_http_set_expires()'s start: a value with variables that is no valid `expires` sets nothing, silently. */
function expiresOf(req: HttpRequest, expires: Expires): Expires | undefined {
  const e = expires.kind === 'variable' ? parseExpiresValue(evaluate(req, expires.value), expires.modified) : expires;
  return 'error' in e || e.kind === 'off' ? undefined : e;
}

const findHeader = (extra: Header[], key: string) => extra.findIndex(([n]) => n.toLowerCase() === key);

/**
 * ngx_http_set_expires(): an Expires already there (an upstream's) gets the new value in its
 * place, and so does the first Cache-Control (the others are dropped); missing ones are added,
 * Expires first.
 */
function setExpires(f: ResponseFields, extra: Header[], e: Expires, date: string): void {
  const now = Date.parse(date) / 1000;
  let value: string;
  let cacheControl: string;
  if (e.kind === 'off' || e.kind === 'variable') return;
  if (e.kind === 'epoch') [value, cacheControl] = [EPOCH_DATE, 'no-cache'];
  else if (e.kind === 'max') [value, cacheControl] = [MAX_DATE, 'max-age=315360000'];
  else if (e.kind === 'daily') {
    const at = nextTime(now, e.seconds);
    [value, cacheControl] = [new Date(at * 1000).toUTCString(), `max-age=${at - now}`];
  } else if (e.seconds === 0) [value, cacheControl] = [date, 'max-age=0'];
  else {
    const lastModified = e.kind === 'modified' ? lastModifiedTime(f, extra) : undefined;
    const at = (lastModified ?? now) + e.seconds;
    const maxAge = lastModified === undefined ? e.seconds : at - now;
    value = new Date(at * 1000).toUTCString();
    cacheControl = e.seconds < 0 || maxAge < 0 ? 'no-cache' : `max-age=${maxAge}`;
  }
  const i = findHeader(extra, 'expires');
  if (i >= 0) extra[i] = [extra[i][0], value];
  else extra.push(['Expires', value]);
  const cc = extra.flatMap(([n], k) => (n.toLowerCase() === 'cache-control' ? [k] : []));
  if (!cc.length) {
    extra.push(['Cache-Control', cacheControl]);
    return;
  }
  extra[cc[0]] = [extra[cc[0]][0], cacheControl];
  for (const k of cc.slice(1).reverse()) extra.splice(k, 1);
}

/** ngx_next_time(): that time of day (local time) today, or tomorrow once it has passed; Unix seconds. */
function nextTime(now: number, daily: number): number {
  const d = new Date(now * 1000);
  d.setHours(Math.floor(daily / 3600), Math.floor((daily % 3600) / 60), daily % 60, 0);
  if (d.getTime() / 1000 > now) return d.getTime() / 1000;
  d.setDate(d.getDate() + 1);
  return d.getTime() / 1000;
}

/** r->headers_out.last_modified_time: a static file's, or the upstream's Last-Modified (seconds). */
function lastModifiedTime(f: ResponseFields, extra: Header[]): number | undefined {
  const text = f.lastModified ?? extra[findHeader(extra, 'last-modified')]?.[1];
  const ms = text === undefined ? NaN : Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * ngx_http_headers_add()'s handlers: ETag and Last-Modified replace the answer's own (an empty
 * value removes it); any other header is added, unless its value is empty.
 */
function addHeader(f: ResponseFields, extra: Header[], name: string, value: string): void {
  const key = name.toLowerCase();
  if (key !== 'etag' && key !== 'last-modified') {
    if (value) extra.push([name, value]);
    return;
  }
  // A static file's Last-Modified, written in its own place, is then no longer the answer's.
  if (key === 'last-modified') f.lastModified = undefined;
  const i = findHeader(extra, key);
  if (!value) {
    if (i >= 0) extra.splice(i, 1);
  } else if (i >= 0) extra[i] = [name, value];
  else extra.push([name, value]);
}
