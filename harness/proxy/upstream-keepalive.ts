// `keepalive N` in an upstream block: each worker keeps up to N idle connections to the upstream's
// peers and reuses them (ngx_http_upstream_keepalive_module.c). Only with proxy_http_version 1.1
// and a cleared Connection header does the upstream leave them open.
import type { Socket } from 'node:net';
import type { HttpRequest } from './request.js';
import type { Peer } from './round-robin.js';

const idle = new Map<Peer, Socket[]>();

function limit(req: HttpRequest): number {
  return req.loc.proxyPass?.upstream.keepalive ?? 0;
}

/** An idle connection to `peer`, if one is cached. */
export function idleConnection(req: HttpRequest, peer: Peer): Socket | undefined {
  if (!limit(req)) return undefined;
  const list = idle.get(peer);
  while (list?.length) {
    const s = list.pop()!;
    s.removeAllListeners('close');
    s.removeAllListeners('error');
    s.removeAllListeners('data');
    s.setTimeout(0);
    if (!s.destroyed && !s.readableEnded) return s;
  }
  return undefined;
}

/** Caches a connection whose response ended cleanly; false when the cache is off or full. */
export function keepIdle(req: HttpRequest, peer: Peer, socket: Socket): boolean {
  const max = limit(req);
  if (!max) return false;
  let list = idle.get(peer);
  if (!list) idle.set(peer, (list = []));
  if (list.length >= max) {
    // nginx evicts the least recently used connection to make room.
    list.shift()?.destroy();
  }
  list.push(socket);
  const drop = () => {
    const i = list!.indexOf(socket);
    if (i >= 0) list!.splice(i, 1);
    socket.destroy();
  };
  socket.once('close', drop);
  socket.once('error', drop);
  // Anything the upstream sends on an idle connection, or its closing it, ends the connection.
  socket.once('data', drop);
  socket.setTimeout(req.loc.proxyPass!.upstream.keepaliveTimeoutMs, drop);
  return true;
}
