// ngx_http_access_module's directives: `allow` and `deny` rules, tested in conf order, the first
// that matches the client's address deciding. A level with rules of its own replaces the outer
// level's (ngx_http_access_merge_loc_conf() takes them only where a level has none).
import { isIPv4, isIPv6 } from 'node:net';
import { ConfError, unsupported } from '../../../nginx-conf/error.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { HSL, type ConfModule } from '../../../nginx-conf/directive.js';

export interface AccessRule {
  deny: boolean;
  /** `all`: every address; else the address's bytes (4 or 16) and its prefix length. */
  all: boolean;
  /** `unix:`: every client of a UNIX-domain socket, and no other. */
  unix: boolean;
  bytes: number[];
  bits: number;
}

export interface AccessSettings {
  accessRules: AccessRule[];
}

/** An IPv4 or IPv6 address as its bytes; undefined when it is neither. */
export function addressBytes(a: string): number[] | undefined {
  if (isIPv4(a)) return a.split('.').map(Number);
  if (!isIPv6(a)) return undefined;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  const text = v4 ? a.slice(0, -v4[1].length) + '0:0' : a;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const words = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = words(head);
  const t = words(tail);
  const all = tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  const bytes = all.flatMap((w) => [w >> 8, w & 0xff]);
  if (v4) bytes.splice(12, 4, ...v4[1].split('.').map(Number));
  return bytes;
}

/** ngx_http_access_rule() with ngx_ptocidr(): `address`, `address/bits` or `all`. */
function rule(d: Directive): AccessRule {
  const deny = d.name === 'deny';
  const value = d.args[0];
  if (value === 'all') return { deny, all: true, unix: false, bytes: [], bits: 0 };
  if (value === 'unix:') return { deny, all: false, unix: true, bytes: [], bits: 0 };
  const invalid = () => new ConfError(`invalid parameter "${value}"`, d.file, d.line);
  const slash = value.indexOf('/');
  const bytes = addressBytes(slash < 0 ? value : value.slice(0, slash));
  if (!bytes) throw invalid();
  const bits = slash < 0 ? bytes.length * 8 : /^\d+$/.test(value.slice(slash + 1)) ? Number(value.slice(slash + 1)) : NaN;
  if (!(bits <= bytes.length * 8)) throw invalid();
  // nginx masks them off with a [warn] at start, which the engine does not write.
  if (bytes.some((b, i) => b & ~mask(bits, i) & 0xff)) throw unsupported(`"${d.name} ${value}" (low address bits set past the prefix length)`, d);
  return { deny, all: false, unix: false, bytes, bits };
}

/** The mask of byte `i` of a prefix of `bits` bits. */
export const mask = (bits: number, i: number) => (0xff << (8 - Math.max(0, Math.min(8, bits - i * 8)))) & 0xff;

/** The levels whose list was started by a rule of their own (the rest hold the outer level's). */
const own = new WeakSet<object>();

const set = (l: AccessSettings, d: Directive) => {
  if (!own.has(l)) {
    own.add(l);
    l.accessRules = [];
  }
  l.accessRules = [...l.accessRules, rule(d)];
};

export const ACCESS: ConfModule<AccessSettings> = {
  defaults: { accessRules: [] },
  directives: {
    allow: { ctx: [...HSL, 'lmt'], args: [1, 1], set },
    deny: { ctx: [...HSL, 'lmt'], args: [1, 1], set },
  },
};
