// Request data as Tomcat 9 and Spring MVC 5.3 hand it to sky-server's controllers: query parameters
// (Tomcat's Parameters), numbers (Spring's NumberUtils, used by DataBinder and @PathVariable) and the
// @RequestBody JSON of DTOs (Jackson 2.13 with FAIL_ON_UNKNOWN_PROPERTIES off).
import type { IncomingMessage } from 'node:http';
import { SpringError } from './errors.js';

/** Decodes %XX escapes (and `+` as a space where asked) to bytes; undefined for a broken escape. */
export function percentDecode(raw: string, plusAsSpace: boolean): Buffer | undefined {
  const bytes = Buffer.from(raw, 'latin1'); // Node hands the request target over byte for byte as latin1
  let w = 0;
  for (let r = 0; r < bytes.length; r++) {
    let b = bytes[r];
    if (b === 0x25) {
      const hi = hexValue(bytes[r + 1]);
      const lo = hexValue(bytes[r + 2]);
      if (hi < 0 || lo < 0) return undefined;
      b = hi * 16 + lo;
      r += 2;
    } else if (b === 0x2b && plusAsSpace) {
      b = 0x20;
    }
    bytes[w++] = b;
  }
  return bytes.subarray(0, w);
}

function hexValue(b: number | undefined): number {
  if (b === undefined) return -1;
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  const lower = b | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Tomcat's Parameters.processParameters: `&`-separated, `+` is a space, UTF-8 with U+FFFD for bad
 *  bytes; a parameter with a broken %-escape, or without a name, is dropped (Tomcat logs and skips it). */
export function parseQuery(query: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = decodeParam(eq < 0 ? pair : pair.slice(0, eq));
    const value = decodeParam(eq < 0 ? '' : pair.slice(eq + 1));
    if (!name || value === undefined) continue;
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
}

function decodeParam(raw: string): string | undefined {
  if (!/[%+\x80-\xff]/.test(raw)) return raw;
  return percentDecode(raw, true)?.toString('utf8');
}

/** java.lang.Character.isWhitespace, which StringUtils.trimAllWhitespace removes everywhere. */
const JAVA_WHITESPACE = /[\t-\r\x1c-\x20\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000]/g;
const JAVA_INT = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const JAVA_LONG = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** Spring's NumberUtils.parseNumber(text, Integer.class or Long.class): white space removed anywhere,
 *  `0x`/`0X`/`#` hex through Integer.decode, else Integer.valueOf (optional sign, decimal digits,
 *  in range). undefined where Spring throws, which the controller turns into a 400. Java also takes
 *  non-ASCII decimal digits (٣); this takes ASCII digits only. */
export function parseJavaInteger(text: string, type: 'int' | 'long'): bigint | undefined {
  const trimmed = text.replace(JAVA_WHITESPACE, '');
  const hex = /^(-?)(?:0[xX]|#)([0-9a-fA-F]+)$/.exec(trimmed);
  const match = hex ?? /^([+-]?)([0-9]+)$/.exec(trimmed);
  if (!match) return undefined;
  const magnitude = BigInt((hex ? '0x' : '') + match[2]);
  const value = match[1] === '-' ? -magnitude : magnitude;
  const range = type === 'int' ? JAVA_INT : JAVA_LONG;
  return value >= range.min && value <= range.max ? value : undefined;
}

/** Binds an `int` DTO field from its request parameter, as DataBinder does: absent keeps the int
 *  default 0; several values: the first; a value Spring cannot convert: undefined (a 400). */
export function bindInt(params: Map<string, string[]>, name: string): number | undefined {
  const values = params.get(name);
  if (!values) return 0;
  const value = parseJavaInteger(values[0], 'int');
  return value === undefined ? undefined : Number(value);
}

/** Binds an `Integer` or `Long` (a DTO field, or a handler parameter without @RequestParam): absent
 *  or empty is null; several values: the first; a value Spring cannot convert: a 400. */
export function bindNumber(params: Map<string, string[]>, name: string, type: 'int' | 'long'): number | bigint | null {
  const value = params.get(name)?.[0];
  if (value === undefined || value === '') return null;
  const n = parseJavaInteger(value, type);
  if (n === undefined) throw new SpringError(400);
  return toLong(n);
}

/** `@RequestParam List<Long> ids`: required (400 when absent); `1,2,3` or `ids=1&ids=2`; each item
 *  trimmed, an empty one null; an item that is no Long: 400. */
export function bindLongList(params: Map<string, string[]>, name: string): (number | bigint | null)[] {
  const values = params.get(name);
  if (!values) throw new SpringError(400); // MissingServletRequestParameterException
  const items = values.length === 1 ? (values[0] === '' ? [] : values[0].split(',')) : values;
  return items.map((raw) => {
    const item = raw.trim();
    if (item === '') return null;
    const n = parseJavaInteger(item, 'long');
    if (n === undefined) throw new SpringError(400);
    return toLong(n);
  });
}

/** `@DateTimeFormat(pattern = "yyyy-MM-dd") LocalDate` (Spring: `uuuu-MM-dd`, ResolverStyle.STRICT):
 *  absent or empty is null; anything but a real date in that form is a 400. */
export function bindLocalDate(params: Map<string, string[]>, name: string): string | null {
  const value = params.get(name)?.[0];
  if (value === undefined || value === '') return null;
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) || !realDate(value)) throw new SpringError(400);
  return value;
}

