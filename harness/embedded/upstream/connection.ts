// A connection to an upstream peer, read as nginx reads one: into a buffer the worker owns (net's
// `onread`), and handed to whoever reads it at the time (u->read_event_handler: each phase of the
// exchange it carries, then the keepalive cache while it is idle), not through a stream. A socket read as a stream costs a
// push through its stream state and an event per read, and a listener added and removed for each
// phase of each request: a good part of the engine's own cost per proxied request
// (bench/README.md).
import net from 'node:net';
import type tls from 'node:tls';
import type { Peer } from './round-robin.js';
import { Deadline } from '../deadline.js';

/** Who reads the connection now (undici's dispatcher handler's onData and onError, and the upstream's close). */
export interface UpstreamReader {
  /** Bytes the upstream sent (a copy, which may be kept); false: read no more until resume(). */
  onData(d: Buffer): boolean | void;
  /** The upstream closed its side. */
  onEnd(): void;
  onError(e: NodeJS.ErrnoException): void;
}

/** What came while nobody read (a request still being sent): kept for the next reader; a failure goes to `onError` at once. */
class Early implements UpstreamReader {
  /** Made when something comes (seldom: an upstream answers a request it has whole). */
  chunks?: Buffer[];
  ended = false;
  constructor(private readonly failed: (e: NodeJS.ErrnoException) => void) {}
  onData(d: Buffer): void {
    (this.chunks ??= []).push(d);
  }
  onEnd(): void {
    this.ended = true;
  }
  onError(e: NodeJS.ErrnoException): void {
    this.failed(e);
  }
}

/** A connection to an https:// upstream: Node's options for it, and who keeps its session for the next. */
export interface UpstreamTls {
  options: tls.ConnectionOptions;
  saveSession?: (session: Buffer) => void;
}

/** Every read lands here first, and is copied out before the next. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

export class UpstreamConnection {
  readonly socket: net.Socket;
  /** When the request may be sent: once connected, or once the TLS handshake is done. */
  readonly connectEvent: 'connect' | 'secureConnect';
  private reader: UpstreamReader;
  /** A reader said to stop: nothing is read until resume(). */
  private stopped = false;
  /** Closed by its holder (destroy()): what came before is nobody's. */
  private closed = false;
  /** Requests it has carried (nginx's c->requests), for keepalive_requests. */
  requests = 0;
  /** When it was opened (c->start_time), for keepalive_time. */
  readonly startedAt = Date.now();
  /**
   * Its one timeout, set by whoever holds it: proxy_connect_timeout, proxy_read_timeout..., the
   * upstream's keepalive_timeout while it is idle. A kept connection keeps its Node timer from one
   * request to the next (deadline.ts).
   */
  readonly timeout = new Deadline();

  /** Until a reader reads it, what comes is kept, and a failure (a refused connect) goes to `onError`. */
  constructor(
    peer: Peer,
    onError: (e: NodeJS.ErrnoException) => void,
    /** Gives back its one of worker_connections, when it is closed. */
    private readonly releaseSlot: () => void,
    secure?: UpstreamTls,
  ) {
    this.reader = new Early(onError);
    this.connectEvent = secure ? 'secureConnect' : 'connect';
    if (secure) {
      // The TLS layer reads the socket itself: what it decrypts lands in the same buffer.
      const address = peer.family === 'unix' ? { path: peer.host } : { host: peer.host, port: peer.port, family: peer.family };
      const onread = { buffer: READ_BUFFER, callback: (n: number) => this.read(n) };
      // Node reads `onread` here too, though its types do not say so.
      const options: tls.ConnectionOptions = { ...address, ...secure.options };
      // node:tls at the first https upstream, not with the worker (about 10 ms of its start).
      this.socket = process.getBuiltinModule('node:tls').connect(Object.assign(options, { onread }));
      if (secure.saveSession) this.socket.on('session', secure.saveSession);
      this.socket.on('end', () => this.reader.onEnd());
      this.socket.on('error', (e: NodeJS.ErrnoException) => this.reader.onError(e));
      return;
    }
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
    this.socket.on('end', () => this.reader.onEnd());
    this.socket.on('error', (e: NodeJS.ErrnoException) => this.reader.onError(e));
    // No TCP_NODELAY, as nginx sets none on a connection to an upstream: a request goes in one
    // write, and the setsockopt() would be one system call more per request.
    this.socket.connect(peer.family === 'unix' ? { path: peer.host } : { host: peer.host, port: peer.port, family: peer.family });
  }

  private read(n: number): boolean {
    const d = Buffer.allocUnsafe(n);
    READ_BUFFER.copy(d, 0, 0, n);
    if (this.reader.onData(d) !== false) return true;
    this.stopped = true;
    return false;
  }

  /**
   * From now on `reader` hears the upstream, first what came while nobody read: each piece goes to
   * whoever reads then (a phase that took over from `reader` on the way, the head's to the body's).
   */
  readBy(reader: UpstreamReader): void {
    const early = this.reader instanceof Early ? this.reader : undefined;
    this.reader = reader;
    if (!early) return;
    if (early.chunks) for (const d of early.chunks) if (this.reading()) this.reader.onData(d);
    if (early.ended && this.reading()) this.reader.onEnd();
  }

  /** Someone reads it: not closed by its holder, nor held again. (The upstream may have closed: what it sent before is still read.) */
  private reading(): boolean {
    return !this.closed && !(this.reader instanceof Early);
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
    if (!this.closed) this.releaseSlot();
    this.closed = true;
    this.timeout.stop();
    this.socket.destroy();
  }
}
