// The pass-through's fast path: a request whole in its connection's first bytes (nginx's default to
// an upstream: HTTP/1.0, `Connection: close`, a connection each) goes to the user's server as bytes,
// past Node's HTTP layer, and the answer's bytes come back as they are. Its connections to the user's
// server are kept (a new one per request cost more than the HTTP way: connect() was 28 % of the
// relay's CPU; docs/figures.md): the request goes with `Connection: keep-alive`, and an answer whose
// head gives its length leaves the connection free for the next request.
import net, { type Socket } from 'node:net';
import type { Relaying } from '../../stand-in/admin-server/shell.js';
import { answerLength, keptAlive, statusOf } from '../../stand-in/admin-server/sniff.js';

/** Kept connections at most, and how long one may sit idle: closed before the server's own
 *  keep-alive timeout (Node's 5 s, Tomcat's 20 s or more) could close it as it is reused. */
const MAX_IDLE = 64;
const IDLE_MS = 4000;

export class Relay {
  /** Each kept connection, and what takes it out of the idle set. */
  readonly #idle = new Map<Socket, () => void>();

  /** `onConnected`: the user's server took a new connection. */
  constructor(
    readonly host: string,
    readonly port: number,
    readonly onConnected: () => void,
  ) {}

  /**
   * Relays `client`'s request (`first`), or hands it on (its body is not whole in `first`; the user's
   * server refuses). Once the answer began, a close or a reset of the user's server is passed on, so
   * nginx logs what the server did; a kept connection the server closed before answering is replaced
   * once, for a request without a body (as the HTTP way does).
   */
  take(client: Socket, first: Buffer, relaying: Relaying): void {
    const request = keptAlive(first);
    if (!request) return relaying.handOn();
    // nginx's reset after the answer: the connection is gone, nothing else to do.
    client.on('error', () => client.destroy());
    const [kept, unidle] = this.#idle.entries().next().value ?? [];
    if (kept && unidle) {
      unidle();
      return this.#exchange(client, kept, request, relaying, true);
    }
    this.#connect(client, (upstream) => this.#exchange(client, upstream, request, relaying, false), relaying);
  }

  /** Closes the kept connections. */
  destroy(): void {
    for (const socket of this.#idle.keys()) socket.destroy();
    this.#idle.clear();
  }

  #connect(client: Socket, connected: (upstream: Socket) => void, relaying: Relaying): void {
    const upstream = net.connect({ host: this.host, port: this.port, noDelay: true });
    const gone = () => upstream.destroy();
    client.once('close', gone).on('error', gone);
    upstream.once('error', () => {
      client.off('close', gone).off('error', gone);
      relaying.handOn();
    });
    upstream.once('connect', () => {
      client.off('close', gone).off('error', gone);
      upstream.removeAllListeners('error');
      this.onConnected();
      connected(upstream);
    });
  }

  #exchange(client: Socket, upstream: Socket, request: Buffer, relaying: Relaying, reused: boolean, retried = false): void {
    if (!retried) relaying.taken();
    const method = relaying.head.method;
    let head: Buffer | undefined = Buffer.alloc(0);
    let length: number | null | undefined;
    let sent = 0;
    let status: number | null | undefined;
    const onData = (chunk: Buffer) => {
      if (head) {
        head = head.length ? Buffer.concat([head, chunk]) : chunk;
        if (status === undefined) {
          status = statusOf(head);
          if (status) relaying.answered(status);
        }
        length = answerLength(head, method);
        if (length !== undefined || status === null) head = undefined;
      }
      sent += chunk.length;
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
      if (length && sent >= length) done(sent === length);
    };
    // Closed or reset before a byte of the answer on a kept connection: once more, on a new one.
    const again = () => reused && !retried && sent === 0 && request.length === request.indexOf('\r\n\r\n') + 4;
    const retry = () => {
      detach();
      upstream.destroy();
      this.#connect(client, (fresh) => this.#exchange(client, fresh, request, relaying, false, true), relaying);
    };
    const onEnd = () => (again() ? retry() : client.end());
    const onError = () => (again() ? retry() : client.resetAndDestroy());
    const gone = () => upstream.destroy();
    const reset = () => upstream.resetAndDestroy();
    const detach = () => {
      upstream.off('data', onData).off('end', onEnd).off('error', onError);
      client.off('close', gone).off('error', reset);
    };
    const done = (exact: boolean) => {
      detach();
      client.end();
      if (exact) this.#keep(upstream);
      else upstream.destroy();
    };
    upstream.on('data', onData).once('end', onEnd).on('error', onError);
    client.once('close', gone).on('error', reset);
    upstream.write(request);
    upstream.resume();
  }

  /** Keeps a connection whose answer has all come, for the next request. */
  #keep(upstream: Socket): void {
    if (this.#idle.size >= MAX_IDLE) return void upstream.destroy();
    const drop = () => {
      unidle();
      upstream.destroy();
    };
    const unidle = () => {
      this.#idle.delete(upstream);
      upstream.off('close', drop).off('end', drop).off('error', drop).off('data', drop).setTimeout(0);
    };
    upstream.on('close', drop).on('end', drop).on('error', drop).on('data', drop).setTimeout(IDLE_MS, drop);
    this.#idle.set(upstream, unidle);
  }
}
