// ngx_http_ssl_handshake(): the first byte a client sends on an ssl address says whether it
// speaks TLS (a handshake record, 0x16, or an SSLv2 hello, high bit set). Plain HTTP is read as
// HTTP and answered with a 497 once its head is in (r->plain_http); TLS is taken over by Node's
// TLSSocket, the certificate chosen by the name the client asks for (ngx_http_ssl_servername()).
import type { Socket } from 'node:net';
import type { ListenConf, NginxConf, ServerConf } from '../../../nginx-conf/model.js';
import type { WorkerContext } from '../../context.js';
import { defaultServer, findServer } from '../../phases/find-server.js';
import { serverContext, sslListen } from './contexts.js';

/** Given the accepted socket: the socket to read HTTP from, and whether it came as plain HTTP. */
export type Accepted = (socket: Socket, plainHttp: boolean) => void;

/** How an ssl address's connections are taken, or undefined for a plain one. */
export function sslAcceptor(ctx: WorkerContext, conf: Pick<NginxConf, 'servers'>, listen: ListenConf): ((socket: Socket, accepted: Accepted) => void) | undefined {
  const first = defaultServer(ctx, listen);
  if (!sslListen(conf, listen, first)) return undefined;
  const fallback = serverContext(first);
  const contextFor = (name: string) => {
    const server: ServerConf = findServer(ctx, listen, name).server;
    return serverContext(server) ?? fallback;
  };
  return (socket, accepted) => {
    // A client gone before its first byte, or before its handshake ended, is closed quietly.
    const gone = () => socket.destroy();
    socket.once('error', gone);
    socket.once('end', gone);
    // The handshake has client_header_timeout (nginx arms c->read with it).
    socket.setTimeout(first.clientHeaderTimeoutMs, gone);
    socket.once('data', (d: Buffer) => {
      socket.pause();
      socket.unshift(d);
      socket.off('end', gone);
      if (d[0] !== 0x16 && !(d[0] & 0x80)) {
        socket.off('error', gone);
        socket.setTimeout(0);
        // It flows again from the next tick, to the reader accepted() gives it.
        socket.resume();
        accepted(socket, true);
        return;
      }
      // node:tls loaded at the first TLS client (contexts.ts says why).
      const tls = new (process.getBuiltinModule('node:tls').TLSSocket)(socket, {
        isServer: true,
        secureContext: fallback,
        SNICallback: (name, cb) => cb(null, contextFor(name.toLowerCase())),
      });
      tls.once('error', () => tls.destroy());
      tls.once('secure', () => {
        socket.setTimeout(0);
        tls.removeAllListeners('error');
        accepted(tls, false);
      });
    });
  };
}
