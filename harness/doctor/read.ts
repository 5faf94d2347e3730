// Bytes of a log → numbered lines, as nginx wrote them on Windows or Linux: LF or CRLF, paths in
// the Windows ANSI code page (GBK/CP936) rather than UTF-8, a last line cut short, and the odd
// copy saved by an editor (a UTF-8 BOM) or by PowerShell (UTF-16LE with a BOM). Bytes go in as
// they are read (a file is streamed, never held whole), lines come out.

export interface RawLine {
  /** 1-based line number in the file. */
  no: number;
  /** The line without its line end, decoded. */
  text: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk');

/** One line's bytes: UTF-8 when they are valid UTF-8 (ASCII is), else the Windows code page GBK. */
export function decodeLine(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return gbk.decode(bytes);
  }
}

/**
 * Longer lines are cut there: nginx writes at most 2048 bytes a line (NGX_MAX_ERROR_STR), and a
 * file with no line ends at all (a binary file) must not be held whole.
 */
const MAX_LINE = 64 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const BOMS = [UTF8_BOM, UTF16LE_BOM];
const startsWith = (buf: Uint8Array, bom: number[]) => buf.length >= bom.length && bom.every((b, i) => buf[i] === b);

function stripCr(bytes: Uint8Array): Uint8Array {
  return bytes.length && bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, bytes.length - 1) : bytes;
}

/**
 * Lines of a log read piece by piece: a line without its LF yet waits for the rest (a read cuts
 * lines anywhere; nginx writes each line with one write()). The first bytes decide the encoding.
 */
export class LineSplitter {
  private partial: Buffer = Buffer.alloc(0);
  private count = 0;
  /** Undecided until the first bytes are in; then per-line UTF-8/GBK, or a UTF-16LE stream. */
  private mode: 'start' | 'bytes' | 'utf16' = 'start';
  private utf16?: TextDecoder;
  private utf16Partial = '';

  /** `skipped`: lines of the file before its first byte given here (a read from its middle: no BOM to look for). */
  constructor(skipped?: number) {
    if (skipped === undefined) return;
    this.count = skipped;
    this.mode = 'bytes';
  }

  push(bytes: Uint8Array): RawLine[] {
    if (this.partial.length >= MAX_LINE && this.mode === 'bytes') {
      // A line too long already: skip what comes until its end.
      const lf = bytes.indexOf(0x0a);
      if (lf < 0) return [];
      bytes = bytes.subarray(lf);
    }
    let buf = this.partial.length ? Buffer.concat([this.partial, bytes]) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.mode === 'start') {
      if (BOMS.some((bom) => buf.length < bom.length && buf.every((b, i) => b === bom[i]))) {
        this.partial = Buffer.from(buf); // too short to tell a BOM yet
        return [];
      }
      this.partial = Buffer.alloc(0);
      if (startsWith(buf, UTF16LE_BOM)) {
        this.mode = 'utf16';
        this.utf16 = new TextDecoder('utf-16le');
        buf = buf.subarray(2);
      } else {
        this.mode = 'bytes';
        if (startsWith(buf, UTF8_BOM)) buf = buf.subarray(3);
      }
    }
    if (this.mode === 'utf16') return this.pushUtf16(this.utf16!.decode(buf, { stream: true }));
    const out: RawLine[] = [];
    let start = 0;
    for (let lf = buf.indexOf(0x0a); lf >= 0; lf = buf.indexOf(0x0a, start)) {
      out.push({ no: ++this.count, text: decodeLine(stripCr(buf.subarray(start, Math.min(lf, start + MAX_LINE)))) });
      start = lf + 1;
    }
    // Copied: the rest of a large read must not keep the whole read alive.
    this.partial = Buffer.from(buf.subarray(start, start + MAX_LINE));
    return out;
  }

  private pushUtf16(text: string): RawLine[] {
    const parts = (this.utf16Partial + text).split('\n');
    this.utf16Partial = parts.pop()!.slice(0, MAX_LINE);
    return parts.map((t) => ({ no: ++this.count, text: t.slice(0, MAX_LINE).replace(/\r$/, '') }));
  }

  /** The line still waiting for its LF, as a (cut) line of its own; none is left afterwards. */
  flush(): RawLine[] {
    if (this.mode === 'utf16') {
      const rest = this.utf16Partial + this.utf16!.decode();
      this.utf16Partial = '';
      return rest ? [{ no: ++this.count, text: rest.replace(/\r$/, '') }] : [];
    }
    if (!this.partial.length) return [];
    const line = { no: ++this.count, text: decodeLine(stripCr(this.partial)) };
    this.partial = Buffer.alloc(0);
    return [line];
  }
}

const ISO_TIME = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?`;
const SYSLOG_TAG = String.raw`\S+ [\w.@/-]+(?:\[\d+\])?:\s+`;
/**
 * journald's and syslog's `May 12 12:31:01 host nginx[1234]: ` (with the `<PRI>` of a raw syslog
 * message, or journalctl's `-o short-iso` time), and an RFC 5424 message's
 * `<163>1 2024-05-12T12:31:01Z host nginx - - - `.
 */
const SERVICE_ENVELOPE = new RegExp(
  '^(?:' +
    [String.raw`<\d{1,3}>\d ${ISO_TIME} (?:\S+ ){4}(?:-|(?:\[[^\]]*\])+) ?`, String.raw`(?:<\d{1,3}>)?(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d|${ISO_TIME}) ${SYSLOG_TAG}`].join('|') +
    ')',
);

/** The line came through journald or syslog: a service manager runs this nginx. */
export function fromServiceLog(text: string): boolean {
  return SERVICE_ENVELOPE.test(text);
}

/**
 * Where an nginx line starts: its time, level and pid (`2024/05/12 12:31:01 [error] 12#12: `), or
 * the form nginx writes to stderr (`nginx: [emerg] `), after a space or a `|`.
 */
const NGINX_LINE_START = /[\s|](?:\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[[a-z]+\] \d+#\d+:|nginx: \[[a-z]+\]) /;
/** A prefix longer than this is no prefix: the line is something else that quotes an nginx line. */
const MAX_PREFIX = 200;

/**
 * The nginx line inside a line copied with something before it, or undefined when there is none.
 * Users paste logs from many places, each with its own prefix on every line: a pasted code block's
 * indent or `> `, `docker compose logs`' `web_1    | ` and `web-1  | ` (with `--timestamps`, a time
 * after it), `docker logs -t`'s and `kubectl logs --timestamps`' `2024-05-12T12:31:01.123456789Z `, a
 * Kubernetes node's `... stderr F `, `kubectl logs --prefix`' `[pod/name/container] `, stern's
 * `pod container `, CloudWatch's (`aws logs tail`) time and log stream, journald and syslog (above),
 * an init script's `Restarting nginx: `. Whatever the prefix, the nginx line is found by its own start.
 */
export function unwrapped(text: string): string | undefined {
  const m = NGINX_LINE_START.exec(text.slice(0, MAX_PREFIX + 1 + 40));
  if (!m || m.index > MAX_PREFIX) return undefined;
  return text.slice(m.index + 1);
}

/** A whole log in memory, split into lines. A final line without a line end still counts (a cut copy). */
export function splitLines(buf: Uint8Array): RawLine[] {
  const s = new LineSplitter();
  return [...s.push(buf), ...s.flush()];
}

/** The lines of a log read piece by piece, a read's worth at a time; a last line without its LF counts. */
export async function* linesOf(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<RawLine[]> {
  const s = new LineSplitter();
  for await (const chunk of chunks) yield s.push(chunk);
  yield s.flush();
}
