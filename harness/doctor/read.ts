// Bytes of a log → numbered lines, as nginx wrote them on Windows or Linux: LF or CRLF, paths in
// the Windows ANSI code page (GBK/CP936) rather than UTF-8, a last line cut short, and the odd
// copy saved by an editor (a UTF-8 BOM) or by PowerShell (UTF-16LE with a BOM).

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

function stripCr(bytes: Uint8Array): Uint8Array {
  return bytes.length && bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, bytes.length - 1) : bytes;
}

/**
 * Splits a whole log into lines. A final line without a line end still counts (a cut copy); the
 * empty piece after the last LF does not.
 */
export function splitLines(buf: Uint8Array): RawLine[] {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) {
    const text = new TextDecoder('utf-16le').decode(buf.subarray(2));
    const parts = text.split('\n');
    if (parts[parts.length - 1] === '') parts.pop();
    return parts.map((t, i) => ({ no: i + 1, text: t.replace(/\r$/, '') }));
  }
  let start = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  const lines: RawLine[] = [];
  for (;;) {
    const lf = buf.indexOf(0x0a, start);
    if (lf < 0) break;
    lines.push({ no: lines.length + 1, text: decodeLine(stripCr(buf.subarray(start, lf))) });
    start = lf + 1;
  }
  if (start < buf.length) lines.push({ no: lines.length + 1, text: decodeLine(stripCr(buf.subarray(start))) });
  return lines;
}

/**
 * Lines of a log that grows: bytes go in as they are read, whole lines come out; a line without
 * its LF yet waits for the rest (nginx writes each line with one write(), so that is brief).
 */
export class LineSplitter {
  private partial: Buffer = Buffer.alloc(0);
  private count: number;

  constructor(firstLine = 1) {
    this.count = firstLine - 1;
  }

  push(bytes: Uint8Array): RawLine[] {
    const buf = this.partial.length ? Buffer.concat([this.partial, bytes]) : Buffer.from(bytes);
    const out: RawLine[] = [];
    let start = 0;
    for (let lf = buf.indexOf(0x0a); lf >= 0; lf = buf.indexOf(0x0a, start)) {
      out.push({ no: ++this.count, text: decodeLine(stripCr(buf.subarray(start, lf))) });
      start = lf + 1;
    }
    this.partial = buf.subarray(start);
    return out;
  }

  /** The line still waiting for its LF, as a (cut) line of its own; none is left afterwards. */
  flush(): RawLine[] {
    if (!this.partial.length) return [];
    const line = { no: ++this.count, text: decodeLine(stripCr(this.partial)) };
    this.partial = Buffer.alloc(0);
    return [line];
  }
}

/** How many lines the first `bytes` bytes hold (to number the lines of a log followed from its end). */
export function countLines(buf: Uint8Array): number {
  let n = 0;
  for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a, i + 1)) n++;
  return n;
}
