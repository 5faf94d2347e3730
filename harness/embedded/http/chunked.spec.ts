// Chunked framing as ngx_http_parse_chunked() reads it, byte by byte: sizes, extensions, the
// trailer, the bytes past the last chunk, and the lines nginx refuses before their end comes.
import { test, expect } from '@playwright/test';
import { ChunkedDecoder, encodeChunk, lastChunk, type ChunkedResult } from './chunked.js';

/** Decodes `wire` pushed in pieces of `step` bytes: the data and the last result. */
function decode(wire: string, step = wire.length, allow?: (n: number) => boolean): { data: string; last: ChunkedResult } {
  let data = '';
  const d = new ChunkedDecoder((b) => (data += b.toString('latin1')), allow);
  const buf = Buffer.from(wire, 'latin1');
  let last: ChunkedResult = { kind: 'more' };
  for (let i = 0; i < buf.length && last.kind === 'more'; i += step) last = d.push(buf.subarray(i, i + step));
  return { data, last };
}

const BODY = '5\r\nhello\r\n6\r\n world\r\n0\r\n\r\nGET /next';

test('a body decodes the same whatever the reads are cut into, and the bytes past it come back', () => {
  for (const step of [1, 2, 3, 7, BODY.length]) {
    const { data, last } = decode(BODY, step);
    expect(data).toBe('hello world');
    expect(last.kind).toBe('end');
    // What came with the last read past the body: the next request's bytes.
    if (last.kind === 'end' && step === BODY.length) expect(last.rest.toString()).toBe('GET /next');
  }
});

test('sizes with leading zeros, upper-case hex and extensions; a trailer is skipped', () => {
  expect(decode('005;name=v\r\nhello\r\n0A\r\n0123456789\r\n0\r\n\r\n').data).toBe('hello0123456789');
  const t = decode('1\r\nx\r\n0\r\nX-Trailer: 1\r\n\r\n');
  expect([t.data, t.last.kind]).toEqual(['x', 'end']);
  // A bare LF ends a line as CRLF does.
  expect(decode('3\nabc\n0\n\n').last.kind).toBe('end');
});

test('lines nginx refuses: not hex, data without its CRLF, a size of 2^59 or more; refused before their end comes', () => {
  expect(decode('5x\r\nhello\r\n0\r\n\r\n').last.kind).toBe('invalid');
  expect(decode('5\r\nhelloX\r\n0\r\n\r\n').last.kind).toBe('invalid');
  expect(decode('800000000000000\r\n').last.kind).toBe('invalid');
  expect(decode('7ffffffffffffff\r\n', undefined, () => false).last).toEqual({ kind: 'refused', size: 0x7ffffffffffffff });
  // Refused at the bad byte, without waiting for the LF.
  expect(decode('zz').last.kind).toBe('invalid');
  expect(decode('5\r\nhelloXY').last.kind).toBe('invalid');
});

test('a chunk the caller refuses (client_max_body_size) stops with its size, before its data', () => {
  const sizes: number[] = [];
  const { data, last } = decode('5\r\nhello\r\n10\r\n', undefined, (n) => (sizes.push(n), n < 16));
  expect([data, last, sizes]).toEqual(['hello', { kind: 'refused', size: 16 }, [5, 16]]);
});

test('wanted(): what the decoder needs to see next, as the event pipe waits for it', () => {
  const d = new ChunkedDecoder(() => undefined);
  // "0" LF LF at the least.
  expect(d.wanted()).toBe(3);
  d.push(Buffer.from('5\r\n'));
  // The data, then LF "0" LF LF.
  expect(d.wanted()).toBe(9);
  d.push(Buffer.from('hel'));
  expect(d.wanted()).toBe(6);
  d.push(Buffer.from('lo'));
  expect(d.wanted()).toBe(4);
});

test('encoding: a chunk is its hex size, CRLF, the bytes, CRLF; the last chunk ends the body', () => {
  expect(Buffer.concat(encodeChunk(Buffer.alloc(26, 'a'))).toString()).toBe(`1a\r\n${'a'.repeat(26)}\r\n`);
  expect(lastChunk().toString()).toBe('0\r\n\r\n');
  // What is encoded decodes to itself.
  expect(decode(Buffer.concat([...encodeChunk(Buffer.from('round trip')), lastChunk()]).toString('latin1')).data).toBe('round trip');
});
