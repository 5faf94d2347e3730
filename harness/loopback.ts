// Every listener of the harness binds loopback: a conf's wildcard listen (`listen 80;`,
// `0.0.0.0:80`, `*:80`, `[::]:80`) binds the loopback of its family, unless the user asks for every
// interface (`harness up --bind-any`). The one rule for both engines: the embedded one applies it
// as it binds, real nginx in the prefix's copy of the conf (nginx/listen-loopback.ts).

const LOOPBACK: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

/** Does a listen on `host` take every address of its family (as nginx's parser leaves it: `*` is 0.0.0.0)? */
export function isWildcard(host: string): boolean {
  return host in LOOPBACK;
}

/** The address a listener binds: a wildcard's loopback, unless every interface is asked for. */
export function bindAddress(host: string, bindAny: boolean): string {
  return bindAny ? host : (LOOPBACK[host] ?? host);
}

/** A listening socket's key, one per socket a conf opens: `127.0.0.1:8080`, `[::1]:8080` as `::1:8080`, `unix:/path`. */
export function listenKey(l: { host: string; port: number; unix?: string }, bindAny: boolean): string {
  return l.unix !== undefined ? l.host : `${bindAddress(l.host, bindAny)}:${l.port}`;
}
