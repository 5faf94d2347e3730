// The gzip settings of nginx 1.22.1, three modules' worth: ngx_http_gzip_filter_module's (gzip,
// gzip_types, gzip_min_length, gzip_comp_level, gzip_window, gzip_hash, gzip_buffers,
// postpone_gzipping, gzip_no_buffer), ngx_http_gzip_static_module's (gzip_static), and the ones
// ngx_http_core_module keeps for both (gzip_vary, gzip_http_version, gzip_proxied, gzip_disable).
import type { Directive } from '../../../nginx-conf/parse.js';
import { ConfError, unsupported } from '../../../nginx-conf/error.js';
import { HSL, HSL_IF, ANY, type ConfModule } from '../../../nginx-conf/directive.js';
import { parseEnum, parseFlag, parseHttpVersion, parseNumber, parseSize, typesSlot } from '../../../nginx-conf/values.js';

/** gzip_proxied's values (ngx_http_gzip_proxied_mask[]). */
export type GzipProxied = 'off' | 'expired' | 'no-cache' | 'no-store' | 'private' | 'no_last_modified' | 'no_etag' | 'auth' | 'any';
const PROXIED: readonly GzipProxied[] = ['off', 'expired', 'no-cache', 'no-store', 'private', 'no_last_modified', 'no_etag', 'auth', 'any'];

export interface GzipConf {
  gzip: boolean;
  /** Lowercased media types, text/html always among them; '*': any type. */
  gzipTypes: ReadonlySet<string> | '*';
  gzipMinLength: number;
  gzipCompLevel: number;
  /** gzip_window as zlib's window bits (32k: 15). */
  gzipWindowBits: number;
  /** gzip_hash as zlib's memLevel (128k: 9; nginx's default 64k: 8). */
  gzipMemLevel: number;
  gzipVary: boolean;
  gzipHttpVersion: 10 | 11;
  gzipProxied: ReadonlySet<GzipProxied>;
  /** gzip_disable's regular expressions (caseless), tested against User-Agent. */
  gzipDisable: readonly RegExp[];
  /** gzip_disable msie6: MSIE 4 to 6 (6 without SV1), not Opera. */
  gzipDisableMsie6: boolean;
  gzipStatic: 'off' | 'on' | 'always';
}

/** ngx_conf_set_size_slot() for a power of two between `min` and `max`: its log2, or nginx's message. */
function powerOfTwo(d: Directive, min: number, max: number, message: string): number {
  const size = parseSize(d, d.args[0]);
  for (let bits = Math.log2(max), s = max; s >= min; s /= 2, bits--) if (s === size) return bits;
  throw new ConfError(`"${d.name}" directive ${message}`, d.file, d.line);
}

export const GZIP: ConfModule<GzipConf> = {
  defaults: {
    gzip: false,
    gzipTypes: new Set(['text/html']),
    gzipMinLength: 20,
    gzipCompLevel: 1,
    gzipWindowBits: 15,
    gzipMemLevel: 8,
    gzipVary: false,
    gzipHttpVersion: 11,
    gzipProxied: new Set(['off']),
    gzipDisable: [],
    gzipDisableMsie6: false,
    gzipStatic: 'off',
  },
  directives: {
    gzip: { ctx: HSL_IF, args: [1, 1], once: true, set: (l, d) => (l.gzip = parseFlag(d)) },
    gzip_types: { ctx: HSL, args: [1, ANY], set: (l, d, c) => (l.gzipTypes = typesSlot(l.gzipTypes, d.args, c.firstHere)) },
    gzip_min_length: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.gzipMinLength = parseSize(d, d.args[0])) },
    gzip_comp_level: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      set: (l, d) => {
        const n = parseNumber(d, d.args[0]);
        if (n < 1 || n > 9) throw new ConfError('value must be between 1 and 9', d.file, d.line);
        l.gzipCompLevel = n;
      },
    },
    gzip_window: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.gzipWindowBits = powerOfTwo(d, 512, 32 * 1024, 'must be 512, 1k, 2k, 4k, 8k, 16k, or 32k')) },
    gzip_hash: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.gzipMemLevel = powerOfTwo(d, 512, 128 * 1024, 'must be 512, 1k, 2k, 4k, 8k, 16k, 32k, 64k, or 128k') - 8) },
    // How many output buffers of what size nginx compresses into, and whether it waits for input
    // first (postpone_gzipping) or sends each buffer as it fills (gzip_no_buffer): where the
    // compressed stream is cut into chunks, never what it decompresses to, nor any header.
    gzip_buffers: {
      ctx: HSL,
      args: [2, 2],
      once: true,
      set: (_l, d) => {
        // ngx_conf_set_bufs_slot(): neither may be 0.
        if (!parseNumber(d, d.args[0], `"${d.name}" directive invalid value`) || !parseSize(d, d.args[1])) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
      },
    },
    postpone_gzipping: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseSize(d, d.args[0]) },
    gzip_no_buffer: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseFlag(d) },
    gzip_vary: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.gzipVary = parseFlag(d)) },
    gzip_http_version: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.gzipHttpVersion = parseHttpVersion(d) === '1.0' ? 10 : 11) },
    // ngx_conf_set_bitmask_slot(): a second line in the same block adds to the first.
    gzip_proxied: {
      ctx: HSL,
      args: [1, ANY],
      set: (l, d, c) => {
        const set = new Set(c.firstHere ? [] : l.gzipProxied);
        for (const v of d.args) {
          if (!PROXIED.includes(v as GzipProxied)) throw new ConfError(`invalid value "${v}"`, d.file, d.line);
          set.add(v as GzipProxied);
        }
        l.gzipProxied = set;
      },
    },
    // ngx_http_gzip_disable(): `msie6` is a flag of its own, inherited apart from the regexes.
    gzip_disable: {
      ctx: HSL,
      args: [1, ANY],
      set: (l, d, c) => {
        const list = c.firstHere ? [] : [...l.gzipDisable];
        for (const v of d.args) {
          if (v === 'msie6') {
            l.gzipDisableMsie6 = true;
            continue;
          }
          try {
            list.push(new RegExp(v, 'i'));
          } catch {
            throw unsupported(`the regular expression "${v}" (one JavaScript cannot compile)`, d);
          }
        }
        l.gzipDisable = list;
      },
    },
    gzip_static: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      set: (l, d) => (l.gzipStatic = parseEnum(d, ['off', 'on', 'always'])),
    },
  },
};
