// A port another process would hold: a listening socket on 127.0.0.1 in the test's own process;
// and how the harness names its holder.
import net from 'node:net';
import { linux } from '../../harness/platform.js';

export async function holdPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  // Whatever connects (a readiness probe, say) is kept open, as a foreign server would; close() ends it.
  const holder = net.createServer((s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => holder.listen({ host: '127.0.0.1', port: 0 }, r));
  return {
    port: (holder.address() as net.AddressInfo).port,
    close: () => new Promise((r) => (holder.close(() => r()), sockets.forEach((s) => s.destroy()))),
  };
}

/**
 * How the harness names the holder of a port, as a pattern: its pid and command where the system
 * tells (Linux's /proc), "another process" on the portable fallback (platform.ts).
 */
export function heldByPattern(pid: number): string {
  return linux() ? `in use by pid ${pid} \\(.+\\)` : 'in use by another process';
}
