// The event pipe of one response body: what reaches the client after each read from the upstream,
// with proxy_buffering on (buffers handed on when full or when they hold all that is wanted) and
// off (each read as it came), for a Content-Length body, a chunked one and one read to the close.
import { test, expect } from '@playwright/test';
import { EventPipe } from './event-pipe.js';
import type { ResponseHead } from '../http/response-head.js';

const head = (o: Partial<ResponseHead>): ResponseHead => ({ version: 11, status: 200, statusLine: '200 OK', headers: [], chunked: false, closes: false, ...o });
/** proxy_buffer_size 16 (the head's buffer), proxy_buffers of 8 bytes. */
const conf = (proxyBuffering: boolean) => ({ proxyBuffering, proxyBufferSize: 16, proxyBuffers: { num: 4, size: 8 } });

/** Each read's state and what it passed to the client. */
function pipe(p: EventPipe, reads: string[], eof = false): [string, string][] {
  const out: [string, string][] = reads.map((r) => [p.read(Buffer.from(r), false), p.passed().toString()]);
  if (eof) out.push([p.read(Buffer.alloc(0), true), p.passed().toString()]);
  return out;
}

test('a Content-Length body in three reads: buffered, it waits until its buffer holds the rest; unbuffered, each read goes on', () => {
  // The head took 6 of the first buffer's 16 bytes: 10 left.
  const reads = ['abc', 'def', 'ghiNEXT'];
  const buffered = new EventPipe(head({ contentLength: 9 }), 6, conf(true));
  const unbuffered = new EventPipe(head({ contentLength: 9 }), 6, conf(false));
  expect([pipe(buffered, reads), pipe(unbuffered, reads)]).toEqual([
    [['more', ''], ['more', ''], ['end', 'abcdefghi']],
    [['more', 'abc'], ['more', 'def'], ['end', 'ghi']],
  ]);
  // The buffer had room for 'ghiN': its byte past the body is not the client's, and a connection
  // that sent it is not kept. Unbuffered, the whole read is the buffer.
  expect([buffered.rest.toString(), unbuffered.rest.toString()]).toEqual(['N', 'NEXT']);
});

test('buffered, a full buffer goes on at once, then whole proxy_buffers; the rest waits', () => {
  const p = new EventPipe(head({ contentLength: 100 }), 6, conf(true));
  // 10 fill the head's buffer, 8 more one proxy_buffers buffer; the last 2 wait.
  expect(pipe(p, ['x'.repeat(20)])).toEqual([['more', 'x'.repeat(18)]]);
  // 6 more fill that buffer (8).
  expect(pipe(p, ['y'.repeat(6)])).toEqual([['more', 'xxyyyyyy']]);
});

test('a chunked body is decoded; a buffer is handed on when it holds what the decoder wants next', () => {
  const p = new EventPipe(head({ chunked: true }), 0, conf(true));
  // "3" is less than the 3 bytes ("0" LF LF) the decoder wants at the least.
  expect(pipe(p, ['3', '\r\nabc\r\n', '0\r\n\r\n'])).toEqual([
    ['more', ''],
    ['more', 'abc'],
    ['end', ''],
  ]);
  const bad = new EventPipe(head({ chunked: true }), 0, conf(false));
  // NGX_ABORT: nothing of that read reaches the client.
  expect(pipe(bad, ['3\r\nabcXX\r\n'])).toEqual([['invalid', '']]);
});

test('a body without a length ends with the upstream: what is held goes on at the close', () => {
  const p = new EventPipe(head({}), 0, conf(true));
  expect(pipe(p, ['abc', 'def'], true)).toEqual([
    ['more', ''],
    ['more', ''],
    ['more', 'abcdef'],
  ]);
});

test('Content-Length 0: the body is over before a byte', () => {
  expect(new EventPipe(head({ contentLength: 0 }), 10, conf(true)).empty).toBe(true);
  expect(new EventPipe(head({ contentLength: 1 }), 10, conf(true)).empty).toBe(false);
});
