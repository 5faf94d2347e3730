// A raw upstream for tests: listens on both loopbacks, one, or none, records every request exactly
// as it arrived, and answers as a test needs: echo it back (as the echo server of the captures from
// nginx did), a fixed response, never, a close, or after a delay. `blackhole` accepts no connection
// at all on either loopback, so that connects time out.
import net from 'node:net';
import { blackhole, type Blackhole } from '../../harness/stack/blackhole.js';

export type Family = 'dual' | 'ipv4' | 'ipv6' | 'down' | 'blackhole';

export type Behaviour =
  | { kind: 'echo' }
  | { kind: 'fixed'; response: string }
  | { kind: 'hang' }
  | { kind: 'close' }
  /** Answers `response` (a 101) and keeps the connection, sending back each later chunk as `echo:<bytes>`. */
  | { kind: 'tunnel'; response: string }
  | { kind: 'delay'; ms: number; then: Behaviour }
  /** Writes each piece `ms` after the one before it, then closes, or keeps the connection open and silent. */
  | { kind: 'pieces'; pieces: { ms: number; data: string }[]; then: 'close' | 'hang' };

export interface Received {
  /** `::1` or `127.0.0.1`: the loopback the request came in on. */
  address: string;
  /** The raw request head and body, latin1. */
  raw: string;
  at: number;
}

/** A server on each of `hosts` (`::1` IPv6-only), all on `port`. */
export async function listenOn(hosts: string[], port: number, accept: (s: net.Socket) => void): Promise<net.Server[]> {
  const servers: net.Server[] = [];
  for (const host of hosts) {
    const server = net.createServer(accept);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, ipv6Only: host === '::1' }, () => resolve());
    });
    servers.push(server);
  }
  return servers;
}

export class TestUpstream {
  readonly received: Received[] = [];
  /** Connections accepted so far. */
  accepted = 0;
  /** What the latest connection has sent so far, a request still coming included. */
  incoming = '';
  behaviour: Behaviour = { kind: 'echo' };
  private servers: net.Server[] = [];
  private sockets = new Set<net.Socket>();
  private tunnels = new WeakSet<net.Socket>();
  private blackhole?: Blackhole;

  constructor(readonly port: number) {}

  async listen(family: Family): Promise<void> {
    await this.close();
    if (family === 'blackhole') {
      this.blackhole = await blackhole(this.port);
      return;
    }
    const hosts = family === 'dual' ? ['::1', '127.0.0.1'] : family === 'ipv4' ? ['127.0.0.1'] : family === 'ipv6' ? ['::1'] : [];
    this.servers = await listenOn(hosts, this.port, (s) => this.accept(s));
  }

  private accept(s: net.Socket): void {
    this.accepted++;
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => undefined);
    let got = Buffer.alloc(0);
    let answered = false;
    s.on('data', (d) => {
      if (answered && this.tunnels.has(s)) {
        s.write(Buffer.concat([Buffer.from('echo:'), d]));
        return;
      }
      got = Buffer.concat([got, d]);
      const text = got.toString('latin1');
      this.incoming = text;
      const end = text.indexOf('\r\n\r\n');
      if (end < 0 || answered) return;
      const len = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      // A chunked body is whole at its last chunk (no trailer is expected).
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(text.slice(0, end));
      const last = chunked ? /(?:^|\r\n)0\r\n\r\n/.exec(text.slice(end + 4)) : null;
      if (chunked && !last) return;
      const need = end + 4 + (last ? last.index + last[0].length : len ? Number(len[1]) : 0);
      if (got.length < need) return;
      answered = true;
      const address = (s.localAddress ?? '').replace(/^::ffff:/, '');
      const raw = text.slice(0, need);
      this.received.push({ address, raw, at: Date.now() });
      this.answer(s, this.behaviour, address, raw);
    });
  }

  private answer(s: net.Socket, b: Behaviour, address: string, raw: string): void {
    switch (b.kind) {
      case 'echo': {
        const body = `UPSTREAM ${address} GOT:\n${raw}`;
        s.end(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}\r\nConnection: close\r\nX-Up: ${address}\r\n\r\n${body}`, 'latin1');
        return;
      }
      case 'fixed':
        s.end(b.response, 'latin1');
        return;
      case 'hang':
        return;
      case 'tunnel':
        this.tunnels.add(s);
        s.write(b.response, 'latin1');
        return;
      case 'close':
        s.destroy();
        return;
      case 'delay':
        setTimeout(() => this.answer(s, b.then, address, raw), b.ms);
        return;
      case 'pieces': {
        const [first, ...rest] = b.pieces;
        if (!first) {
          if (b.then === 'close') s.end();
          return;
        }
        setTimeout(() => {
          if (s.destroyed) return;
          s.write(first.data, 'latin1');
          this.answer(s, { ...b, pieces: rest }, address, raw);
        }, first.ms);
      }
    }
  }

  async close(): Promise<void> {
    await this.blackhole?.close();
    this.blackhole = undefined;
    for (const s of this.sockets) s.destroy();
    await Promise.all(this.servers.map((srv) => new Promise((r) => srv.close(r))));
    this.servers = [];
  }
}
