// `keepalive N` in an upstream block: each worker keeps up to N idle connections to the upstream's
// peers and reuses them (ngx_http_upstream_keepalive_module.c). Only with proxy_http_version 1.1
// and a cleared Connection header does the upstream leave them open.
import type { Socket } from 'node:net';
import type { UpstreamConf } from '../conf/model.js';
import type { HttpRequest } from '../request.js';
import type { Peer } from './round-robin.js';
import { Deadline } from '../deadline.js';

interface Cached {
  peer: Peer;
  socket: Socket;
}

/** Per upstream block, as nginx's cache: least recently used first. */
const caches = new Map<UpstreamConf, Cached[]>();

/** What this module knows of an upstream connection, from its first time in the cache on. */
interface Kept {
  /** Requests it has carried (nginx's c->requests), for keepalive_requests. */
  requests: number;
  /** Set while it waits in the cache. */
  idle?: { cache: Cached[]; entry: Cached };
  /** The upstream's keepalive_timeout while it is idle: set again each time it is cached. */
  timeout: Deadline;
}

const kept = new WeakMap<Socket, Kept>();

function upstreamOf(req: HttpRequest): UpstreamConf | undefined {
  const u = req.loc.proxyPass?.upstream;
  return u?.keepalive ? u : undefined;
}

/** The most recently cached idle connection to `peer`, if any (ngx_http_upstream_get_keepalive_peer). */
export function idleConnection(req: HttpRequest, peer: Peer): Socket | undefined {
  const u = upstreamOf(req);
  const cache = u && caches.get(u);
  if (!cache) return undefined;
  for (let i = cache.length - 1; i >= 0; i--) {
    if (cache[i].peer !== peer) continue;
    const { socket } = cache[i];
    leaveCache(kept.get(socket)!);
    return socket;
  }
  return undefined;
}

/**
 * Caches a connection whose response ended cleanly (ngx_http_upstream_free_keepalive_peer); false
 * when the cache is off or the connection has carried keepalive_requests requests.
 */
export function keepIdle(req: HttpRequest, peer: Peer, socket: Socket): boolean {
  const u = upstreamOf(req);
  if (!u) return false;
  let k = kept.get(socket);
  if (!k) {
    k = { requests: 0, timeout: new Deadline() };
    kept.set(socket, k);
    watch(socket, k);
  }
  if (++k.requests >= u.keepaliveRequests) return false;
  const cache = caches.get(u) ?? [];
  caches.set(u, cache);
  // nginx evicts the least recently used connection to make room.
  if (cache.length >= u.keepalive) close(cache[0].socket);
  const entry: Cached = { peer, socket };
  cache.push(entry);
  k.idle = { cache, entry };
  k.timeout.arm(u.keepaliveTimeoutMs, () => close(socket));
  // A response that ended while its client could not take more left the socket paused: an idle
  // connection is read (nginx keeps its read event armed), or its close would go unnoticed and
  // the next request on it would wait for an answer that never comes.
  socket.resume();
  return true;
}

/**
 * Anything the upstream sends on an idle connection, or its closing it, ends the connection
 * (ngx_http_upstream_keepalive_close_handler). The listeners stay for the connection's life and
 * act only while it is idle.
 */
function watch(socket: Socket, k: Kept): void {
  const onIdleEvent = () => {
    if (k.idle) close(socket);
  };
  socket.on('data', onIdleEvent);
  socket.on('end', onIdleEvent);
  socket.on('error', onIdleEvent);
  socket.on('close', () => {
    onIdleEvent();
    k.timeout.stop();
  });
}

function leaveCache(k: Kept): void {
  const { cache, entry } = k.idle!;
  k.idle = undefined;
  k.timeout.clear();
  cache.splice(cache.indexOf(entry), 1);
}

function close(socket: Socket): void {
  leaveCache(kept.get(socket)!);
  socket.destroy();
}
