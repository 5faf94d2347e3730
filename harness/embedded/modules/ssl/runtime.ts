// The ssl module's variables, of the connection's TLS session.
import type { ModuleRuntime } from '../../module.js';
import type { HttpRequest } from '../../request.js';

const session = (req: HttpRequest) => req.conn.tls;

export const SSL_RUNTIME: ModuleRuntime = {
  variables: {
    ssl_protocol: (req) => session(req)?.getProtocol() ?? undefined,
    ssl_cipher: (req) => session(req)?.getCipher().name,
    // `servername` is false when the client named none.
    ssl_server_name: (req) => session(req)?.servername || undefined,
  },
};