/** `@DateTimeFormat(pattern = "yyyy-MM-dd HH:mm:ss") LocalDateTime`, strict as above. */
export function bindLocalDateTime(params: Map<string, string[]>, name: string): string | null {
  const value = params.get(name)?.[0];
  if (value === undefined || value === '') return null;
  const m = /^([0-9]{4}-[0-9]{2}-[0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})$/.exec(value);
  if (!m || !realDate(m[1]) || +m[2] > 23 || +m[3] > 59 || +m[4] > 59) throw new SpringError(400);
  return value;
}

function realDate(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number);
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** Binds a `String` DTO field: absent is null, several values are joined with commas. */
export function bindString(params: Map<string, string[]>, name: string): string | null {
  return params.get(name)?.join(',') ?? null;
}

/** The body, or 'too-large' past `limit` bytes. A declared Content-Length over the limit is refused
 *  before anything is read, so nothing big is ever held in memory. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.resume(); // what is left is read and dropped until the connection closes
        resolve('too-large');
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    req.on('data', onData);
    req.on('end', onEnd);
    req.once('error', reject);
  });
}

/** The value of a String field as Jackson binds it: text, the literal text of a number or boolean,
 *  or null. */
export type JsonString = string | null;

const OBJECT = 1;
const ARRAY = 2;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A strict JSON tokenizer (RFC 8259, as Jackson's defaults allow), iterative so that deep nesting
 *  cannot overflow the stack. */
class JsonScanner {
  #i = 0;
  constructor(readonly text: string) {}

  #skipSpace(): void {
    const s = this.text;
    while (this.#i < s.length) {
      const c = s.charCodeAt(this.#i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      this.#i++;
    }
  }

  /** Skips white space, then consumes `ch` if it comes next. */
  take(ch: string): boolean {
    this.#skipSpace();
    if (this.text[this.#i] !== ch) return false;
    this.#i++;
    return true;
  }

  /** `"name" :` */
  key(): string | undefined {
    this.#skipSpace();
    const name = this.#string();
    return name !== undefined && this.take(':') ? name : undefined;
  }

  /** The next value's first character, after white space. */
  peek(): string | undefined {
    this.#skipSpace();
    return this.text[this.#i];
  }

  /** A scalar with what kind of token it was. */
  token(): { kind: 'string' | 'literal'; text: JsonString } | undefined {
    const quoted = this.peek() === '"';
    const text = this.scalar();
    return text === undefined ? undefined : { kind: quoted ? 'string' : 'literal', text };
  }

  /** A string, number, true, false or null; undefined for anything else (objects and arrays too). */
  scalar(): JsonString | undefined {
    this.#skipSpace();
    const s = this.text;
    const c = s[this.#i];
    if (c === '"') return this.#string();
    for (const word of ['true', 'false', 'null']) {
      if (s.startsWith(word, this.#i)) {
        this.#i += word.length;
        return word === 'null' ? null : word;
      }
    }
    NUMBER.lastIndex = this.#i;
    const m = NUMBER.exec(s);
    if (!m) return undefined;
    this.#i += m[0].length;
    return m[0];
  }

  /** Consumes one value of any kind, checking its syntax. */
  skipValue(): boolean {
    const open: number[] = [];
    for (;;) {
      if (this.take('{')) {
        if (!this.take('}')) {
          open.push(OBJECT);
          if (this.key() === undefined) return false;
          continue;
        }
      } else if (this.take('[')) {
        if (!this.take(']')) {
          open.push(ARRAY);
          continue;
        }
      } else if (this.scalar() === undefined) {
        return false;
      }
      // after a value: close what ends here, then expect the next element
      for (;;) {
        const top = open.at(-1);
        if (top === undefined) return true;
        if (this.take(',')) {
          if (top === OBJECT && this.key() === undefined) return false;
          break;
        }
        if (!this.take(top === OBJECT ? '}' : ']')) return false;
        open.pop();
      }
    }
  }

  #string(): string | undefined {
    const s = this.text;
    if (s[this.#i] !== '"') return undefined;
    let out = '';
    let from = ++this.#i;
    while (this.#i < s.length) {
      const c = s.charCodeAt(this.#i);
      if (c === 0x22) {
        out += s.slice(from, this.#i++);
        return out;
      }
      if (c < 0x20) return undefined; // unescaped control character
      if (c === 0x5c) {
        out += s.slice(from, this.#i);
        const e = s[this.#i + 1];
        if (e === 'u') {
          const hex = s.slice(this.#i + 2, this.#i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
          out += String.fromCharCode(parseInt(hex, 16));
          this.#i += 6;
        } else {
          if (e === undefined || !(e in ESCAPE)) return undefined;
          out += ESCAPE[e];
          this.#i += 2;
        }
        from = this.#i;
        continue;
      }
      this.#i++;
    }
    return undefined; // end of input inside a string
  }
}

/** The Java type of a DTO field: String, Integer, Long, BigDecimal, or a List of a nested DTO. */
export type FieldType = 'string' | 'int' | 'long' | 'decimal' | { list: Schema };
export type Schema = Readonly<Record<string, FieldType>>;
/** A bound value: String, Integer and Long (number, or bigint past 2^53), BigDecimal as whole cents
 *  (rounded half up, as MySQL stores decimal(10,2); Infinity past what any number holds), a list. */
export type DtoValue = string | number | bigint | null | (Dto | null)[];
export interface Dto {
  [field: string]: DtoValue;
}

/**
 * Binds a JSON object to a DTO as Jackson 2.13 does with the app's mapper: unknown properties are
 * skipped (but must be JSON), numbers may come as strings (`"12.5"`), an empty string is null for a
 * number, a JSON number with a fraction is truncated for Integer/Long (ACCEPT_FLOAT_AS_INT), a value
 * out of the type's range, a boolean, an object or an array where a scalar goes is an error.
 * undefined where Jackson throws (Spring answers 400).
 */
export function bindJsonDto(text: string, schema: Schema): Dto | undefined {
  const json = new JsonScanner(text);
  return bindObject(json, schema);
}

function bindObject(json: JsonScanner, schema: Schema): Dto | undefined {
  const dto: Dto = {};
  for (const f of Object.keys(schema)) dto[f] = null;
  if (!json.take('{')) return undefined;
  if (json.take('}')) return dto;
  for (;;) {
    const key = json.key();
    if (key === undefined) return undefined;
    const type = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (type === undefined) {
      if (!json.skipValue()) return undefined;
    } else if (typeof type === 'object') {
      const list = bindList(json, type.list);
      if (list === undefined) return undefined;
      dto[key] = list;
    } else {
      const token = json.token();
      if (token === undefined) return undefined;
      const value = bindScalar(token.kind, token.text, type);
      if (value === undefined) return undefined;
      dto[key] = value;
    }
    if (json.take('}')) return dto;
    if (!json.take(',')) return undefined;
  }
}

function bindList(json: JsonScanner, schema: Schema): (Dto | null)[] | null | undefined {
  if (json.peek() === 'n') return json.scalar() === null ? null : undefined;
  if (!json.take('[')) return undefined;
  const list: (Dto | null)[] = [];
  if (json.take(']')) return list;
  for (;;) {
    if (json.peek() === 'n') {
      if (json.scalar() !== null) return undefined;
      list.push(null);
    } else {
      const item = bindObject(json, schema);
      if (item === undefined) return undefined;
      list.push(item);
    }
    if (json.take(']')) return list;
    if (!json.take(',')) return undefined;
  }
}

function bindScalar(kind: 'string' | 'literal', text: JsonString, type: 'string' | 'int' | 'long' | 'decimal'): DtoValue | undefined {
  if (text === null) return null;
  if (type === 'string') return text; // a number or boolean keeps its literal text
  if (kind === 'literal' && (text === 'true' || text === 'false')) return undefined;
  const trimmed = kind === 'string' ? text.trim() : text;
  if (trimmed === '') return null; // "" is null for a number (coercion of empty String)
  if (type === 'decimal') return decimalCents(trimmed);
  let whole: bigint;
  if (kind === 'literal' && /[.eE]/.test(trimmed)) {
    // A JSON float for an integer type: truncated, if it fits.
    const d = Number(trimmed);
    if (!Number.isFinite(d)) return undefined;
    whole = BigInt(Math.trunc(d));
  } else {
    if (!/^[+-]?[0-9]+$/.test(trimmed)) return undefined;
    whole = BigInt(trimmed);
  }
  const range = type === 'int' ? JAVA_INT : JAVA_LONG;
  if (whole < range.min || whole > range.max) return undefined;
  return toLong(whole);
}

/** A Long as the stand-in keeps it: a number while exact, a bigint beyond 2^53. */
export function toLong(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** `new BigDecimal(text)` stored in decimal(10,2): whole cents, rounded half away from zero; Infinity
 *  (with the sign) when it is too big to hold at all; undefined for text that is no number (400). */
export function decimalCents(text: string): number | undefined {
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const sign = m[1] === '-' ? -1 : 1;
  const digits = (m[2] + (m[3] ?? '')).replace(/^0+(?=.)/, '');
  const exponent = Number(m[4] ?? 0) - (m[3] ?? '').length + 2; // scale to cents
  if (!Number.isFinite(exponent) || Math.abs(exponent) > 1e6) return /^0*$/.test(digits) ? 0 : exponent > 0 ? sign * Infinity : 0;
  if (/^0*$/.test(digits)) return 0;
  if (exponent >= 0) {
    if (digits.length + exponent > 20) return sign * Infinity;
    return sign * Number(BigInt(digits) * 10n ** BigInt(exponent));
  }
  const cut = digits.length + exponent; // digits that stay whole cents
  if (cut < 0) return 0;
  const kept = BigInt(digits.slice(0, cut) || '0');
  const roundUp = digits[cut] !== undefined && digits[cut] >= '5';
  const cents = kept + (roundUp ? 1n : 0n);
  return cents > 10n ** 20n ? sign * Infinity : sign * Number(cents);
}

/** A `@PathVariable Integer` or `Long`: a value Spring cannot convert is a 400
 *  (MethodArgumentTypeMismatchException). */
export function bindPath(value: string, type: 'int' | 'long'): number | bigint {
  const n = parseJavaInteger(value, type);
  if (n === undefined) throw new SpringError(400);
  return toLong(n);
}

/** A query DTO's `int page` and `int pageSize` (absent: 0; anything Spring cannot convert: 400). */
export function bindPaging(params: Map<string, string[]>): { page: number; pageSize: number } {
  const page = bindInt(params, 'page');
  const pageSize = bindInt(params, 'pageSize');
  if (page === undefined || pageSize === undefined) throw new SpringError(400); // BindException
  return { page, pageSize };
}
