// ngx_http_core_module's `resolver` and `resolver_timeout`: the DNS servers that name a host a
// proxy_pass in variables gives (ngx_resolver_create() reads the addresses, port 53 by default,
// and `valid=`, `ipv6=`), and how long a lookup may take.
import { isIP } from 'node:net';
import { ConfError, unsupported } from '../error.js';
import type { Directive } from '../parse.js';
import { HSL, type ConfModule } from '../directive.js';
import { parseTime, seconds } from '../values.js';

export interface ResolverServer {
  host: string;
  port: number;
}

export interface ResolverSettings {
  /** The DNS servers, in conf order; [] is none (a name then gets nginx's 502 `no resolver defined`). */
  resolvers: ResolverServer[];
  /** `ipv6=off`: A records only; on (the default in 1.22), AAAA too. */
  resolverIpv6: boolean;
  resolverTimeoutMs: number;
}

/** One address of `resolver`: `127.0.0.1`, `127.0.0.1:5353`, `[::1]:5353` (ngx_parse_url() with port 53). */
function server(d: Directive, a: string): ResolverServer {
  const m = /^(?:\[([^\]]*)\]|([^:]*))(?::(.*))?$/.exec(a);
  const host = m?.[1] ?? m?.[2] ?? '';
  const port = m?.[3] === undefined ? 53 : /^\d+$/.test(m[3]) && +m[3] >= 1 && +m[3] <= 65535 ? Number(m[3]) : undefined;
  if (port === undefined) throw new ConfError(`invalid port in resolver "${a}"`, d.file, d.line);
  if (!host) throw new ConfError(`no host in resolver "${a}"`, d.file, d.line);
  // nginx resolves a name here with the system's resolver: the engine takes addresses only.
  if (!isIP(host)) throw unsupported(`"resolver ${a}" (a name, not an address)`, d);
  return { host, port };
}

export const RESOLVER: ConfModule<ResolverSettings> = {
  defaults: { resolvers: [], resolverIpv6: true, resolverTimeoutMs: 30_000 },
  directives: {
    resolver: {
      ctx: HSL,
      args: [1, Infinity],
      once: true,
      set: (l, d) => {
        const servers: ResolverServer[] = [];
        for (const a of d.args) {
          if (a.startsWith('valid=')) {
            // How long nginx keeps an answer: the engine asks again for each request.
            if (seconds(a.slice(6)) === undefined) throw new ConfError(`invalid parameter: ${a}`, d.file, d.line);
          } else if (a.startsWith('ipv6=')) {
            if (a !== 'ipv6=on' && a !== 'ipv6=off') throw new ConfError(`invalid parameter: ${a}`, d.file, d.line);
            l.resolverIpv6 = a === 'ipv6=on';
          } else servers.push(server(d, a));
        }
        l.resolvers = servers;
      },
    },
    resolver_timeout: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.resolverTimeoutMs = parseTime(d, d.args[0])) },
  },
};
