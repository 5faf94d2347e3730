// Request data as Tomcat 9 and Spring MVC 5.3 hand it to sky-server's controllers: query parameters
// (Tomcat's Parameters), numbers (Spring's NumberUtils, used by DataBinder and @PathVariable) and the
// @RequestBody JSON of String fields (Jackson 2.13 with FAIL_ON_UNKNOWN_PROPERTIES off).
import type { IncomingMessage } from 'node:http';

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

/** Binds a JSON object to a DTO of String fields as Jackson does: unknown properties are skipped (but
 *  must be valid JSON), a number or boolean is taken as its literal text, an object or array for a
 *  known field is an error, duplicate keys: the last wins, and anything after the object's closing
 *  brace is never read. undefined where Jackson throws (Spring then answers 400). */
export function bindJsonObject<K extends string>(text: string, fields: readonly K[]): Record<K, JsonString> | undefined {
  const dto = Object.fromEntries(fields.map((f) => [f, null])) as Record<K, JsonString>;
  const json = new JsonScanner(text);
  if (!json.take('{')) return undefined;
  if (json.take('}')) return dto;
  for (;;) {
    const key = json.key();
    if (key === undefined) return undefined;
    if ((fields as readonly string[]).includes(key)) {
      const value = json.scalar();
      if (value === undefined) return undefined;
      dto[key as K] = value;
    } else if (!json.skipValue()) {
      return undefined;
    }
    if (json.take('}')) return dto;
    if (!json.take(',')) return undefined;
  }
}

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
