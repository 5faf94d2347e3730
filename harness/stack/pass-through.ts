// The pass-through: the harness's admin server in front of the user's own (Spring Boot on
// 127.0.0.1:8081, say). It listens where nginx's conf sends /api/ (the shell: loopbacks of a listen
// mode, the journal, the wire faults) and forwards every request to the user's server. While no
// fault is in force, a request that is its connection's last (nginx's default) is relayed as bytes
// (relay.ts): nginx gets the user's server's answer byte for byte. Any other request, and every
// WebSocket handshake, goes with http-proxy: the same status, headers and body; only the hop-by-hop
// Connection header is the harness's own. The harness never starts, stops or signals the user's server.
import { Agent, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import httpProxy from 'http-proxy';
import { AdminShell, type AdminShellOptions, type Relaying } from '../../stand-in/admin-server/shell.js';
import { answerStatus } from '../../stand-in/admin-server/dispatcher.js';
import { requestRead } from '../../stand-in/admin-server/faults/answer.js';
import { hostPort } from '../ports.js';
import { Relay } from './relay.js';

/** Where the user's server listens. */
export interface Upstream {
  host: string;
  port: number;
}

export interface PassThroughOptions extends AdminShellOptions {
  upstream: Upstream;
  /** What the user should know: their server refuses connections, or answers again. */
  onNote?: (text: string) => void;
}

export class PassThrough extends AdminShell {
  readonly upstream: Upstream;
  readonly #proxy: httpProxy;
  /** Its own kept-alive connections to the user's server (a new one per request costs the harness
   *  about 60% more CPU, measured: docs/figures.md). An idle one is closed after 4 s, before the
   *  server's own keep-alive timeout (Node's 5 s, Tomcat's 20 s or more) could close it as it is reused. */
  readonly #agent = new Agent({ keepAlive: true, timeout: 4000 });
  readonly #onNote: (text: string) => void;
  readonly #relay: Relay;
  /** Requests whose last try went out on a connection kept from an earlier request. */
  readonly #reused = new WeakSet<IncomingMessage>();
  /** The user's server refused the last connection: told once, until it answers again. */
  #refusing = false;

  constructor(o: PassThroughOptions) {
    super(o);
    this.upstream = o.upstream;
    this.#onNote = o.onNote ?? (() => undefined);
    this.#relay = new Relay(o.upstream.host, o.upstream.port, () => this.#answered());
    this.#proxy = httpProxy.createProxyServer({ target: { host: o.upstream.host, port: o.upstream.port }, agent: this.#agent, ws: true, preserveHeaderKeyCase: true });
    // Connection is hop-by-hop: nginx's `close` is for its connection to the harness, not for the harness's to the user's server.
    this.#proxy.on('proxyReq', (proxyReq, req) => {
      proxyReq.removeHeader('connection');
      if (proxyReq.reusedSocket) this.#reused.add(req);
      else this.#reused.delete(req);
    });
    this.#proxy.on('proxyRes', () => this.#answered());
    // http-proxy writes a handshake's answer from its lower-cased headers: the names go as the user's server wrote them.
    this.#proxy.on('proxyReqWs', (proxyReq) => {
      for (const event of ['upgrade', 'response']) proxyReq.prependListener(event, (res: IncomingMessage) => void (res.headers = asWritten(res.rawHeaders)));
    });
  }

  /** Stops listening, and closes its connections to the user's server. */
  override async stop(): Promise<void> {
    await super.stop();
    this.#agent.destroy();
    this.#relay.destroy();
  }

  /** `127.0.0.1:8081` */
  get upstreamAddress(): string {
    return hostPort(this.upstream.host, this.upstream.port);
  }

  /** Unknown: the paths are the user's server's. */
  async routePaths(): Promise<undefined> {
    return undefined;
  }

  /** The fast path: nginx's request on a connection of its own, relayed as bytes (relay.ts). */
  protected relay(socket: Socket, first: Buffer, relaying: Relaying): void {
    this.#relay.take(socket, first, relaying);
  }

  /** `retry`: a kept connection that the user's server closed may be replaced once (#failed). */
  protected answer(req: IncomingMessage, res: ServerResponse, retry = true): void {
    this.#proxy.web(req, res, {}, (err) => this.#failed(req, res, err as NodeJS.ErrnoException, retry));
  }

  /** Spring Boot's own answer with that status, as the stand-in gives it. */
  protected answerStatus(req: IncomingMessage, res: ServerResponse, status: number): void {
    answerStatus(req, res, status, Date.now());
  }

  /** Every WebSocket handshake goes to the user's server (order reminders on /ws/{sid}). */
  protected takeUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') return false;
    this.#proxy.ws(req, socket, head, {}, (err) => {
      this.#refused(err as NodeJS.ErrnoException);
      socket.destroy();
    });
    return true;
  }

  /**
   * The user's server did not answer. Refused (it is not running): nginx's connection is reset once
   * its request is read, so that nginx counts a failure of the peer as a refusal would, and logs
   * "Connection reset by peer" (the peer being the harness); the harness says why, once. Closed
   * before its answer: closed the same way; reset: reset. An answer already under way is cut.
   */
  #failed(req: IncomingMessage, res: ServerResponse, err: NodeJS.ErrnoException, retry: boolean): void {
    this.#refused(err);
    const socket = req.socket as Socket;
    if (res.headersSent || socket.destroyed) return void socket.destroy();
    // A kept connection the user's server closed just as it was reused: a request without a body goes
    // again on a new connection (as Node's documentation advises), not as a failure of the server.
    if (retry && err.code === 'ECONNRESET' && this.#reused.has(req) && !hasBody(req)) return this.answer(req, res, false);
    const closed = err.code === 'ECONNRESET' && err.message === 'socket hang up';
    void requestRead(req).then(() => (closed ? socket.end() : socket.resetAndDestroy()));
  }

  #refused(err: NodeJS.ErrnoException): void {
    if (err.code !== 'ECONNREFUSED' || this.#refusing) return;
    this.#refusing = true;
    this.#onNote(
      `your admin server on ${this.upstreamAddress} refuses connections (ECONNREFUSED): is it running? Until it is, the harness resets each connection nginx makes (nginx logs "Connection reset by peer" and answers 502).`,
    );
  }

  #answered(): void {
    if (!this.#refusing) return;
    this.#refusing = false;
    this.#onNote(`your admin server on ${this.upstreamAddress} answers again.`);
  }
}

/** Headers by their names as written (`Sec-WebSocket-Accept`), repeated ones as a list. */
function asWritten(raw: string[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const [name, value] = [raw[i], raw[i + 1]];
    const had = headers[name];
    headers[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return headers as IncomingHttpHeaders;
}

/** Whether the request has a body (which was sent, and cannot be sent again). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
