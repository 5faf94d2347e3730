// What a request and its body use of the client connection (nginx's r->connection): bytes out,
// the bytes in handed to whoever reads them now, the read timer, and the end of a request.
import type { TLSSocket } from 'node:tls';
import type { ListenConf, LocationConf } from '../nginx-conf/model.js';
import type { RequestHead } from './http/request-head.js';

/**
 * r->read_event_handler: what the client sent since the last call (and what had come before it
 * was set). A reader that is done hands the bytes past its end back with `readDone(rest)`;
 * false: read no more until it is set again.
 */
export type ClientReader = (input: Buffer) => boolean | void;

/** What the connection reads of a request that has ended: whether it keeps alive, and how long. */
export interface EndedRequest {
  readonly keepalive: boolean;
  readonly head: RequestHead;
  readonly loc: LocationConf;
}

export interface Connection {
  readonly number: number;
  readonly remoteAddress: string;
  readonly remotePort: number;
  readonly listen: ListenConf;
  readonly localAddress: string;
  /** The TLS session of a connection to an ssl address (ngx_connection_t's ssl). */
  readonly tls?: TLSSocket;
  /** Requests read on this connection so far, this one included (r->connection->requests). */
  readonly requests: number;
  /** When it was accepted (c->start_time), in Date.now() milliseconds. */
  readonly startedAt: number;
  readonly closed: boolean;
  /** The client reset the connection (ECONNRESET) rather than closing it. */
  readonly resetByPeer: boolean;
  /** Writes bytes (a string: latin1, one char per byte) to the client; false when the socket's buffer is full (wait for `drain`). */
  write(b: Buffer | string): boolean;
  onDrain(cb: () => void): void;
  /** postpone_output for the answer being written: short output waits (see ClientConnection.postpone). */
  postpone(on: boolean): void;
  /** Closes at once, without a response (nginx's `ngx_http_close_request`); `drop`: what is written and not yet sent is dropped. */
  abort(o?: { drop?: boolean }): void;
  /**
   * From now on what the client sends goes to `reader`, what has come first (a body's reader, a
   * tunnel's), under the read timer `timeout` (client_body_timeout), or none.
   */
  readBy(reader: ClientReader, timeout?: { ms: number; onExpiry: () => void }): void;
  /** Nobody reads, the read timer is cleared; `rest` (the bytes past a body) waits for the next request. */
  readDone(rest?: Buffer): void;
  /** The read timer (c->read's) set again: `ms` from now, then the connection closes (lingering_timeout). */
  readTimeout(ms: number): void;
  /**
   * The request has ended: its answer goes out now; then the connection is kept for the next one
   * or closed, once a body still being dropped is gone (its reader hands back: `readDone()`).
   */
  requestDone(req: EndedRequest): void;
}
