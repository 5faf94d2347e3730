// A connection to an upstream peer, read as nginx reads one: into a buffer the worker owns (net's
// `onread`), and handed to whoever holds the connection at the time (the request it carries, then
// the keepalive cache while it is idle), not through a stream. A socket read as a stream costs a
// push through its stream state and an event per read, and a listener added and removed for each
// phase of each request: a good part of the engine's own cost per proxied request
// (bench/README.md).
import net from 'node:net';
import type { Peer } from './round-robin.js';
import { Deadline } from '../deadline.js';

export interface UpstreamReader {
  /** Bytes the upstream sent (a copy, which may be kept); false: read no more until resume(). */
  data(d: Buffer): boolean | void;
  /** The upstream closed its side. */
  end(): void;
  error(e: NodeJS.ErrnoException): void;
}

/** What came while nobody read (a request still being sent): kept for the next reader; a failure goes to `onError` at once. */
class Early implements UpstreamReader {
  chunks: Buffer[] = [];
  ended = false;
  constructor(private readonly onError: (e: NodeJS.ErrnoException) => void) {}
  data(d: Buffer): void {
    this.chunks.push(d);
  }
  end(): void {
    this.ended = true;
  }
  error(e: NodeJS.ErrnoException): void {
    this.onError(e);
  }
}

/** Every read lands here first, and is copied out before the next. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

export class UpstreamConnection {
  readonly socket: net.Socket;
  private reader: UpstreamReader;
  /** A reader said to stop: nothing is read until resume(). */
  private stopped = false;
  /** Requests it has carried (nginx's c->requests), for keepalive_requests. */
  requests = 0;
  /**
   * Its one timeout, set by whoever holds it: proxy_connect_timeout, proxy_read_timeout..., the
   * upstream's keepalive_timeout while it is idle. A kept connection keeps its Node timer from one
   * request to the next (deadline.ts).
   */
  readonly timeout = new Deadline();

  /** Until a reader reads it, what comes is kept, and a failure (a refused connect) goes to `onError`. */
  constructor(peer: Peer, onError: (e: NodeJS.ErrnoException) => void) {
    this.reader = new Early(onError);
    this.socket = new net.Socket({
      // What net.Socket sets on its copy of the options, given already: a copy that gains
      // properties takes a slow path of V8's (8 µs a socket here, net.connect()'s included, where
      // this costs 0.3 µs: bench/README.md).
      allowHalfOpen: false,
      emitClose: false,
      autoDestroy: true,
      decodeStrings: false,
      onread: { buffer: READ_BUFFER, callback: (n: number) => this.read(n) },
    } as net.SocketConstructorOpts);
    this.socket.on('end', () => this.reader.end());
    this.socket.on('error', (e: NodeJS.ErrnoException) => this.reader.error(e));
    // No TCP_NODELAY, as nginx sets none on a connection to an upstream: a request goes in one
    // write, and the setsockopt() would be one system call more per request.
    this.socket.connect({ host: peer.host, port: peer.port, family: peer.family });
  }

  private read(n: number): boolean {
    const d = Buffer.allocUnsafe(n);
    READ_BUFFER.copy(d, 0, 0, n);
    if (this.reader.data(d) !== false) return true;
    this.stopped = true;
    return false;
  }

  /** From now on `reader` hears the upstream, first what came while nobody read. */
  readBy(reader: UpstreamReader): void {
    const early = this.reader instanceof Early ? this.reader : undefined;
    this.reader = reader;
    if (!early) return;
    for (const d of early.chunks) if (this.reader === reader) reader.data(d);
    if (early.ended && this.reader === reader) reader.end();
  }

  /** Nobody reads it for now (a kept connection taken for a request): what comes is kept for the next reader, a failure told to `onError`. */
  hold(onError: (e: NodeJS.ErrnoException) => void): void {
    this.reader = new Early(onError);
  }

  /** Reads again after a reader said to stop. */
  resume(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.socket.read(0);
  }

  destroy(): void {
    this.timeout.stop();
    this.socket.destroy();
  }
}
