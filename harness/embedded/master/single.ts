// master_process off (ngx_single_process_cycle()): the master serves on its own listening sockets,
// in its own process, with a worker's context; no worker is forked, so none is started, respawned
// or crashed. A reload reads the conf again and new connections are served with it (those open
// keep the old one); a stop, graceful or not, ends every connection at once, as nginx's single
// process exits on SIGQUIT as on SIGTERM.
import type net from 'node:net';
import type { ListenConf } from '../../nginx-conf/model.js';
import type { WorkerContext } from '../context.js';
import type { Handlers } from '../request.js';
import { discardPrebooted } from '../preboot.js';
import { closeIdleConnections } from '../upstream/keepalive.js';
import { acceptOn, workerContext, workerHandlers } from '../serve.js';
import { flushLogs } from '../../logs/writer.js';
import { NoWorkerError } from './errors.js';
import type { Listener } from './listeners.js';
import type { PoolHost, Workers } from './pool.js';

export class SingleProcess implements Workers {
  private ctx?: WorkerContext;
  private listens = new Map<string, ListenConf>();
  /** One server per listening socket, by its key. */
  private readonly servers = new Map<string, net.Server>();
  private readonly sockets = new Set<net.Socket>();
  private exiting = false;

  constructor(private readonly host: PoolHost) {}

  /**
   * Serves on every listening socket not served yet: a listen() that fails is returned, as a
   * worker's is (the master binds that one again; the others serve on).
   */
  async start(): Promise<{ key: string; code: string } | undefined> {
    // The worker the CLI booted ahead has no job here: gone before the pid file says one process serves.
    const [, handlers] = await Promise.all([discardPrebooted(), workerHandlers()]);
    if (this.exiting) return undefined;
    if (!this.ctx) ({ ctx: this.ctx, listens: this.listens } = workerContext(this.host.workerEnv({ spare: false })));
    const results = await Promise.all(this.host.listeners.filter((l) => !this.servers.has(l.key)).map((l) => this.serve(l, handlers)));
    return results.find((r) => r !== undefined);
  }

  private serve(l: Listener, handlers: Handlers): Promise<{ key: string; code: string } | undefined> {
    const server = acceptOn(() => this.ctx!, this.listens.get(l.key)!, handlers);
    server.on('connection', (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    return new Promise((resolve) => {
      let listening = false;
      // Once it listens, an error is an accept() that failed (EMFILE): nginx logs it and goes on.
      server.on('error', (e: NodeJS.ErrnoException) => (listening ? this.host.write('alert', `${e.syscall ?? 'accept'}() failed (${e.code})`) : resolve({ key: l.key, code: e.code ?? 'EADDRINUSE' })));
      server.listen(l.handle as net.Server, () => {
        listening = true;
        this.servers.set(l.key, server);
        resolve(undefined);
      });
    });
  }

  /** A reload: the conf read again; a changed ssl_certificate is read only by a restart here. */
  async replace(): Promise<void> {
    if (this.exiting) return;
    this.ctx = workerContext(this.host.workerEnv({ spare: false })).ctx;
  }

  fill(): void {}

  spawnSpare(): void {}

  workers(): { pid: number; crashing: boolean }[] {
    return [];
  }

  get sparePid(): number | undefined {
    return undefined;
  }

  get respawnFailureArmed(): boolean {
    return false;
  }

  /** Nothing is ever respawned. */
  failRespawns(): void {}

  async crashWorker(): Promise<number> {
    throw new NoWorkerError('master_process off: one process serves, and it has no worker process to crash');
  }

  async stop(): Promise<void> {
    this.exiting = true;
    for (const s of this.servers.values()) s.close();
    for (const s of this.sockets) s.destroy();
    closeIdleConnections();
    flushLogs();
  }
}
