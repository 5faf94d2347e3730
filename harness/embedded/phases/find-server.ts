// The server block of a request (ngx_http_init_connection() and ngx_http_find_virtual_server()):
// the listen address the connection came in on picks the servers that listen on it, with its
// default server (default_server, else the first); then the Host's name picks among them: exact
// name, longest leading wildcard, longest trailing wildcard, regexes in order (their captures
// become the request's), else the default. A request without Host looks up the name "".
import type { ListenConf, ServerConf } from '../../nginx-conf/model.js';
import { addName, findName, nameTable, serverNameRegex, type NameTable } from '../../nginx-conf/names.js';
import { listenKey } from '../../loopback.js';
import { hostName } from '../http/request-head.js';
import type { WorkerContext } from '../context.js';

/** The servers of one listen address (ngx_http_addr_conf_t): its default, and their names. */
interface AddressServers {
  defaultServer: ServerConf;
  names: NameTable<ServerConf>;
  servers: Set<ServerConf>;
}

/** A listen's address as it is bound: a wildcard one is its loopback, unless every interface is asked for. */
const key = listenKey;

/** A worker's addresses, and each listen's looked up once (a connection and each request on it ask again). */
interface Tables {
  addresses: Map<string, AddressServers>;
  byListen: WeakMap<ListenConf, AddressServers>;
}

const tables = new WeakMap<WorkerContext, Tables>();

/**
 * ngx_http_optimize_servers(): each listen address's servers, their names hashed once; a name a
 * server before has on the same address stays that server's, and nginx warns (`conflicts`).
 */
export function serverAddresses(servers: readonly ServerConf[], bindAny: boolean): { addresses: Map<string, AddressServers>; conflicts: string[] } {
  const found = new Map<string, AddressServers>();
  const conflicts: string[] = [];
  for (const s of servers) {
    for (const l of s.listens) {
      const k = key(l, bindAny);
      let a = found.get(k);
      if (!a) found.set(k, (a = { defaultServer: s, names: nameTable(), servers: new Set() }));
      if (l.defaultServer) a.defaultServer = s;
      // A server listening twice on one address has its names there once.
      if (a.servers.has(s)) continue;
      a.servers.add(s);
      for (const name of s.serverNames) {
        if (name.startsWith('~')) a.names.regexes.push({ re: serverNameRegex(name.slice(1), s), value: s });
        else if (addName(a.names, name, s, true) === 'busy') conflicts.push(`conflicting server name "${name}" on ${k}, ignored`);
      }
    }
  }
  return { addresses: found, conflicts };
}

function serversOn(ctx: WorkerContext, listen: ListenConf): AddressServers {
  let t = tables.get(ctx);
  if (!t) tables.set(ctx, (t = { addresses: serverAddresses(ctx.conf.servers, ctx.bindAny).addresses, byListen: new WeakMap() }));
  let a = t.byListen.get(listen);
  if (!a) t.byListen.set(listen, (a = t.addresses.get(key(listen, ctx.bindAny))!));
  return a;
}

/** The default server of the address a connection came in on: its settings hold until a request names another. */
export function defaultServer(ctx: WorkerContext, listen: ListenConf): ServerConf {
  return serversOn(ctx, listen).defaultServer;
}

/** ngx_http_set_virtual_server(): the server for `host` (the Host header's, or an absolute URI's), and a regex name's match. */
export function findServer(ctx: WorkerContext, listen: ListenConf, host: string | undefined): { server: ServerConf; match?: RegExpExecArray } {
  const a = serversOn(ctx, listen);
  const found = findName(a.names, host === undefined ? '' : hostName(host));
  return found ? { server: found.value, match: found.match } : { server: a.defaultServer };
}
