// What the master tells a worker at start (an environment variable) and over the cluster channel.

export interface WorkerEnv {
  prefix: string;
  conf: string;
  os: string;
  version: string;
  refusedConnectDelayMs?: number;
  resolved: Record<string, { address: string; family: 4 | 6 }[]>;
  bindAny: boolean;
  /** Exit with this code at once: a respawn that fails (the Windows profile's failed start). */
  failStart?: number;
}

/** `listen` comes with the master's socket handle; `count` is how many sockets the worker gets. */
export type MasterToWorker = { type: 'crash'; signal?: NodeJS.Signals; code?: number } | { type: 'listen'; key: string; count: number };

export type WorkerToMaster = { type: 'booted' } | { type: 'ready' } | { type: 'listen-error'; message: string };

/**
 * The address a listener binds. A wildcard in the conf (`listen 80;`) binds loopback only, as every
 * listener of the harness does, unless the user asks for all interfaces.
 */
export function bindAddress(host: string, bindAny: boolean): string {
  if (bindAny) return host;
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}
