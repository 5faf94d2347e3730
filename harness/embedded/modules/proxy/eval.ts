// A proxy_pass URL in variables, for one request: ngx_http_proxy_eval() reads the value as
// ngx_parse_url() does (http:// only, the URI part kept), then ngx_http_upstream_init_request()
// finds the upstream it names (an upstream block's name without a port, or another proxy_pass's
// host:port) or, for an IP address, connects to it directly with a peer list of its own (no
// max_fails state); any other name is asked of the location's `resolver`.
import type { HttpRequest } from '../../request.js';
import type { ProxyPassVariables, UpstreamConf } from '../../../nginx-conf/model.js';
import { allLocations, UPSTREAM_KEEPALIVE } from '../../../nginx-conf/model.js';
import { evaluate } from '../../variable-values.js';
import { PeerGroup } from '../../upstream/round-robin.js';
import { peerSpecs } from '../../context.js';
import { requestPass, setRequestPass } from '../../upstream/request-pass.js';
import { resolveName } from '../../upstream/resolve.js';

/** The upstreams made for one request's address (not the conf's): peers of their own, no state kept. */
const direct = new WeakSet<UpstreamConf>();

/** ngx_http_proxy_eval(): false, with nginx's [error] line, when the value is no URL nginx proxies to (its 500). */
export function evalProxyPass(req: HttpRequest, pp: ProxyPassVariables): boolean {
  const value = evaluate(req, pp.variables);
  const scheme = /^(https?):\/\/./i.exec(value)?.[1].toLowerCase();
  if (!scheme) {
    req.logError('error', `invalid URL prefix in "${value}"`);
    return false;
  }
  const ssl = scheme === 'https';
  const defaultPort = ssl ? 443 : 80;
  const url = value.slice(scheme.length + 3);
  // ngx_parse_inet_url(): the host ends at the first ':', '/' or '?'; the URI part at '/' or '?'.
  const m = /^(\[[^\]/?]*\]|[^:/?]*)(?::([^/?]*))?([/?].*)?$/.exec(url);
  const err = !m ? 'invalid host' : m[2] !== undefined && !(/^\d+$/.test(m[2]) && +m[2] >= 1 && +m[2] <= 65535) ? 'invalid port' : m[1] === '' ? 'no host' : undefined;
  if (!m || err) {
    req.logError('error', `${err} in upstream "${url}"`);
    return false;
  }
  const [, host, port, uri] = m;
  const portNum = port === undefined ? defaultPort : Number(port);
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const upstream = namedUpstream(req, bare, port === undefined, portNum) ?? directUpstream(host, bare, portNum, pp);
  // ngx_http_proxy_set_vars(): the port is left out of $proxy_host when none is given or it is the scheme's.
  const proxyHost = port === undefined || portNum === defaultPort ? host : `${host}:${port}`;
  setRequestPass(req, { proxyHost, upstream, uri: uri?.startsWith('?') ? `/${uri}` : uri, url: value, evaluated: true, ...(ssl ? { ssl: true as const } : {}) });
  return true;
}

/** u->resolved: the value's host and port as an upstream of one peer, for this request only. */
function directUpstream(host: string, bare: string, port: number, pp: ProxyPassVariables): UpstreamConf {
  const u: UpstreamConf = {
    name: host,
    servers: [{ host: bare, port, weight: 1, maxFails: 1, failTimeoutMs: 10_000, backup: false, down: false, text: host, file: pp.file, line: pp.line }],
    ...UPSTREAM_KEEPALIVE,
    implicit: true,
    file: pp.file,
    line: pp.line,
  };
  direct.add(u);
  return u;
}

/** ngx_http_upstream_init_request()'s search of the conf's upstreams: a block's by name (no port), an implicit one's by host and port. */
function namedUpstream(req: HttpRequest, host: string, noPort: boolean, port: number): UpstreamConf | undefined {
  const key = host.toLowerCase();
  const block = noPort ? [...req.ctx.conf.upstreams.values()].find((u) => u.name.toLowerCase() === key) : undefined;
  const implicit = () => allLocations(req.ctx.conf).flatMap((l) => (l.proxyPass && 'upstream' in l.proxyPass ? [l.proxyPass.upstream] : []));
  return block ?? implicit().find((u) => u.servers[0].host.toLowerCase() === key && u.servers[0].port === port);
}

/**
 * The peers of the request's upstream, to `then`: the conf's (shared, with their state), or the
 * address's own, a name's once the location's resolver has answered (a round robin of its
 * addresses, ngx_http_upstream_create_round_robin_peer()); undefined, after nginx's line, when a
 * name has no resolver or no address (nginx's 502).
 */
export function findPeers(req: HttpRequest, then: (peers: PeerGroup | undefined) => void): void {
  const { upstream } = requestPass(req)!;
  if (!direct.has(upstream)) return then(req.ctx.peers(upstream));
  const host = upstream.servers[0].host;
  // ngx_resolve_start(): an IPv4 address needs no resolver (ngx_parse_url() already read an IPv6 one).
  if (/^(\d{1,3}\.){3}\d{1,3}$/.test(host) || host.includes(':')) return then(new PeerGroup(host, peerSpecs(upstream, {})));
  if (!req.loc.resolvers.length) {
    req.logError('error', `no resolver defined to resolve ${upstream.name}`);
    return then(undefined);
  }
  void resolveName(host, req.loc).then((r) => {
    if (req.connectionClosed) return req.abort();
    if ('state' in r) {
      req.logError('error', `${host} could not be resolved (${r.state}: ${r.text})`);
      return then(undefined);
    }
    then(new PeerGroup(host, peerSpecs(upstream, { [host]: r.addresses })));
  });
}
