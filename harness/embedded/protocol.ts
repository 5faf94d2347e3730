// What the master tells a worker at start (an environment variable, or `configure` for a worker the
// CLI pre-booted) and over the cluster channel.

export interface WorkerEnv {
  prefix: string;
  conf: string;
  /** `-g` and `-e`, which the conf's reading needs as the master's did. */
  globals?: string;
  errorLog?: string;
  os: string;
  version: string;
  refusedConnectDelayMs?: number;
  resolved: Record<string, { address: string; family: 4 | 6 }[]>;
  bindAny: boolean;
  /** The connection counter's file, shared by the workers (connection-counter.ts). */
  connectionCounter: string;
  /** The shared memory zones' file (shared-zones.ts). */
  sharedZones: string;
  /** Exit with this code at once: a respawn that fails (the Windows profile's failed start). */
  failStart?: number;
  /** Booted ahead of need, not serving until the master sends it the sockets (master.ts). */
  spare: boolean;
}

/**
 * `listen` comes with the master's socket handle; `count` is how many sockets the worker gets.
 * `terminate` is nginx's NGX_CMD_TERMINATE: the master's fast shutdown, sent over the channel
 * (ngx_signal_worker_processes), so the worker logs no "signal ... received" line for it.
 */
export type MasterToWorker =
  | { type: 'configure'; env: WorkerEnv }
  | { type: 'crash'; signal?: NodeJS.Signals; code?: number }
  | { type: 'listen'; key: string; count: number }
  | { type: 'terminate' }
  /** ngx_quit: stop accepting, close idle connections, finish the busy ones, then exit. */
  | { type: 'quit' };

/**
 * `listen-error`: listen() on the master's socket failed (`code` is Node's, e.g. EADDRINUSE).
 * `unknown-socket`: the worker's conf (the file `conf`, as it read it) has no listen for that socket.
 */
export type WorkerToMaster = { type: 'booted' } | { type: 'ready' } | { type: 'listen-error'; key: string; code: string } | { type: 'unknown-socket'; key: string; conf: string };

/** What `ps` shows for a worker, as for nginx's (ngx_setproctitle). */
export const WORKER_TITLE = 'nginx: worker process';
/** What `ps` shows for the spare once booted: clearly not one of nginx's processes. */
export const SPARE_TITLE = 'harness: spare worker (not serving)';
/** ... and while it loads. */
export const SPARE_BOOTING_TITLE = 'harness: spare worker (starting, not serving)';

/** ... and for a worker the CLI started before it knew the conf (preboot.ts). */
export const PREBOOT_TITLE = 'harness: worker (starting, waiting for its conf)';

/** A worker's or the spare's /proc/<pid>/cmdline (its title, NUL-padded). */
export function isWorkerTitle(cmdline: string): boolean {
  return [WORKER_TITLE, SPARE_TITLE, SPARE_BOOTING_TITLE, PREBOOT_TITLE].some((t) => cmdline.startsWith(t));
}
