// ngx_resolve_name() for a proxy_pass in variables: the location's `resolver` servers asked for
// the host's A records (and AAAA ones, unless `ipv6=off`) over UDP, as nginx asks them, not the
// system's resolver (nginx reads no hosts file there). A name with no address, or a server that
// fails, is nginx's `could not be resolved (N: text)` and a 502.
import { Resolver } from 'node:dns/promises';
import type { ResolverSettings } from '../../nginx-conf/http/resolver.js';

export type Resolved = { addresses: { address: string; family: 4 | 6 }[] } | { state: number; text: string };

/** ngx_resolver_strerror()'s words for a DNS rcode, and for a lookup that timed out (NGX_RESOLVE_TIMEDOUT). */
const STATES: Record<string, { state: number; text: string }> = {
  EFORMERR: { state: 1, text: 'Format error' },
  ESERVFAIL: { state: 2, text: 'Server failure' },
  ENOTFOUND: { state: 3, text: 'Host not found' },
  ENOTIMP: { state: 4, text: 'Unimplemented' },
  EREFUSED: { state: 5, text: 'Operation refused' },
  ETIMEOUT: { state: 110, text: 'Operation timed out' },
};

/** A record type with no answer (NOERROR, none of that type) gives nothing; any other failure is the lookup's. */
async function records(ask: () => Promise<string[]>): Promise<string[]> {
  try {
    return await ask();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENODATA') return [];
    throw e;
  }
}

export async function resolveName(name: string, conf: ResolverSettings): Promise<Resolved> {
  const resolver = new Resolver({ timeout: conf.resolverTimeoutMs, tries: 1 });
  resolver.setServers(conf.resolvers.map((s) => (s.host.includes(':') ? `[${s.host}]:${s.port}` : `${s.host}:${s.port}`)));
  try {
    const [v4, v6] = await Promise.all([records(() => resolver.resolve4(name)), conf.resolverIpv6 ? records(() => resolver.resolve6(name)) : []]);
    // An answer without an address is nginx's NXDOMAIN.
    if (!v4.length && !v6.length) return STATES.ENOTFOUND;
    return { addresses: [...v4.map((address) => ({ address, family: 4 as const })), ...v6.map((address) => ({ address, family: 6 as const }))] };
  } catch (e) {
    // A server that cannot be reached (ECONNREFUSED) leaves nginx waiting until it times out.
    return STATES[(e as NodeJS.ErrnoException).code ?? ''] ?? STATES.ETIMEOUT;
  } finally {
    resolver.cancel();
  }
}
