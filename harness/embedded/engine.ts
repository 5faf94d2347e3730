// The embedded engine as the harness runs it: its master in the harness's own process (as `harness
// proxy` runs it in the foreground), forking the workers; nothing else to start, so the stack is up
// about as soon as one Node worker can be.
import { NotReady, waitForProxy } from '../engine/ready.js';
import { ProxyStartError, type EngineStartOptions, type ProxyEngine, type CrashOptions } from '../engine/engine.js';
import { Master } from './master/master.js';
import { StartupError, WorkerStartError } from './master/errors.js';
import { DEFAULT_VERSION } from '../os-profile.js';
import { crashRequest } from '../crash.js';

export async function startEmbedded(o: EngineStartOptions): Promise<ProxyEngine> {
  const stderr: string[] = [];
  const master = new Master({
    prefix: o.prefix,
    conf: o.conf,
    os: o.os,
    version: o.version ?? DEFAULT_VERSION[o.os],
    refusedConnectDelayMs: o.refusedConnectDelayMs,
    reservedPorts: o.reservedPorts,
    bindAny: o.bindAny,
    stderr: (line) => {
      stderr.push(line);
      o.onLine?.(line, 'stderr');
    },
  });
  // A stop during the start: the master ends its start where it is, and stops what it started.
  o.signal?.throwIfAborted();
  const stopStart = () => void master.stop();
  o.signal?.addEventListener('abort', stopStart, { once: true });
  try {
    const started = master.start();
    o.starting?.();
    await started;
    await waitForProxy(o.ready, { signal: o.signal });
    // In the next turn of the event loop: after what the engine's owner does with the answer in
    // this one (harness up prints its ready line), which the spare's fork, synchronous, would delay.
    setImmediate(() => master.spawnSpare());
  } catch (e) {
    await master.stop();
    if (e instanceof StartupError) throw new ProxyStartError(stderr.at(-1) ?? e.message, stderr, 1);
    if (e instanceof NotReady || e instanceof WorkerStartError) throw new ProxyStartError(e.message, [], null);
    throw e;
  } finally {
    o.signal?.removeEventListener('abort', stopStart);
  }
  let running = true;
  const exited = master.exited.then(() => {
    running = false;
    return { code: 0, signal: null };
  });
  return {
    name: 'embedded',
    prefix: o.prefix,
    pid: process.pid,
    exited,
    get running() {
      return running;
    },
    async workers() {
      return master.workers().map((w) => w.pid);
    },
    crashWorker: async (c: CrashOptions = {}) => master.crashWorker(crashRequest(o.os, c)),
    async failRespawns(on: boolean) {
      master.failRespawns(on);
    },
    restore: () => master.restore(),
    stop: () => master.stop(),
  };
}
