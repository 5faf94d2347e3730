// ngx_http_gzip_filter_module: which answers are compressed (its header filter, with
// ngx_http_gzip_ok() of ngx_http_core_module.c), what that does to their head, and the compressor
// for their body; `Vary: Accept-Encoding`, which ngx_http_header_filter() writes after Connection
// for an answer either module judged (gzip_vary on), and $gzip_ratio.
import type { BodyFilter, FileForms, HeaderFilter, HttpRequest } from '../../request.js';
import { weakEtag, type ResponseFields } from '../../http/response.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { parseHttpTime } from '../../http/conditional.js';
import { browser } from '../../http/user-agent.js';
import { GZIP, type GzipConf } from './conf.js';

// Loaded at the first answer compressed, not with the worker: node:zlib is ~4 ms of every worker's start.
const zlib = () => process.getBuiltinModule('node:zlib');

/** r->gzip_vary: the answer could have been compressed, or gzip_static found a .gz. */
const varied = new WeakSet<HttpRequest>();
/** r->gzip_tested and r->gzip_ok: ngx_http_gzip_ok() judges a request once. */
const judged = new WeakMap<HttpRequest, boolean>();
/** What a compressed answer took in and gave out, for $gzip_ratio (ctx->zin, ctx->zout). */
const sizes = new WeakMap<HttpRequest, { zin: number; zout: number }>();

/** gzip_static found the .gz: the answer says `Vary: Accept-Encoding` (with gzip_vary on). */
export function markVary(req: HttpRequest): void {
  varied.add(req);
}

const header = (f: ResponseFields, name: string) => f.extra?.findLast(([n]) => n.toLowerCase() === name)?.[1];

/** The media type ngx_http_test_content_type() tests: the part before `; charset=`, lowercased. */
function mediaType(contentType: string): string {
  const at = contentType.search(/; *charset=/i);
  return (at < 0 ? contentType : contentType.slice(0, at)).toLowerCase();
}

/** ngx_http_gzip_header_filter()'s tests before ngx_http_gzip_ok(): gzip on, the status, the encoding, the length, the type. */
function compressible(loc: GzipConf, f: ResponseFields): boolean {
  if (!loc.gzip || (f.status !== 200 && f.status !== 403 && f.status !== 404)) return false;
  if (header(f, 'content-encoding')) return false;
  if (f.contentLength !== undefined && f.contentLength < loc.gzipMinLength) return false;
  if (loc.gzipTypes === '*') return true;
  return !!f.contentType && loc.gzipTypes.has(mediaType(f.contentType));
}

/** ngx_http_gzip_quantity(): 100 for a 1, plus each decimal digit as it is (only a 0 counts: no gzip), 0 for anything it does not read. */
function quantity(v: string): number {
  const m = /^([01])(?:$|[, ]|\.(\d*)(?:$|[, ]))/.exec(v);
  if (!m) return 0;
  const frac = m[2] ?? '';
  if (frac.length > 3) return 0;
  const q = Number(m[1]) * 100 + [...frac].reduce((n, d) => n + Number(d), 0);
  return q > 100 ? 0 : q;
}

/**
 * ngx_http_gzip_accept_encoding(): `gzip` (any case) first, or after a comma or a blank, then
 * nothing, a comma, or `;q=` with a non-zero quantity. `x-gzip`, `*` and `identity` are no gzip.
 */
export function acceptsGzip(ae: string): boolean {
  if (ae.length < 4) return false;
  if (ae.startsWith('gzip,')) return true;
  const lower = ae.toLowerCase();
  let at = -1;
  // As nginx's loop: a match right where the last search resumed counts too (`xgzipgzip`).
  for (let from = 0; ; from = at + 4) {
    at = lower.indexOf('gzip', from);
    if (at < 0) return false;
    if (at === from || ae[at - 1] === ',' || ae[at - 1] === ' ') break;
  }
  let p = at + 4;
  for (; p < ae.length; p++) {
    if (ae[p] === ',') return true;
    if (ae[p] === ';') break;
    if (ae[p] !== ' ') return false;
  }
  if (p >= ae.length) return true;
  for (p++; p < ae.length; p++) {
    if (ae[p] === 'q' || ae[p] === 'Q') break;
    if (ae[p] !== ' ') return false;
  }
  if (p >= ae.length) return true;
  p++;
  if (p + 2 > ae.length || ae[p] !== '=') return false;
  return quantity(ae.slice(p + 1)) > 0;
}

