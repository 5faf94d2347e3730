// What a worker serves with, whether a worker process (worker.ts) or the master itself
// (master/single.ts: master_process off): the conf read as the master read it, the context made
// from it, a server per listening socket, and what the request runs.
import net from 'node:net';
import { loadConf } from '../nginx-conf/load.js';
import { allLocations, type ListenConf, type NginxConf } from '../nginx-conf/model.js';
import { WorkerContext, type ResolvedHosts } from './context.js';
import { acceptConnection } from './connection.js';
import { specialResponse } from './handlers/special.js';
import { findServer } from './phases/find-server.js';
import { moduleTables } from './module.js';
import { ENGINE_CONF, moduleRuntimes } from './modules.js';
import { phaseEngine } from './phases/phases.js';
import { osProfile, type OsName } from '../os-profile.js';
import { listenKey } from '../loopback.js';
import { sslAcceptor } from './modules/ssl/handshake.js';
import type { WorkerEnv } from './protocol.js';
import type { Handlers } from './request.js';

let handlers: Promise<Handlers> | undefined;

/**
 * What the request runs: content handlers by name, phases, the modules' filters and variables
 * (injected: they import the request), built once the modules' runtimes are loaded.
 */
export function workerHandlers(): Promise<Handlers> {
  return (handlers ??= moduleRuntimes().then((runtimes) => ({ findServer, special: specialResponse, phases: phaseEngine(runtimes), ...moduleTables(runtimes) })));
}

/**
 * What a worker process serves with: the conf, read as the master read it, the worker's context
 * made from it, and the conf's listens by the key of the master's socket for each. A single process
 * (master_process off) makes its own with the same env.
 */
export function workerContext(env: WorkerEnv): { conf: NginxConf; ctx: WorkerContext; listens: Map<string, ListenConf> } {
  const conf = loadConf({ ...env, ...ENGINE_CONF });
  const roots = [...new Set(allLocations(conf).map((l) => l.root))];
  const os = osProfile(env.os as OsName, { refusedConnectDelayMs: env.refusedConnectDelayMs, roots });
  const ctx = new WorkerContext({ conf, os, version: env.version, resolved: env.resolved as ResolvedHosts, connectionCounter: env.connectionCounter, sharedZones: env.sharedZones, bindAny: env.bindAny });
  return { conf, ctx, listens: new Map(conf.servers.flatMap((s) => s.listens).map((l) => [listenKey(l, env.bindAny), l])) };
}

/**
 * A server for one of the master's listening sockets: each connection served by `ctx()` (the
 * context now: a single process reloads in place), after its TLS handshake on an `ssl` listen.
 * Not listening yet; it holds one of worker_connections (ngx_event_process_init()).
 */
export function acceptOn(ctx: () => WorkerContext, listen: ListenConf, handlers: Handlers): net.Server {
  const c = ctx();
  const ssl = sslAcceptor(c, c.conf, listen);
  c.slots.take();
  return net.createServer({ noDelay: true }, ssl ? (socket) => ssl(socket, (s, plainHttp) => acceptConnection(s, ctx(), listen, handlers, plainHttp)) : (socket) => acceptConnection(socket, ctx(), listen, handlers));
}
