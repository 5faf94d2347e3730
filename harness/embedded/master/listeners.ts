// The master's listening sockets, as ngx_open_listening_sockets() opens them: bound in the master
// and listening from the first worker's listen() on (Node has no listen() that does not accept),
// the primitives the master's bind loop (five tries, 500 ms apart) is made of.
import net from 'node:net';
import type { ErrnoName } from '../../os-profile.js';

/** A listening socket the master owns: bound, and listening once a worker has called listen(). */
export interface Listener {
  key: string;
  text: string;
  handle: unknown;
}

// net._createServerHandle() is what Node's cluster uses to bind a socket in the primary without
// accepting on it; the handle is then sent to the workers, which listen and accept. Node has no
// listen() that does not also accept, so the first worker's listen() is the master's.
// A UNIX-domain socket is port -1, family -1, the path as the host (libuv unlinks its file when the
// master closes it).
export const createServerHandle = (net as unknown as { _createServerHandle(host: string, port: number, family: 4 | 6 | -1, fd?: number, flags?: number): unknown })._createServerHandle;
export const UV_TCP_IPV6ONLY = 1;
export const UV_EADDRINUSE = -98;
export const UV_EACCES = -13;
/** NGX_LISTEN_BACKLOG on Linux and on win32. */
export const BACKLOG = 511;

/** How nginx words a listen() that failed, from Node's error code. */
export function listenErrno(code: string): ErrnoName {
  return code === 'EADDRINUSE' ? 'EADDRINUSE' : code === 'EACCES' ? 'EACCES_BIND' : 'EADDRNOTAVAIL';
}

/** Listens once with a throwaway server: undefined when the port is free, else the uv error number. */
export function tryListen(host: string, port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'EADDRINUSE' ? UV_EADDRINUSE : e.code === 'EACCES' ? UV_EACCES : (e.errno ?? UV_EADDRINUSE)));
    s.listen({ host, port, ipv6Only: host.includes(':'), exclusive: true }, () => s.close(() => resolve(undefined)));
  });
}

export function closeHandle(handle: unknown): void {
  (handle as { close(): void }).close();
}
