// sky-server's WebSocketServer (@ServerEndpoint("/ws/{sid}")): sessions kept by sid (a second
// connection with the same sid takes its place; closing either removes the sid), messages from the
// page only logged, and a broadcast to every session of the order notices: type 1 来单提醒 after a
// payment, type 2 催单 on a customer's reminder. No token, no subprotocol, text frames. The real
// server's 5-second plain-text test message is off, as in the course's reference solution.
// A message from the page is held to Tomcat's own limit (below), so that no page, whatever its
// origin, can make the harness hold megabytes for it: a longer one is closed with 1009.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';

/** Tomcat's textBufferSize (8 KiB): an @OnMessage(String) endpoint without partial messages closes
 *  with 1009 (message too big) on a longer message. The pages send short JSON or nothing. */
export const MAX_MESSAGE_BYTES = 8 * 1024;

/** `/ws/{sid}`: one non-empty path segment. */
const WS_PATH = /^\/ws\/([^/?]+)(?:\?.*)?$/;

export class OrderPushes {
  /** ws loads on the first handshake (it takes longer to load than the rest of the server: a stack
   *  is up sooner without it). */
  #server?: Promise<WebSocketServer>;
  readonly #sessions = new Map<string, WebSocket>();

  /** Whether this request is a WebSocket handshake for `/ws/{sid}` (anything else is plain HTTP). */
  static wants(req: IncomingMessage): boolean {
    return WS_PATH.test(req.url ?? '') && /\bwebsocket\b/i.test(String(req.headers.upgrade ?? ''));
  }

  /** Completes the handshake (ws answers a bad one with 400, or 426 for another version). */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const raw = WS_PATH.exec(req.url ?? '')![1];
    let sid = raw;
    try {
      sid = decodeURIComponent(raw);
    } catch {
      // a broken %-escape: the sid as sent
    }
    // ws (~45 ms to load) with the first admin page's WebSocket.
    this.#server ??= import('ws').then(({ WebSocketServer }) => new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_MESSAGE_BYTES }));
    void this.#server.then((server) => server.handleUpgrade(req, socket, head, (ws) => {
      this.#sessions.set(sid, ws);
      ws.on('close', () => this.#sessions.delete(sid));
      // On an error (1009 for a message over the limit, 1002 for a bad frame) ws has written its close
      // frame; the rest of what the page sends is not read (RFC 6455 7.1.7: fail the connection, process
      // no more of its data), so that a page that goes on sending costs no memory. ws's close timeout
      // (30 s) ends the connection. Cutting it now would lose the close frame under an RST.
      ws.on('error', () => process.nextTick(() => socket.pause())); // after ws's own resume (also a nextTick)
      ws.on('message', () => undefined); // onMessage only logs it
    }));
  }

  /** How many sessions are open (in the map). */
  get size(): number {
    return this.#sessions.size;
  }

  /** sendToAllClient: the text to every session; one that fails (gone mid-push) does not stop the
   *  rest. Resolves with how many were sent. */
  async broadcast(text: string): Promise<number> {
    const sends = [...this.#sessions.values()].map(
      (ws) => new Promise<boolean>((resolve) => ws.send(text, (err) => resolve(!err))),
    );
    return (await Promise.all(sends)).filter(Boolean).length;
  }

  /** The 来单提醒 (type 1) or 催单 (type 2) message, keys in fastjson's order for that map. */
  static notice(type: 1 | 2, orderId: number, number: string): string {
    return `{"orderId":${orderId},"type":${type},"content":${JSON.stringify(`订单号：${number}`)}}`;
  }
}
