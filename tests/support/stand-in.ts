// The admin stand-in with a clock that stands still (its answers are the same bytes every time),
// a fault ledger on it as `harness chaos inject` has one, and a raw client that speaks to it as
// nginx does (HTTP/1.0, Connection: close) and keeps every byte with the time it came.
import net from 'node:net';
import { freePort } from './ports.js';
import { AdminStandIn } from '../../stand-in/admin-server/server.js';
import type { AdminShell } from '../../stand-in/admin-server/shell.js';
import { FaultLedger } from '../../harness/faults/ledger.js';
import { splitCommand } from '../../harness/faults/index.js';

/** 2023-11-14T22:13:20Z: the stand-in's clock in these tests. */
export const NOW = 1_700_000_000_000;

export interface StandIn {
  admin: AdminStandIn;
  /** Its port, on both loopbacks. */
  readonly port: number;
  faults: FaultLedger;
  /** `admin.truncate 10 --path /admin/**`, as typed after `harness chaos inject`. */
  inject(command: string): ReturnType<FaultLedger['inject']>;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const admin = new AdminStandIn({ port: await freePort(), mode: 'dual', now: () => NOW });
  await admin.start();
  return { admin, port: admin.port, ...faultsOn(admin), close: () => admin.stop() };
}

/** A fault ledger on an admin server of the test's, as `harness chaos inject` has one, and its inject
 *  taking a fault as typed (`admin.truncate 10 --path /admin/**`). */
export function faultsOn(adminShell: AdminShell): Pick<StandIn, 'faults' | 'inject'> {
  const faults = new FaultLedger({ adminShell, prefix: '/nonexistent', spec: { os: 'linux', engine: 'embedded' } });
  return {
    faults,
    inject: (command) => {
      const { name, input } = splitCommand(command);
      return faults.inject(name, input);
    },
  };
}

/** A request as nginx sends it upstream: HTTP/1.0, Connection: close, the body's Content-Length. */
export function upstreamRequest(method: string, path: string, port: number, body = ''): string {
  const length = body || method === 'POST' ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
  const type = body ? 'Content-Type: application/json\r\n' : '';
  return `${method} ${path} HTTP/1.0\r\nHost: localhost:${port}\r\nConnection: close\r\n${length}${type}\r\n${body}`;
}

export interface Exchanged {
  /** Every byte that came, in order. */
  bytes: Buffer;
  /** Each read, with when it came (ms after the request was written). */
  reads: { at: number; bytes: Buffer }[];
  /** How the connection ended: `end` (a FIN), or the error's code (`ECONNRESET`). */
  ended: string;
  /** ms from the request to the end. */
  ms: number;
}

/** Writes `request` and reads until the connection ends. */
export function exchange(port: number, request: string, host = '127.0.0.1'): Promise<Exchanged> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const reads: Exchanged['reads'] = [];
    let t0 = 0;
    let ended = 'end';
    socket.on('connect', () => {
      t0 = performance.now();
      socket.write(request, 'latin1');
    });
    socket.on('data', (d) => reads.push({ at: performance.now() - t0, bytes: d }));
    socket.on('error', (e: NodeJS.ErrnoException) => (ended = e.code ?? e.message));
    socket.on('close', () => resolve({ bytes: Buffer.concat(reads.map((r) => r.bytes)), reads, ended, ms: performance.now() - t0 }));
  });
}

/** The head and body of an HTTP response in `bytes` (the body as it came: framing not undone). */
export function split(bytes: Buffer): { head: string; body: Buffer } {
  const end = bytes.indexOf('\r\n\r\n');
  return end < 0 ? { head: bytes.toString('latin1'), body: Buffer.alloc(0) } : { head: bytes.toString('latin1', 0, end), body: bytes.subarray(end + 4) };
}

/** `refused`, or the first 12 bytes of the answer (`HTTP/1.1 401`), of a request to `host`. */
export async function answerOn(port: number, host: string): Promise<string> {
  const r = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port), host);
  return r.ended === 'ECONNREFUSED' ? 'refused' : r.bytes.toString('latin1').slice(0, 12);
}
