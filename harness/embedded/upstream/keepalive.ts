// `keepalive N` in an upstream block: each worker keeps up to N idle connections to the upstream's
// peers and reuses them (ngx_http_upstream_keepalive_module.c). Only with proxy_http_version 1.1
// and a cleared Connection header does the upstream leave them open.
import type { UpstreamConf } from '../../nginx-conf/model.js';
import type { HttpRequest } from '../request.js';
import type { Peer } from './round-robin.js';
import type { UpstreamConnection, UpstreamReader } from './connection.js';
import { requestPass } from './request-pass.js';

/**
 * What this module knows of an upstream connection, made the first time it is cached and kept as
 * long as it is (so that reusing it allocates nothing).
 */
interface Kept {
  readonly upstream: UpstreamConnection;
  /** The peer it is connected to (a connection goes back to the peer it was taken for). */
  peer: Peer;
  /** The cache it waits in, while it is idle. */
  idleIn?: Kept[];
  /**
   * Its reader while idle: anything the upstream sends on an idle connection, or its closing it,
   * ends the connection (ngx_http_upstream_keepalive_close_handler).
   */
  readonly reader: UpstreamReader;
  /** Ends it: an idle event, or keepalive_timeout. */
  readonly close: () => void;
}

/** Per upstream block, as nginx's cache: least recently used first. */
const caches = new Map<UpstreamConf, Kept[]>();

const kept = new WeakMap<UpstreamConnection, Kept>();

function upstreamOf(req: HttpRequest): UpstreamConf | undefined {
  const u = requestPass(req)?.upstream;
  return u?.keepalive ? u : undefined;
}

/** The most recently cached idle connection to `peer`, if any (ngx_http_upstream_get_keepalive_peer): its reader is the caller's to set. */
export function idleConnection(req: HttpRequest, peer: Peer): UpstreamConnection | undefined {
  const u = upstreamOf(req);
  const cache = u && caches.get(u);
  if (!cache) return undefined;
  for (let i = cache.length - 1; i >= 0; i--) {
    const k = cache[i];
    if (k.peer !== peer) continue;
    leaveCache(k);
    return k.upstream;
  }
  return undefined;
}

/**
 * Caches a connection whose response ended cleanly (ngx_http_upstream_free_keepalive_peer); false
 * when the cache is off, or the connection has carried keepalive_requests requests or is older
 * than keepalive_time.
 */
export function keepIdle(req: HttpRequest, peer: Peer, upstream: UpstreamConnection): boolean {
  const u = upstreamOf(req);
  if (!u) return false;
  let k = kept.get(upstream);
  if (!k) {
    const closeIdle = () => close(upstream);
    k = { upstream, peer, reader: { onData: closeIdle, onEnd: closeIdle, onError: closeIdle }, close: closeIdle };
    kept.set(upstream, k);
  }
  if (++upstream.requests >= u.keepaliveRequests) return false;
  if (Date.now() - upstream.startedAt > u.keepaliveTimeMs) return false;
  const cache = caches.get(u) ?? [];
  caches.set(u, cache);
  // nginx evicts the least recently used connection to make room.
  if (cache.length >= u.keepalive) close(cache[0].upstream);
  k.peer = peer;
  k.idleIn = cache;
  cache.push(k);
  upstream.timeout.arm(u.keepaliveTimeoutMs, k.close);
  upstream.readBy(k.reader);
  // A response that ended while its client could not take more left the connection unread: an
  // idle one is read (nginx keeps its read event armed), or its close would go unnoticed and the
  // next request on it would wait for an answer that never comes.
  upstream.resume();
  return true;
}

function leaveCache(k: Kept): void {
  const cache = k.idleIn!;
  k.idleIn = undefined;
  k.upstream.timeout.clear();
  cache.splice(cache.indexOf(k), 1);
}

function close(upstream: UpstreamConnection): void {
  const k = kept.get(upstream)!;
  if (k.idleIn) leaveCache(k);
  upstream.destroy();
}

/** Ends every idle connection: a single process that stops (master_process off) leaves none open. */
export function closeIdleConnections(): void {
  for (const cache of caches.values()) for (const k of [...cache]) close(k.upstream);
}
