// A user's own admin server in miniature (a plain Node server, not the stand-in), and the harness's
// pass-through in front of it with a fault ledger, as `harness up --admin-upstream` has them.
import http, { type Server } from 'node:http';
import { createHash } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { freePort } from './ports.js';
import { PassThrough } from '../../harness/stack/pass-through.js';
import type { FaultLedger } from '../../harness/faults/ledger.js';
import { faultsOn } from './stand-in.js';

/** The JSON the own server answers every request with: its method, path and body, as Spring would show them. */
export const ownAnswer = (method: string, url: string, body = '') => JSON.stringify({ code: 1, msg: null, data: { method, url, body } });

/** Listens on 127.0.0.1 only, as `server.address: 127.0.0.1` in application.yml; /ws/{sid} takes a
 *  WebSocket handshake and sends one text frame, `hello`. */
export async function startOwnServer(port?: number): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = ownAnswer(req.method ?? '', req.url ?? '', Buffer.concat(chunks).toString());
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Own-Server': 'yes' });
      res.end(body);
    });
  });
  const tunnels = new Set<Duplex>();
  server.on('upgrade', (req, socket) => {
    tunnels.add(socket);
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.write(Buffer.from([0x81, 5, ...Buffer.from('hello')]));
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: listenPort }, resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      for (const t of tunnels) t.destroy();
    });
  return { server, port: (server.address() as AddressInfo).port, close };
}

export interface OwnServerBehind {
  passThrough: PassThrough;
  /** The pass-through's port, on both loopbacks: where nginx's conf sends /api/. */
  readonly port: number;
  faults: FaultLedger;
  /** `admin.reset --times 1`, as typed after `harness chaos inject`. */
  inject(command: string): ReturnType<FaultLedger['inject']>;
  /** What the pass-through told the user. */
  notes: string[];
  /** Stops the pass-through only: the own server is the test's. */
  close(): Promise<void>;
}

export async function passThroughTo(upstreamPort: number): Promise<OwnServerBehind> {
  const notes: string[] = [];
  const passThrough = new PassThrough({ port: await freePort(), mode: 'dual', upstream: { host: '127.0.0.1', port: upstreamPort }, onNote: (t) => notes.push(t) });
  await passThrough.start();
  const { faults, inject } = faultsOn(passThrough);
  return {
    passThrough,
    port: passThrough.port,
    faults,
    notes,
    inject,
    close: async () => {
      await faults.restore();
      await passThrough.stop();
    },
  };
}

/** The bytes the raw server answers each request with: no Date, no Connection (Node's server would add both). */
export const RAW_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Raw: yes\r\n\r\nok';

export interface RawServer {
  port: number;
  /** Each connection made to it, in order: the bytes it got, and whether it has closed. */
  connections: { bytes: string; closed: boolean }[];
  /** While set, answers wait for release(). */
  holding: boolean;
  /** Sends the answers held back. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A user's server that shows what reached it, on 127.0.0.1: it answers each request head (GET only)
 * with RAW_ANSWER, and closes after the answer to a request with `Connection: close`.
 */
export async function startRawServer(): Promise<RawServer> {
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const seen = { bytes: '', closed: false };
    raw.connections.push(seen);
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => ((seen.closed = true), sockets.delete(socket)));
    let answered = 0;
    socket.on('data', (d: Buffer) => {
      seen.bytes += d.toString('latin1');
      const heads = seen.bytes.split('\r\n\r\n').slice(0, -1);
      for (const head of heads.slice(answered)) {
        const answer = () => (/^connection: close$/im.test(head) ? socket.end(RAW_ANSWER) : socket.write(RAW_ANSWER));
        if (raw.holding) held.push(answer);
        else answer();
      }
      answered = heads.length;
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port }, resolve));
  const raw: RawServer = {
    port,
    connections: [],
    holding: false,
    release: () => held.splice(0).forEach((answer) => answer()),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
  return raw;
}
