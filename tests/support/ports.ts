// Ports for the tests: a free one from a range of the test worker's own, a port another process
// would hold, and how the harness names that holder.
import net from 'node:net';
import getPort, { portNumbers } from 'get-port';
import { linux } from '../../harness/platform.js';
import { canBind } from '../../harness/ports.js';

/**
 * The ports below Linux's ephemeral range (32768-60999, where the OS picks the ports it hands out)
 * are cut into one range per test worker of each shard (HARNESS_SHARD, set by playwright.config.ts)
 * and of the portable run: two runs on one machine, or two workers of one run, never pick the same
 * port between choosing it and binding it. 4 shards and the portable run, up to 8 workers each.
 * A worker picks from the lower half of its range; the upper half is for a Playwright run one of its
 * tests starts (nestedRunPorts), whose own workers count from index 0 again and would otherwise
 * pick from the range of this run's first worker.
 */
const FIRST_PORT = 20000;
const RANGE = 300;
const WORKERS_PER_RUN = 8;

/** How a test hands a run it starts the ports it may use: `first-last`. */
const NESTED_PORTS = 'HARNESS_TEST_PORTS';

/** The first port of this worker's range. */
function rangeStart(): number {
  const shard = Number(process.env.HARNESS_SHARD?.split('/')[0] ?? 1) - 1;
  const run = process.env.HARNESS_PORTABLE === '1' ? 4 : shard % 4;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % WORKERS_PER_RUN;
  return FIRST_PORT + (run * WORKERS_PER_RUN + worker) * RANGE;
}

function range(): [number, number] {
  const handed = /^(\d+)-(\d+)$/.exec(process.env[NESTED_PORTS] ?? '');
  if (handed) return [Number(handed[1]), Number(handed[2])];
  const first = rangeStart();
  return [first, first + RANGE / 2 - 1];
}

/** The environment of a Playwright run a test starts: the upper half of this worker's range. */
export function nestedRunPorts(): Record<string, string> {
  const first = rangeStart();
  return { [NESTED_PORTS]: `${first + RANGE / 2}-${first + RANGE - 1}` };
}

/** Tries before freePort() settles for a port free on 127.0.0.1 alone. */
const FREE_PORT_TRIES = 50;

/**
 * A port free on both loopbacks, from this worker's own range (any free port once the range is used
 * up). Both: a stack or an upstream on 127.0.0.1 alone leaves [::1] of its port to whoever holds it,
 * and the proxy tries [::1] first; a process of another run listening there answered the tries a
 * test expects refused (another connection, another *N in the error log).
 */
export async function freePort(): Promise<number> {
  let port = 0;
  for (let i = 0; i < FREE_PORT_TRIES; i++) {
    // get-port hands out a port once per 15 s: each try gets another.
    port = await getPort({ host: '127.0.0.1', port: portNumbers(...range()) });
    const v6 = await canBind('::1', port);
    if (v6.ok || v6.code === 'EADDRNOTAVAIL' || v6.code === 'EAFNOSUPPORT') return port;
  }
  return port;
}

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
