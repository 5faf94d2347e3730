// ngx_http_charset_header_filter() and its body filter: `charset` is named in Content-Type for
// charset_types; an answer that names its own (an upstream's `text/html; charset=...`) keeps it
// unless override_charset. When the answer's charset (its own, or source_charset) differs from
// `charset`, the body is recoded by the charset_map between them, and without one nginx logs
// that it has none and leaves the answer as it is.
import type { BodyFilter, HttpRequest } from '../../request.js';
import type { ResponseFields } from '../../http/response.js';
import { CHARSET, findCharsetMap, type CharsetMap } from './conf.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { evaluate } from '../../variable-values.js';

/** Content-Type as ngx_http_upstream_copy_content_type() reads it: the type's length, and its charset= if any. */
function parseContentType(value: string): { typeLen: number; charset?: string } {
  for (let p = value.indexOf(';'); p >= 0; p = value.indexOf(';', p + 1)) {
    const last = p;
    do p++;
    while (value[p] === ' ');
    if (p >= value.length) break;
    if (value.slice(p, p + 8).toLowerCase() !== 'charset=') continue;
    let charset = value.slice(p + 8);
    if (charset.startsWith('"')) charset = charset.slice(1);
    if (charset.endsWith('"')) charset = charset.slice(0, -1);
    return { typeLen: last, charset };
  }
  return { typeLen: value.length };
}

/** A `charset` or `source_charset` value: with `$`, evaluated for this answer. */
const named = (req: HttpRequest, v: string) => (v.includes('$') ? evaluate(req, v) : v);

export function charsetFilter(req: HttpRequest, f: ResponseFields): ResponseFields {
  const loc = moduleConf(req.loc, CHARSET);
  const type = f.contentType;
  // ngx_http_destination_charset(); a subrequest's output is its parent's to recode.
  if (!type || loc.charset === undefined || req.parent) return f;
  const ct = parseContentType(type);
  if (ct.charset !== undefined) {
    if (!loc.overrideCharset) return f;
  } else if (loc.charsetTypes !== '*' && !loc.charsetTypes.has(type.slice(0, ct.typeLen).toLowerCase())) {
    return f;
  }
  const dst = named(req, loc.charset);
  // ngx_http_source_charset()
  const src = ct.charset ?? (loc.sourceCharset === undefined ? undefined : named(req, loc.sourceCharset));
  if (src === undefined) return withCharset(f, type, dst);
  if (src.toLowerCase() === dst.toLowerCase()) return withCharset(f, type.slice(0, ct.typeLen), dst);
  // An encoded answer (a .gz of gzip_static) is not recoded.
  if (f.extra?.some(([n, v]) => n.toLowerCase() === 'content-encoding' && v)) return f;
  const found = findCharsetMap(loc.charsetMaps, src, dst);
  if (!found) {
    req.logError('error', `no "charset_map" between the charsets "${src}" and "${dst}"`);
    return f;
  }
  const recoder = new Recoder(found.map, found.reverse);
  if (req.hasBody(f.status)) req.addBodyFilter(recoder);
  // To or from utf-8, the length changes.
  return withCharset({ ...f, contentLength: found.map.utf8 ? undefined : f.contentLength }, type.slice(0, ct.typeLen), dst);
}

/**
 * ngx_http_set_charset() and the header filter: `; charset=` after the type (cut before an old
 * charset= where it named one); a 301 or 302 gets none (for the old browsers that kept it for the
 * next page).
 */
function withCharset(f: ResponseFields, type: string, charset: string): ResponseFields {
  if (f.status === 301 || f.status === 302) return { ...f, contentType: type };
  return { ...f, contentType: `${type}; charset=${charset}` };
}

/** The body recoded by a charset_map, byte by byte, to UTF-8, or from UTF-8 (its sequences cut between pieces kept for the next). */
class Recoder implements BodyFilter {
  /** The start of a UTF-8 sequence the last piece ended in. */
  private saved = Buffer.alloc(0);

  constructor(
    private readonly map: CharsetMap,
    private readonly reverse: boolean,
  ) {}

  write(b: Buffer, next: (b: Buffer) => void): void {
    if (!this.map.utf8) next(this.bytes(b, (this.reverse ? this.map.dst2src : this.map.src2dst) as Uint8Array));
    else if (!this.reverse) next(Buffer.concat(Array.from(b, (c) => (this.map.src2dst as readonly Buffer[])[c])));
    else next(this.fromUtf8(Buffer.concat([this.saved, b])));
  }

  end(_next: (b: Buffer) => void, done: () => void): void {
    this.saved = Buffer.alloc(0);
    done();
  }

  discard(): void {
    this.saved = Buffer.alloc(0);
  }

  private bytes(b: Buffer, table: Uint8Array): Buffer {
    const out = Buffer.allocUnsafe(b.length);
    for (let i = 0; i < b.length; i++) out[i] = table[b[i]];
    return out;
  }

  /**
   * Each code point the map has is its byte, any other `&#N;`, an invalid sequence `?`; a
   * sequence cut by the piece's end waits for the next (and is dropped at the body's end).
   */
  private fromUtf8(b: Buffer): Buffer {
    const table = this.map.dst2src as ReadonlyMap<number, number>;
    const out: number[] = [];
    let i = 0;
    while (i < b.length) {
      if (b[i] < 0x80) {
        out.push(b[i++]);
        continue;
      }
      const d = utf8Decode(b, i);
      if (d === 'incomplete') break;
      i = d.next;
      const byte = d.cp === undefined ? undefined : table.get(d.cp);
      if (byte) out.push(byte);
      else if (d.cp === undefined || d.cp > 0x10ffff) out.push(0x3f);
      else for (const x of Buffer.from(`&#${d.cp};`)) out.push(x);
    }
    this.saved = Buffer.from(b.subarray(i));
    return Buffer.from(out);
  }
}

/**
 * ngx_utf8_decode() at `i`: the code point (undefined: invalid, an overlong form too) and where
 * the next one starts, or 'incomplete' when the bytes end first. Continuation bytes are only
 * checked to be 0x80 or above, as nginx checks them.
 */
function utf8Decode(b: Buffer, i: number): { cp?: number; next: number } | 'incomplete' {
  const u = b[i];
  const [len, mask, valid] = u >= 0xf0 ? [3, 0x07, 0xffff] : u >= 0xe0 ? [2, 0x0f, 0x7ff] : u >= 0xc2 ? [1, 0x1f, 0x7f] : [0, 0, 0];
  if (!len) return { next: i + 1 };
  if (b.length - i - 1 < len) return 'incomplete';
  let cp = u & mask;
  for (let k = 1; k <= len; k++) {
    const c = b[i + k];
    if (c < 0x80) return { next: i + k + 1 };
    cp = (cp << 6) | (c & 0x3f);
  }
  return { cp: cp > valid ? cp : undefined, next: i + len + 1 };
}
