// The request's body on a connection that only moves bytes: it becomes the connection's reader,
// hands back the bytes past its end, times itself (client_body_timeout, lingering_timeout), and
// sends "100 Continue" once. The connection here is a record of what the body asks of it.
import { test, expect } from '@playwright/test';
import type { LocationConf } from '../nginx-conf/model.js';
import type { RequestHead } from './http/request-head.js';
import type { ClientReader, Connection } from './request-connection.js';
import { RequestBody, LINGERING_TIMEOUT_MS, type BodyOwner, type BodyResult } from './request-body.js';

/** A connection that records the calls a body makes, and feeds its reader what a test sends. */
class RecordedConnection {
  reader?: ClientReader;
  handedBack?: Buffer;
  written: string[] = [];
  timeouts: number[] = [];
  expiry?: () => void;
  closed = false;
  /** The read timer as set: its ms, 0 when cleared. */
  readBy(reader: ClientReader, timeout?: { ms: number; onExpiry: () => void }): void {
    this.reader = reader;
    this.timeouts.push(timeout?.ms ?? 0);
    this.expiry = timeout?.onExpiry;
    reader(Buffer.alloc(0));
  }
  readDone(rest?: Buffer): void {
    this.reader = undefined;
    this.timeouts.push(0);
    if (rest) this.handedBack = rest;
  }
  readTimeout(ms: number): void {
    this.timeouts.push(ms);
  }
  write(b: Buffer | string): boolean {
    this.written.push(b.toString());
    return true;
  }
  send(s: string): void {
    this.reader!(Buffer.from(s));
  }
}

function request(head: Partial<RequestHead>, o: { preread?: number } = {}) {
  const conn = new RecordedConnection();
  const owner: BodyOwner & { aborted?: { drop?: boolean } } = {
    conn: conn as unknown as Connection,
    head: { method: 'POST', version: 11, headers: [], chunked: false, expectContinue: false, ...head } as RequestHead,
    loc: { clientBodyTimeoutMs: 60_000, clientMaxBodySize: 1 << 20, clientBodyBufferSize: 16 * 1024, clientBodyTempPath: '/nonexistent', clientBodyTempLevels: [] } as unknown as LocationConf,
    ctx: { displayPath: (p) => p },
    bodyBytesSent: 0,
    status: 0,
    keepalive: true,
    logError: () => undefined,
    abort(o) {
      owner.aborted = o ?? {};
    },
  };
  return { conn, owner, body: new RequestBody(owner, o.preread ?? 0, false) };
}

test('read whole: the body reads the connection under client_body_timeout, then hands back the next request\'s bytes', () => {
  const { conn, body } = request({ contentLength: 10 });
  const ends: BodyResult[] = [];
  expect(body.read((e) => ends.push(e))).toBe(true);
  expect([conn.reader !== undefined, conn.timeouts, body.beingRead]).toEqual([true, [60_000], true]);
  conn.send('hello');
  conn.send(' worldGET / HTTP/1.1');
  expect(ends).toHaveLength(1);
  const e = ends[0];
  expect(e.kind === 'done' && Buffer.concat(e.body!.chunks!).toString()).toBe('hello worl');
  // The reader is gone, the timer cleared, the bytes past the body left for the next request.
  expect([conn.reader, conn.timeouts.at(-1), conn.handedBack?.toString(), body.beingRead]).toEqual([undefined, 0, 'dGET / HTTP/1.1', false]);
  // $request_length counts the body's bytes, not the next request's.
  expect(body.received).toBe(10);
});

test('a body already read is not read again: the handler after an internal redirect gets it as it is', () => {
  const { conn, body } = request({ contentLength: 3 });
  body.read(() => undefined);
  conn.send('abc');
  const again: BodyResult[] = [];
  expect(body.read((e) => again.push(e))).toBe(false);
  expect(again[0].kind === 'done' && again[0].body?.length).toBe(3);
});

test('"100 Continue" goes out once, before the body is read; not when the answer comes first (a refusal)', () => {
  const asked = request({ contentLength: 1, expectContinue: true });
  asked.body.read(() => undefined);
  asked.body.read(() => undefined);
  expect(asked.conn.written).toEqual(['HTTP/1.1 100 Continue\r\n\r\n']);
  expect(asked.owner.bodyBytesSent).toBe(25);
  const refused = request({ contentLength: 1, expectContinue: true });
  refused.body.continued = true;
  refused.body.discard(() => undefined);
  expect(refused.conn.written).toEqual([]);
});

test('client_body_timeout: the request ends as a 408, its connection closed and what it wrote dropped', () => {
  const { conn, owner, body } = request({ contentLength: 10 });
  body.read(() => undefined);
  conn.send('abc');
  conn.expiry!();
  expect([owner.status, owner.aborted, body.beingRead]).toEqual([408, { drop: true }, false]);
});

test('answered while its body was read: no keep-alive, and nobody reads the connection any more', () => {
  const { conn, owner, body } = request({ contentLength: 10 });
  body.read(() => undefined);
  body.finalize();
  expect([owner.keepalive, conn.reader]).toEqual([false, undefined]);
});

test('dropped after its answer: within lingering_timeout of each read, until the body is all in', () => {
  const { conn, owner, body } = request({ contentLength: 6 });
  const invalid: string[] = [];
  body.discard((m) => invalid.push(m));
  // Dropped while the answer is made: no timer of its own.
  expect(conn.timeouts).toEqual([0]);
  body.finalize();
  expect(conn.timeouts).toEqual([0, LINGERING_TIMEOUT_MS]);
  conn.send('abc');
  expect(conn.timeouts).toHaveLength(3);
  expect(conn.timeouts[2]).toBeLessThanOrEqual(LINGERING_TIMEOUT_MS);
  conn.send('defNEXT');
  expect([conn.reader, conn.handedBack?.toString(), invalid, owner.keepalive, body.received]).toEqual([undefined, 'NEXT', [], true, 0]);
});

test('a dropped body that does not parse: the request hears it before the connection goes on', () => {
  const { conn, body } = request({ chunked: true });
  const order: string[] = [];
  body.discard((m) => order.push(m));
  const readDone = conn.readDone.bind(conn);
  conn.readDone = (rest) => (order.push('handed back'), readDone(rest));
  conn.send('zz');
  expect([order, body.invalid]).toEqual([['client sent invalid chunked body', 'handed back'], true]);
});
