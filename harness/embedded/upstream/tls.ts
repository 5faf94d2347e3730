// ngx_http_upstream_ssl_init_connection() for a proxy_pass to https://: the TLS options of a
// connection to one peer. No SNI unless proxy_ssl_server_name is on, then proxy_ssl_name's value
// (default $proxy_host) without its port; the peer's certificate is checked only with
// proxy_ssl_verify on; a peer's last session is offered again (proxy_ssl_session_reuse).
import type { ConnectionOptions } from 'node:tls';
import { isIP } from 'node:net';
import type { UpstreamTls } from './connection.js';
import type { HttpRequest } from '../request.js';
import type { ProxyPassConf } from '../../nginx-conf/model.js';
import type { PeerAddress } from './round-robin.js';
import { evaluate } from '../variable-values.js';

/** The proxy_ssl_* settings of a location (the ssl module reads them: modules/ssl/conf.ts). */
export interface ProxySslSettings {
  proxySslServerName: boolean;
  proxySslName?: string;
  proxySslVerify: boolean;
  proxySslSessionReuse: boolean;
  /** The versions allowed, lowest first. */
  proxySslProtocols: readonly ('TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3')[];
}

/** The last session of each peer, per worker (u->peer.set_session / save_session). */
const sessions = new Map<string, Buffer>();

export function upstreamTls(req: HttpRequest, pass: ProxyPassConf, peer: PeerAddress): UpstreamTls | undefined {
  if (!pass.ssl) return undefined;
  const s = req.loc as unknown as ProxySslSettings;
  const named = s.proxySslName === undefined ? pass.proxyHost : evaluate(req, s.proxySslName);
  // ngx_http_upstream_ssl_name(): the port goes, and an address is no name to send.
  const name = named.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  const sni = s.proxySslServerName && name !== '' && !isIP(name);
  const key = `${peer.name} ${sni ? name : ''}`;
  const options: ConnectionOptions = {
    // Node sends the host as SNI unless told a name: an empty one sends none.
    servername: sni ? name : '',
    rejectUnauthorized: s.proxySslVerify,
    checkServerIdentity: s.proxySslVerify ? undefined : () => undefined,
    session: s.proxySslSessionReuse ? sessions.get(key) : undefined,
    minVersion: s.proxySslProtocols[0],
    maxVersion: s.proxySslProtocols[s.proxySslProtocols.length - 1],
  };
  return { options, saveSession: s.proxySslSessionReuse ? (session) => sessions.set(key, session) : undefined };
}
