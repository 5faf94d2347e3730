// Where nginx sends a request on, read from the user's conf: the proxy_pass of the location that
// served it, the upstream { } it names with its servers (weight, max_fails, fail_timeout, backup,
// down), and the URI the server receives. ngx_http_proxy_create_request(): a proxy_pass with a URI
// puts that URI in place of the part of the request's URI its prefix location matched, byte for
// byte (no slash is added or taken away); a proxy_pass without one passes the request's URI as it came.
import type { Directive } from '../nginx-conf/parse.js';
import { place, type ConfFacts, type ConfPlace, type RequestContext } from './conf.js';
import { isIPv4, isIPv6 } from 'node:net';
import { requestOf, type Peer } from './facts.js';

export interface UpstreamServer {
  /** As the conf writes it: `127.0.0.1:8088`, `localhost:8080`. */
  address: string;
  host: string;
  port: number;
  weight: number;
  maxFails: number;
  failTimeoutS: number;
  backup: boolean;
  down: boolean;
  place: ConfPlace;
}

export interface UpstreamBlock {
  name: string;
  place: ConfPlace;
  servers: UpstreamServer[];
}

export interface ProxyRoute {
  /** The proxy_pass line. */
  pass: ConfPlace;
  /** The URI part of proxy_pass (`/admin/`), absent when it has none; a proxy_pass with variables is not joined. */
  uri?: string;
  variables: boolean;
  /** The upstream { } block proxy_pass names, when it names one. */
  upstream?: UpstreamBlock;
  /** The location { } the proxy_pass is in: its modifier (`''`, `^~`, `=`, `~`) and prefix. */
  location?: { modifier: string; prefix: string; place: ConfPlace };
}

/** nginx's time: `10s`, `1m`, `30` (seconds), `500ms`. */
function timeS(v: string): number | undefined {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(v);
  if (!m) return undefined;
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[m[2] ?? 's']!;
}

function serverOf(d: Directive): UpstreamServer {
  const [address = '', ...params] = d.args;
  const m = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(address);
  const param = (k: string) => params.find((p) => p.startsWith(`${k}=`))?.slice(k.length + 1);
  return {
    address,
    host: (m?.[1] ?? address).replace(/^\[|\]$/g, ''),
    port: Number(m?.[2] ?? 80),
    weight: Number(param('weight') ?? 1),
    maxFails: Number(param('max_fails') ?? 1),
    failTimeoutS: timeS(param('fail_timeout') ?? '10s') ?? 10,
    backup: params.includes('backup'),
    down: params.includes('down'),
    place: place(d),
  };
}

/** The upstream { } block of that name, with its servers. */
export function upstreamBlock(conf: ConfFacts, name: string): UpstreamBlock | undefined {
  const d = conf.upstream(name);
  if (!d) return undefined;
  return { name, place: place(d), servers: d.block!.filter((s) => s.name === 'server' && !s.block).map(serverOf) };
}

/** The proxy_pass that sent a request on, from the location that served it (or the blocks around it). */
export function routeOf(conf: ConfFacts, e: RequestContext): ProxyRoute | undefined {
  for (let s: ReturnType<ConfFacts['scopeFor']> | undefined = conf.scopeFor(e); s; s = s.up) {
    const d = s.d.block?.find((x) => x.name === 'proxy_pass');
    if (!d) continue;
    const target = d.args[0] ?? '';
    const m = /^[a-z]+:\/\/([^/]*)(\/.*)?$/.exec(target);
    const loc = s.d.name === 'location' ? s.d : undefined;
    const [modifier, prefix] = loc ? (loc.args.length > 1 ? [loc.args[0], loc.args[1]] : ['', loc.args[0] ?? '']) : ['', ''];
    return {
      pass: place(d),
      uri: m?.[2],
      variables: target.includes('$'),
      upstream: m ? upstreamBlock(conf, m[1]) : undefined,
      location: loc ? { modifier, prefix, place: place(loc) } : undefined,
    };
  }
  return undefined;
}

/** The URI the upstream receives for a request URI (`/api/employee/login?x=1`), when the conf shows it. */
export function upstreamUri(route: ProxyRoute, requestUri: string): string | undefined {
  if (route.variables) return undefined;
  if (route.uri === undefined) return requestUri;
  const loc = route.location;
  // proxy_pass with a URI is refused in a regex location; in a prefix or exact one the prefix is replaced.
  if (!loc || loc.modifier.startsWith('~') || !requestUri.startsWith(loc.prefix)) return undefined;
  return route.uri + requestUri.slice(loc.prefix.length);
}

/**
 * What is wrong with the join, when it is the slash: a location ending in `/` joined to a proxy_pass
 * URI without one glues the next segment to it (`/admin` + `employee/login`), and the other way
 * round doubles it (`/admin/` + `/employee/login`).
 */
export function slashMismatch(route: ProxyRoute): 'missing' | 'extra' | undefined {
  const loc = route.location;
  if (route.variables || route.uri === undefined || !loc || loc.modifier === '=' || loc.modifier.startsWith('~')) return undefined;
  const locSlash = loc.prefix.endsWith('/');
  const uriSlash = route.uri.endsWith('/');
  if (locSlash && !uriSlash) return 'missing';
  if (!locSlash && uriSlash) return 'extra';
  return undefined;
}

/** The server of an upstream block a refused peer is: the same address and port, or `localhost` for a loopback. */
export function serverFor(b: UpstreamBlock, p: Peer): UpstreamServer | undefined {
  const loopback = (h: string) => h === '::1' || /^127\./.test(h);
  return b.servers.find((s) => s.port === p.port && (s.host === p.host || (s.host === 'localhost' && loopback(p.host))));
}

/** Whether a server's address is a literal IP: one peer, one address family (no retry on another). */
export const literal = (s: { host: string }) => isIPv4(s.host) || isIPv6(s.host);

/** A request line's URI, for the join. */
export const uriOf = (request: string | undefined) => requestOf(request)?.uri;
