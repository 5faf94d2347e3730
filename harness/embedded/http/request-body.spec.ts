// The client's body as ngx_http_read_client_request_body() keeps it: in memory while it fits,
// else in a numbered temp file (in level directories), refused past client_max_body_size, and the
// bytes past its end given back for the next request.
import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, existsSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BodyReader, releaseBody, type BodyEvent, type BodyLimits } from './request-body.js';

let dir: string;
test.beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'body-'))));
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

const limits = (o: Partial<BodyLimits> = {}): BodyLimits => ({ maxSize: 1 << 20, bufferSize: 16, tempPath: dir, tempLevels: [], ...o });

/** A Content-Length body pushed in pieces; the spilled files named. */
function read(o: Partial<BodyLimits>, contentLength: number | undefined, chunked: boolean, pieces: string[], preread = 0) {
  const spilled: string[] = [];
  const reader = new BodyReader(limits(o), contentLength, chunked, preread, (f) => spilled.push(f));
  const events: BodyEvent[] = pieces.map((p) => reader.push(Buffer.from(p, 'latin1')));
  return { events, last: events.at(-1)!, spilled, reader };
}

const content = (e: BodyEvent) => (e.kind === 'done' ? (e.body.file ? readFileSync(e.body.file, 'latin1') : Buffer.concat(e.body.chunks ?? []).toString('latin1')) : e.kind);

test('a Content-Length body in pieces: more, then done with the bytes past it', () => {
  const { events, last } = read({}, 10, false, ['hello', ' wor', 'ldGET /']);
  expect(events.map((e) => e.kind)).toEqual(['more', 'more', 'done']);
  expect(content(last)).toBe('hello worl');
  expect(last.kind === 'done' && last.rest.toString()).toBe('dGET /');
});

test('under 1.25 client_body_buffer_size past the preread it stays in memory; past it, one buffer, then a temp file', () => {
  // bufferSize 16: 19 bytes fit (< 20), 20 do not.
  const small = read({}, 19, false, ['a'.repeat(19)]);
  expect([small.last.kind === 'done' && small.last.body.file, small.spilled]).toEqual([undefined, []]);
  const big = read({}, 20, false, ['a'.repeat(10), 'b'.repeat(10)]);
  // One file, in the temp path, named by nginx's ten-digit number.
  expect(big.spilled).toHaveLength(1);
  expect(big.spilled[0]).toMatch(new RegExp(`^${dir}/\\d{10}$`));
  expect(big.last.kind === 'done' && big.last.body.file).toBe(big.spilled[0]);
  expect(content(big.last)).toBe('a'.repeat(10) + 'b'.repeat(10));
  expect(big.last.kind === 'done' && big.last.body.length).toBe(20);
  // The file is the request's: gone when the request ends.
  releaseBody(big.last.kind === 'done' ? big.last.body : undefined);
  expect(readdirSync(dir)).toEqual([]);
});

test('temp files go in level directories named by the last digits of their number (levels 1 2)', () => {
  const { last, spilled } = read({ tempLevels: [1, 2] }, 40, false, ['x'.repeat(40)]);
  const name = spilled[0].slice(-10);
  expect(spilled[0]).toBe(join(dir, name.slice(-1), name.slice(-3, -1), name));
  expect(content(last)).toBe('x'.repeat(40));
});

test('a temp file that cannot be made is the [crit] case: what was tried, and why', () => {
  const { last } = read({ tempPath: join(dir, 'missing') }, 40, false, ['x'.repeat(40)]);
  expect(last.kind).toBe('temp-file');
  if (last.kind === 'temp-file') expect([last.op, last.code, last.path.startsWith(join(dir, 'missing'))]).toEqual(['open', 'ENOENT', true]);
});

test('chunked: decoded, refused past client_max_body_size with nginx\'s message, bad framing invalid', () => {
  expect(content(read({}, undefined, true, ['5\r\nhel', 'lo\r\n0\r\n\r\n']).last)).toBe('hello');
  expect(read({ maxSize: 8 }, undefined, true, ['5\r\nhello\r\n6\r\n']).last).toEqual({ kind: 'too-large', message: 'client intended to send too large chunked body: 5+6 bytes' });
  expect(read({}, undefined, true, ['5\r\nhelloXX']).last).toEqual({ kind: 'invalid', message: 'client sent invalid chunked body' });
});

test('a partly written temp file is removed when the request ends before its body', () => {
  const { reader, spilled } = read({}, 100, false, ['y'.repeat(40)]);
  expect(existsSync(spilled[0])).toBe(true);
  reader.abort();
  expect(existsSync(spilled[0])).toBe(false);
});

test('a dropped body keeps nothing; a body passed on goes piece by piece, never to a file', () => {
  const dropped = read({ discard: true, maxSize: 0 }, 40, false, ['z'.repeat(40)]);
  expect(dropped.last.kind === 'done' && [dropped.last.body.length, dropped.last.body.chunks]).toEqual([40, []]);
  const passed: string[] = [];
  const streamed = read({ onData: (b) => passed.push(b.toString()) }, 40, false, ['a'.repeat(25), 'b'.repeat(15)]);
  expect([passed, streamed.spilled]).toEqual([['a'.repeat(25), 'b'.repeat(15)], []]);
});
