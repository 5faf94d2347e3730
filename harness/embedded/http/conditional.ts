// The filters nginx puts between a static file and the client: ngx_http_not_modified_filter_module
// (If-Unmodified-Since, If-Match, If-Modified-Since, If-None-Match) and
// ngx_http_range_filter_module (Range, If-Range, 206 and multipart/byteranges, 416). They apply
// to a 200 that nginx itself produces; a proxied response passes through them untouched.
import type { HeaderField } from './request-head.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// RFC 1123 `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, asctime `Sun Nov  6 08:49:37 1994`.
const RFC1123 = /^[A-Za-z]+, (\d\d) ([A-Za-z]{3}) (\d{4}) (\d\d):(\d\d):(\d\d) GMT$/;
const RFC850 = /^[A-Za-z]+, (\d\d)-([A-Za-z]{3})-(\d\d) (\d\d):(\d\d):(\d\d) GMT$/;
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d) (\d\d):(\d\d):(\d\d) (\d{4})$/;

/** ngx_parse_http_time(): Unix seconds, or -1 (NGX_ERROR) for anything else. */
export function parseHttpTime(s: string): number {
  let f: { day: string; month: string; year: number; time: string[] };
  let x: RegExpExecArray | null;
  if ((x = RFC1123.exec(s))) f = { day: x[1], month: x[2], year: Number(x[3]), time: x.slice(4, 7) };
  else if ((x = RFC850.exec(s))) f = { day: x[1], month: x[2], year: 1900 + Number(x[3]) + (Number(x[3]) < 70 ? 100 : 0), time: x.slice(4, 7) };
  else if ((x = ASCTIME.exec(s))) f = { day: x[2], month: x[1], year: Number(x[6]), time: x.slice(3, 6) };
  else return -1;
  const mon = MONTHS.indexOf(f.month.toLowerCase());
  const [h, m, sec] = f.time.map(Number);
  const d = Number(f.day);
  if (mon < 0 || d < 1 || d > 31 || h > 23 || m > 59 || sec > 59) return -1;
  return Date.UTC(f.year, mon, d, h, m, sec) / 1000;
}

/** ngx_http_test_if_match(): `*`, or the ETag in a comma-separated list (W/ allowed when `weak`); no ETag (etag off) matches only `*`. */
function etagListed(list: string, etag: string | undefined, weak: boolean): boolean {
  if (list === '*') return true;
  if (etag === undefined) return false;
  let at = 0;
  while (at < list.length) {
    if (weak && list.length - at > 2 && list.startsWith('W/', at)) at += 2;
    if (list.startsWith(etag, at)) {
      let end = at + etag.length;
      while (list[end] === ' ' || list[end] === '\t') end++;
      if (end === list.length || list[end] === ',') return true;
    }
    while (at < list.length && list[at] !== ',') at++;
    while (at < list.length && (list[at] === ' ' || list[at] === '\t' || list[at] === ',')) at++;
  }
  return false;
}

export interface Validators {
  /** Undefined with `etag off`. */
  etag: string | undefined;
  /** Last-Modified in Unix seconds. */
  mtime: number;
}

/**
 * ngx_http_test_if_modified(): whether If-Modified-Since says the file is modified, by
 * if_modified_since (`off`: always; `exact`: unless the very same second; `before`: unless that
 * second or a later one). A date nginx cannot read is -1, before any file.
 */
function modifiedSince(ims: string, mtime: number, mode: 'off' | 'exact' | 'before'): boolean {
  if (mode === 'off') return true;
  const since = parseHttpTime(ims);
  if (since === mtime) return false;
  return mode === 'exact' || since < mtime;
}

/** What the not-modified filter makes of a 200: send it, a 304, or a 412 (`ims`: if_modified_since). */
export function preconditions(headers: HeaderField[], v: Validators, ims: 'off' | 'exact' | 'before'): 200 | 304 | 412 {
  const get = (key: string) => headers.find((h) => h.key === key)?.value;
  const ius = get('if-unmodified-since');
  if (ius !== undefined && !(parseHttpTime(ius) >= v.mtime)) return 412;
  const im = get('if-match');
  if (im !== undefined && !etagListed(im, v.etag, false)) return 412;
  const since = get('if-modified-since');
  const inm = get('if-none-match');
  if (since === undefined && inm === undefined) return 200;
  if (since !== undefined && modifiedSince(since, v.mtime, ims)) return 200;
  if (inm !== undefined && !etagListed(inm, v.etag, true)) return 200;
  return 304;
}

/** Byte ranges [start, end) of a file of `size` bytes. */
export type Ranges = { start: number; end: number }[];

/**
 * ngx_http_range_header_filter() and ngx_http_range_parse(): the ranges to send, 416 when none
 * can be, or undefined for the whole file (no Range, not `bytes=`, a stale If-Range, or ranges
 * that add up to more than the file).
 */
export function byteRanges(headers: HeaderField[], v: Validators, size: number, maxRanges = Infinity): Ranges | 416 | undefined {
  const get = (key: string) => headers.find((h) => h.key === key)?.value;
  const range = get('range');
  if (range === undefined || range.length < 7 || range.slice(0, 6).toLowerCase() !== 'bytes=') return undefined;
  const ifRange = get('if-range');
  if (ifRange !== undefined) {
    if (ifRange.length >= 2 && ifRange.endsWith('"')) {
      if (ifRange !== v.etag) return undefined;
    } else if (parseHttpTime(ifRange) !== v.mtime) {
      return undefined;
    }
  }
  const s = range.slice(6);
  const out: Ranges = [];
  let total = 0;
  let at = 0;
  const spaces = () => {
    while (s[at] === ' ') at++;
  };
  const digits = (): number | undefined => {
    const from = at;
    while (s[at] >= '0' && s[at] <= '9') at++;
    return at > from ? Number(s.slice(from, at)) : undefined;
  };
  for (;;) {
    let start = 0;
    let end: number;
    spaces();
    if (s[at] !== '-') {
      const n = digits();
      if (n === undefined) return 416;
      start = n;
      spaces();
      if (s[at++] !== '-') return 416;
      spaces();
      if (s[at] === ',' || at >= s.length) {
        end = size;
      } else {
        const e = digits();
        if (e === undefined) return 416;
        spaces();
        if (at < s.length && s[at] !== ',') return 416;
        end = e >= size ? size : e + 1;
      }
    } else {
      at++;
      const suffix = digits();
      if (suffix === undefined) return 416;
      spaces();
      if (at < s.length && s[at] !== ',') return 416;
      start = suffix < size ? size - suffix : 0;
      end = size;
    }
    if (start < end) {
      out.push({ start, end });
      total += end - start;
      // More ranges than max_ranges: the whole file.
      if (out.length > maxRanges) return undefined;
    } else if (start === 0) {
      return undefined;
    }
    if (s[at++] !== ',') break;
  }
  if (!out.length) return 416;
  if (total > size) return undefined;
  return out;
}

/** The framing of a multipart/byteranges body around each part, and its end. */
export function multipartFraming(boundary: string, type: string, ranges: Ranges, size: number): { heads: string[]; tail: string } {
  return {
    heads: ranges.map((r) => `\r\n--${boundary}\r\nContent-Type: ${type}\r\nContent-Range: bytes ${r.start}-${r.end - 1}/${size}\r\n\r\n`),
    tail: `\r\n--${boundary}--\r\n`,
  };
}
