// An echo upstream that keeps every byte each connection carried: the first request as its head and
// Content-Length frame it (what the proxy meant to send) and anything that came after it on the same
// connection (what must never come: a request smuggled behind the first). It answers as the
// echo server of the captures from nginx did: 200, the request echoed back, Connection: close.
import type net from 'node:net';
import { listenOn } from './upstream.js';

export interface WireRequest {
  /** `::1` or `127.0.0.1`: the loopback the connection came in on. */
  address: string;
  /** The first request: its head and the Content-Length bytes of body, latin1. */
  raw: string;
  /** Bytes that came on the same connection after the first request. */
  extra: string;
  at: number;
}

export class WireUpstream {
  /** One entry per connection that delivered a complete request head, in arrival order. */
  readonly received: WireRequest[] = [];
  /** Connections accepted, whether or not a request came on them. */
  connections = 0;
  private servers: net.Server[] = [];
  private sockets = new Set<net.Socket>();

  constructor(readonly port: number) {}

  /** Listens on both loopbacks, as the admin server does in its `dual` mode. */
  async listen(): Promise<void> {
    this.servers = await listenOn(['::1', '127.0.0.1'], this.port, (s) => this.accept(s));
  }

  private accept(s: net.Socket): void {
    this.connections++;
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => undefined);
    let got = Buffer.alloc(0);
    let entry: WireRequest | undefined;
    s.on('data', (d) => {
      got = Buffer.concat([got, d]);
      const text = got.toString('latin1');
      if (entry) {
        entry.extra = text.slice(entry.raw.length);
        return;
      }
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const len = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      const need = end + 4 + (len ? Number(len[1]) : 0);
      if (got.length < need) return;
      const address = (s.localAddress ?? '').replace(/^::ffff:/, '');
      entry = { address, raw: text.slice(0, need), extra: text.slice(need), at: Date.now() };
      this.received.push(entry);
      const body = `UPSTREAM ${address} GOT:\n${entry.raw}`;
      s.end(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}\r\nConnection: close\r\nX-Up: ${address}\r\n\r\n${body}`, 'latin1');
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await Promise.all(this.servers.map((srv) => new Promise((r) => srv.close(r))));
    this.servers = [];
  }
}