/** gzip_proxied, for a request that came through a proxy (it has Via): may its answer be compressed? */
function proxiedOk(req: HttpRequest, loc: GzipConf, f: ResponseFields): boolean {
  const p = loc.gzipProxied;
  if (p.has('off')) return false;
  if (p.has('any')) return true;
  if (req.header('authorization') !== undefined && p.has('auth')) return true;
  const expires = header(f, 'expires');
  if (expires !== undefined) {
    if (!p.has('expired')) return false;
    const at = parseHttpTime(expires);
    return at !== -1 && at < Date.now() / 1000;
  }
  const cc = f.extra?.filter(([n]) => n.toLowerCase() === 'cache-control').map(([, v]) => v);
  if (cc?.length) return (['no-cache', 'no-store', 'private'] as const).some((t) => p.has(t) && cc.some((v) => hasToken(v, t)));
  if (p.has('no_last_modified') && (f.lastModified !== undefined || header(f, 'last-modified') !== undefined)) return false;
  if (p.has('no_etag') && header(f, 'etag') !== undefined) return false;
  return true;
}

/** ngx_http_parse_multi_header_lines() without a value: `token` as an item of the list, alone. */
function hasToken(list: string, token: string): boolean {
  return list.split(/,[ ,]*/).some((item) => item.toLowerCase() === token);
}

/** ngx_http_gzip_ok(): the request's Accept-Encoding, User-Agent, version and Via allow a gzipped answer (`f`: the answer so far). */
export function gzipOk(req: HttpRequest, f?: ResponseFields): boolean {
  // A subrequest's output is part of its parent's answer (r != r->main).
  if (req.parent) return false;
  const known = judged.get(req);
  if (known !== undefined) return known;
  const loc = moduleConf(req.loc, GZIP);
  const ae = req.header('accept-encoding');
  const ua = req.header('user-agent');
  let ok = ae !== undefined && acceptsGzip(ae) && !(loc.gzipDisableMsie6 && browser(ua).msie6) && req.head.version >= loc.gzipHttpVersion;
  if (ok && req.header('via') !== undefined) ok = proxiedOk(req, loc, f ?? { status: 200 });
  if (ok && ua !== undefined) ok = !loc.gzipDisable.some((re) => re.test(ua));
  judged.set(req, ok);
  return ok;
}

/**
 * The gzip header filter's judgement of a whole 200 the static handler is about to cut into
 * ranges: nginx's range filter comes after gzip's, so a 200 that gzip compresses is sent whole
 * (it clears r->allow_ranges), and one it judged and left is varied all the same.
 */
export function willCompress(req: HttpRequest, f: ResponseFields): boolean {
  if (!compressible(moduleConf(req.loc, GZIP), f)) return false;
  varied.add(req);
  return gzipOk(req, f);
}

export const gzipHeaderFilter: HeaderFilter = (req, f) => {
  const loc = moduleConf(req.loc, GZIP);
  if (compressible(loc, f)) {
    varied.add(req);
    if (gzipOk(req, f)) {
      if (req.hasBody(f.status)) req.addBodyFilter(new GzipBody(req, loc, f.contentLength));
      const extra = weakEtag(f.extra ?? []).filter(([n]) => n.toLowerCase() !== 'accept-ranges');
      f = { ...f, contentLength: undefined, rangeHeaders: undefined, extra: [...extra, ['Content-Encoding', 'gzip']] };
    }
  }
  if (loc.gzipVary && varied.has(req)) f = { ...f, extra: [['Vary', 'Accept-Encoding'], ...(f.extra ?? [])] };
  return f;
};

/** Input held before it is compressed: one deflate call per this much (a call's own cost is some 50 µs). */
const HOLD = 256 * 1024;

/** gzip's header as zlib writes it: no name, no time, XFL from the level, OS 3 (Unix). */
function gzipHeader(level: number): Buffer {
  return Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, level === 9 ? 2 : level === 1 ? 4 : 0, 3]);
}

/**
 * The compressor (ngx_http_gzip_body_filter()): a gzip stream made of raw deflate pieces, each
 * compressed with the input before it as its dictionary and ended with a sync flush, so that
 * they join into one stream; synchronous, so the bytes go out in the order they came.
 */
class GzipBody implements BodyFilter {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The last window of input: the next piece's dictionary. */
  private window?: Buffer;
  private crc = 0;
  private zin = 0;
  private zout = 0;
  private readonly windowBits: number;
  private readonly memLevel: number;

  constructor(
    private readonly req: HttpRequest,
    private readonly loc: GzipConf,
    contentLength: number | undefined,
  ) {
    // ngx_http_gzip_filter_memory(): a smaller window (and hash) for a body known to be small.
    let wbits = loc.gzipWindowBits;
    let mem = loc.gzipMemLevel;
    if (contentLength !== undefined && contentLength > 0) {
      while (contentLength < (1 << (wbits - 1)) - 262) {
        wbits--;
        mem--;
      }
    }
    this.windowBits = Math.max(wbits, 9);
    this.memLevel = Math.max(mem, 1);
  }

  write(b: Buffer, next: (b: Buffer) => void): void {
    this.held.push(b);
    this.heldBytes += b.length;
    if (this.heldBytes >= HOLD) this.out(next, [this.deflate(zlib().constants.Z_SYNC_FLUSH)]);
  }

  end(next: (b: Buffer) => void, done: () => void): void {
    const last = this.deflate(zlib().constants.Z_FINISH);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(this.crc >>> 0, 0);
    trailer.writeUInt32LE(this.zin % 2 ** 32, 4);
    this.out(next, [last, trailer]);
    sizes.set(this.req, { zin: this.zin, zout: this.zout });
    done();
  }

  discard(): void {
    this.held = [];
  }

  /**
   * A kept file's whole contents: compressed once per level, window and memLevel, then sent as
   * kept. The same input through the same zlib settings gives the same bytes, so the answer is
   * what compressing it again would send.
   */
  whole(b: Buffer, forms: FileForms, next: (b: Buffer) => void): void {
    const key = `gzip ${this.loc.gzipCompLevel} ${this.windowBits} ${this.memLevel}`;
    const kept = forms.get(key);
    if (kept) {
      sizes.set(this.req, { zin: b.length, zout: kept.length });
      next(kept);
      return;
    }
    const pieces: Buffer[] = [];
    const take = (x: Buffer) => pieces.push(x);
    this.write(b, take);
    this.end(take, () => undefined);
    // More than HOLD goes in several pieces (chunks): only a one-piece answer is kept as it is.
    if (pieces.length === 1) forms.keep(key, pieces[0]);
    for (const p of pieces) next(p);
  }

  /** The held input as one more piece of the deflate stream (the last one with Z_FINISH). */
  private deflate(flush: number): Buffer {
    const input = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    const options = { level: this.loc.gzipCompLevel, windowBits: this.windowBits, memLevel: this.memLevel, finishFlush: flush };
    const piece = zlib().deflateRawSync(input, this.window ? { ...options, dictionary: this.window } : options);
    this.crc = zlib().crc32(input, this.crc);
    this.zin += input.length;
    const size = 1 << this.windowBits;
    this.window = input.length >= size ? input.subarray(input.length - size) : Buffer.concat([this.window ?? Buffer.alloc(0), input]).subarray(-size);
    return piece;
  }

  /** To the client in one piece (one chunk), the gzip header before the first. */
  private out(next: (b: Buffer) => void, parts: Buffer[]): void {
    if (this.zout === 0) parts.unshift(gzipHeader(this.loc.gzipCompLevel));
    const b = Buffer.concat(parts);
    this.zout += b.length;
    next(b);
  }
}

/** $gzip_ratio: what went in over what came out, to two places, once the compressed body has ended. */
export function gzipRatio(req: HttpRequest): string | undefined {
  const s = sizes.get(req);
  if (!s || !s.zout) return undefined;
  let int = Math.floor(s.zin / s.zout);
  let frac = Math.floor((s.zin * 100) / s.zout) % 100;
  // ngx_http_gzip_ratio_variable()'s rounding: 2.125 to 2.13.
  if (Math.floor((s.zin * 1000) / s.zout) % 10 > 4) {
    if (++frac > 99) {
      int++;
      frac = 0;
    }
  }
  return `${int}.${String(frac).padStart(2, '0')}`;
}
