// Conditions of a request on its way to the upstream (the admin server, or any server nginx
// proxies to) and back: refused connects, an address nginx cannot reach, connect and read
// timeouts, no live upstreams, premature close, resets, and nginx proxying to itself.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type Group, type LogView } from '../types.js';
import { at, entries, first, last, when } from './group.js';
import { anotherServerAnswered, refusedByConf, type RefusedVerdict, type Verdict } from './refused-by-conf.js';
import { routeOf } from '../proxy-pass.js';
import {
  errnoIs,
  fileOp,
  hostPort,
  isConnectFailure,
  idempotent,
  isLoopback,
  looksWindows,
  linePeer,
  plural,
  requestOf,
  shortRequest,
  showPath,
  type Peer,
} from '../facts.js';

const CONNECTING = 'connecting to upstream';
const READING_HEADER = 'reading response header from upstream';

export const attemptKey = (e: ErrorLogEntry) => `${e.pid}|${e.conn}|${e.request ?? ''}`;
/** About the upstream: its address or action says so, or a line cut before them (a connect() nginx makes is to an upstream). */
const upstreamSide = (e: ErrorLogEntry) =>
  e.upstream !== undefined || (e.action ?? '').includes('upstream') || e.message.startsWith('upstream ') || (e.truncated === true && e.client === undefined);

export function peersOf(g: Group): Peer[] {
  const seen = new Map<string, Peer>();
  for (const e of entries(g)) {
    const p = linePeer(e);
    if (p && p.port !== undefined && !seen.has(p.text)) seen.set(p.text, p);
  }
  return [...seen.values()];
}

/** [::1] before 127.0.0.1 (the order of localhost's peers): the same explanation whichever nginx tried first. */
function byFamily(peers: Peer[]): Peer[] {
  return [...peers].sort((a, b) => (b.family ?? 0) - (a.family ?? 0));
}

export function listPeers(peers: Peer[]): string {
  const t = peers.map((p) => p.text);
  return t.length <= 1 ? (t[0] ?? 'the upstream') : `${t.slice(0, -1).join(', ')} and ${t[t.length - 1]}`;
}

/** The port the admin server is expected on: from this group, else from the same nginx's other tries. */
function adminPort(g: Group, log: LogView): number | undefined {
  return peersOf(g).find((p) => p.port !== undefined)?.port ?? log.portOf(first(g.lines).entry.pid);
}

/** The course's admin server (its /admin/ paths behind /api/ and /ws/), or some other upstream: what the explanation calls it. */
export function serverOf(g: Group): { it: string; its: string } {
  const e = first(entries(g));
  const admin = /^\/admin\//.test(linePeer(e)?.uri ?? '') || /^\/(?:api|ws)\//.test(requestOf(e.request)?.path ?? '');
  if (admin) return { it: 'the admin server', its: "the admin server's" };
  const scheme = /^([a-z]+):\/\//.exec(e.upstream ?? '')?.[1];
  const it =
    scheme === 'fastcgi' ? 'PHP-FPM (the FastCGI server)' : scheme === 'uwsgi' ? 'the uWSGI server' : scheme === 'scgi' ? 'the SCGI server' : scheme === 'ajp' ? "Tomcat's AJP connector" : scheme === 'grpc' ? 'the gRPC server' : 'the upstream';
  return { it, its: `${it}'s` };
}
export const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** nginx in a Docker container: clients come from the bridge network, and 127.0.0.1 is the container. */
function inDocker(g: Group): boolean {
  return entries(g).some((e) => /^172\.(1[6-9]|2\d|3[01])\./.test(e.client ?? '') && isLoopback(linePeer(e)?.host ?? ''));
}

const DOCKER_CAUSE =
  '; nginx runs in a Docker container (its clients come from 172.x), where 127.0.0.1 is the container itself, not the machine the admin server runs on';

/** With --conf: the `proxy_pass` (or upstream `server`) that sends this request to these peers. */
export function passPointer(g: Group, log: LogView): string {
  const e = first(entries(g));
  const peer = linePeer(e);
  const places = log.conf?.passFor(e, peer?.port !== undefined ? `:${peer.port}` : undefined) ?? [];
  return places.length ? ` In your conf: ${places.map(at).join(', ')}.` : '';
}

// ---- proxy-loop -------------------------------------------------------------------------------

/**
 * A refused try on nginx's own port, or a request nginx proxied to itself arriving at its static
 * root. Only for a browser on nginx's own machine: behind Docker's port mapping (or any proxy) the
 * Host's port is not the port nginx listens on.
 */
function selfProxied(e: ErrorLogEntry): boolean {
  if (!isLoopback(e.client ?? '')) return false;
  if (isConnectFailure(e) && errnoIs.refused(e)) {
    const p = linePeer(e);
    return p !== undefined && p.port !== undefined && isLoopback(p.host) && p.port === hostPort(e.host);
  }
  const r = requestOf(e.request);
  return fileOp(e) !== undefined && e.client !== undefined && r !== undefined && /^\/admin\//.test(r.path) && r.proto === 'HTTP/1.0';
}

export const proxyLoop: Condition = {
  id: 'proxy-loop',
  match(e) {
    if (selfProxied(e)) return { by: 'key', key: `loop|${e.pid}`, windowS: EPISODE_S };
    return undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const port = es.map((e) => hostPort(e.host)).find((p) => p !== undefined);
    const refused = es.filter((e) => isConnectFailure(e));
    const arrived = es.filter((e) => fileOp(e) !== undefined);
    const parts: string[] = [];
    if (refused.length) parts.push(`its try on ${listPeers(refused.map((e) => linePeer(e)!))} was refused because nginx itself listens there on IPv4 only`);
    if (arrived.length) {
      const a = arrived[0];
      parts.push(`${plural(arrived.length, 'proxied request')} ("${a.request}") came back to nginx and ${arrived.length === 1 ? 'was' : 'were'} looked up as the file ${showPath(fileOp(a)!.path)} (404)`);
    }
    const portText = port !== undefined ? `port ${port}` : 'its own port';
    const cause = `nginx is proxying to itself: it listens on ${portText} and proxy_pass sends /api/ requests to localhost:${port ?? '<that port>'}, so ${parts.join(', and ')}.`;
    const fix =
      port === 8080
        ? 'Leave 8080 to the admin server: change nginx\'s "listen 8080" to a port nothing else uses (e.g. 8081, or 80 if Windows lets nginx have it) and keep proxy_pass http://localhost:8080/admin/, then restart nginx and start the admin server.'
        : `Point proxy_pass at the admin server's own port (http://localhost:8080/admin/ unless you changed server.port), not at nginx's own ${portText}, then run "nginx -s reload".`;
    return { cause, fix: fix + passPointer(g, log), detail: { nginxPort: port, selfRequests: arrived.length } };
  },
};

// ---- upstream-refused -------------------------------------------------------------------------

export type { RefusedVerdict };

/**
 * What the refused tries of one request say about the admin server. With --conf, what the conf
 * shows decides first (the servers of its upstream). Else: both loopbacks refused (in this
 * request, or around it in the same nginx run, or the browser got 502) → not running. One family
 * refused and the log goes on without the other's refusal → the other family answered.
 */
function refusedVerdict(g: Group, log: LogView): Verdict {
  const refused = g.lines.filter((l) => isConnectFailure(l.entry));
  const peers = refused.map((l) => linePeer(l.entry)).filter((p): p is Peer => p !== undefined);
  const families = new Set(peers.map((p) => p.family));
  const both = 'both [::1] and 127.0.0.1 refused';
  if (g.lines.some((l) => l.entry.message === 'no live upstreams')) return { verdict: 'not-running', evidence: 'the other address had failed just before: no live upstreams', which: both };
  const byConf = refusedByConf(g, log, peers);
  if (byConf) return byConf;
  if (families.size >= 2) return { verdict: 'not-running', evidence: 'both loopbacks refused in the same request', which: both };
  if (peers.length >= 2) return { verdict: 'not-running', evidence: `${peers[0].text} refused on every try`, which: `${peers[0].text} refused on every try` };
  // A retry goes to the next peer: two refused tries of one request are both addresses, even when one line is cut in its address.
  if (refused.length >= 2) return { verdict: 'not-running', evidence: 'both tries of the request refused', which: both };
  const one = peers[0];
  const a = first(refused);
  const z = last(refused);
  // nginx names the peer of every try: a line without it was cut short.
  if (!one) return { verdict: 'undetermined', evidence: 'the line is cut before the address nginx tried' };
  if (one.family === undefined) return { verdict: 'not-running', evidence: 'its only address refused', which: `${one.text} refused` };
  const down = log.index.downAround(a.entry.pid, z.t, one.port, one.family === 6 ? 4 : 6, 60);
  if (down?.peer) return { verdict: 'not-running', evidence: `${down.peer} refused too on line ${down.no}`, which: both };
  if (down) return { verdict: 'not-running', evidence: `no live upstreams on line ${down.no}`, which: 'every address failed in this run' };
  const saw = log.access?.statuses(a.entry, a.t, z.t);
  if (saw?.some((s) => s === 502 || s === 504)) return { verdict: 'not-running', evidence: `the access log shows ${saw.join(', ')} for this request`, which: `${one.text} refused and the browser got ${saw.join(', ')}` };
  const answered = saw?.some((s) => s < 500) === true;
  if (!answered) {
    if (one.family === 4 && !/^\/admin\//.test(one.uri)) {
      // The course's /ws/ and /user/ go to `upstream webservers { server 127.0.0.1:8080; }`: one peer only.
      // An inference, not a fact: the log alone cannot show how many servers the upstream has.
      return { verdict: 'not-running', evidence: `no other address was tried: if ${one.text} is the only server of this location's upstream, as in the course's conf, nothing runs there`, which: `${one.text} refused`, singlePeer: true };
    }
    const goesOn = log.settled(g) || log.index.wentOnAfter(z.no);
    if (!goesOn) return { verdict: 'undetermined', evidence: 'the log ends before the retry on the other address' };
  }
  return {
    verdict: one.family === 6 ? 'listens-ipv4-only' : 'listens-ipv6-only',
    evidence: answered ? `the access log shows ${saw!.join(', ')} for this request` : 'no refusal of the other address followed',
    answered,
  };
}

export const upstreamRefused: Condition = {
  id: 'upstream-refused',
  match(e) {
    if (!isConnectFailure(e) || !errnoIs.refused(e) || !upstreamSide(e)) return undefined;
    return { by: 'attempt', key: attemptKey(e), peer: linePeer(e)?.text ?? '', windowS: 5, retries: true };
  },
  explain(g, log) {
    const v = refusedVerdict(g, log);
    const peers = peersOf(g);
    const port = adminPort(g, log) ?? 8080;
    const req = shortRequest(first(g.lines).entry.request);
    const windows = looksWindows(first(g.lines).entry);
    const docker = inDocker(g);
    const detail: Record<string, unknown> = { verdict: v.verdict, evidence: v.evidence, peers: peers.map((p) => p.text), port, request: req };
    if (v.singlePeer) detail.singlePeer = true;
    if (v.upstream) Object.assign(detail, { upstream: v.upstream.name, answeredBy: v.answeredBy!.map((s) => s.address) });
    if (docker) detail.docker = true;
    const saw = log.access?.statuses(first(g.lines).entry, first(g.lines).t, last(g.lines).t);
    if (saw?.length) detail.browserSaw = saw;
    let cause: string;
    let fix: string;
    switch (v.verdict) {
      case 'not-running': {
        const tries = g.lines.filter((l) => isConnectFailure(l.entry)).length;
        cause =
          `Nothing accepts connections on port ${port}: nginx's ${tries === 1 ? 'try' : `${tries} tries`} on ${listPeers(byFamily(peers))} ${tries === 1 ? 'was' : 'were'} refused (${v.evidence}), so ${req} got 502 Bad Gateway${v.singlePeer ? ' (inferred: the access log, given with --access, would show it)' : ''}` +
          (windows && !docker ? `, after about ${2 * tries} s on Windows (each refused try takes ~2 s)` : '') +
          (docker ? DOCKER_CAUSE : '') +
          '.';
        fix = docker
          ? `nginx runs in Docker, so 127.0.0.1:${port} is the container itself: proxy to host.docker.internal:${port} (on Linux add extra_hosts: ["host.docker.internal:host-gateway"]) or to the admin server's service name in the same compose network, and make sure the admin server runs on ${port}.`
          : /^(?!https?:)[a-z]+:\/\//.test(first(entries(g)).upstream ?? '')
            ? `Start ${serverOf(g).it} on ${port} (${v.which}); nginx tries it again 10 s after these failures.`
            : `Start the admin server on ${port} (${v.which}) and wait for "Tomcat started on port ${port}" before logging in; nginx tries it again 10 s after these failures.`;
        break;
      }
      case 'another-server-answered':
        ({ cause, fix } = anotherServerAnswered(v, g, req, serverOf(g).it === 'the admin server'));
        break;
      case 'listens-ipv4-only':
        cause = `The admin server listens on IPv4 only: nginx's try on [::1]:${port} was refused and its retry on 127.0.0.1:${port} reached the server (${v.evidence}), so ${req} worked${windows ? ' but waited about 2 s for the refused try' : ''}.`;
        fix = `Make the admin server listen on both loopbacks (remove server.address from application.yml, drop -Djava.net.preferIPv4Stack=true), or write proxy_pass http://127.0.0.1:${port}/admin/; so nginx never tries [::1].`;
        break;
      case 'listens-ipv6-only':
        // Without the access log, a lone 127.0.0.1 refusal may also mean a localhost that resolves to 127.0.0.1 alone.
        cause = v.answered
          ? `Only 127.0.0.1:${port} was refused and the request was answered (${v.evidence}). Inferred: nginx's retry went to [::1]:${port}, so the admin server listens on IPv6 only. If proxy_pass names an upstream { } with other servers, the retry went to one of them instead: give the conf with --conf to tell.`
          : `Only 127.0.0.1:${port} was refused and nginx's retry on [::1]:${port} went through (${v.evidence}): the admin server listens on IPv6 only (or, if localhost resolves to 127.0.0.1 alone on this machine, it is not running).`;
        fix = v.answered
          ? `Make the admin server listen on IPv4 too (no server.address, or 0.0.0.0), or write proxy_pass http://[::1]:${port}/admin/; so nginx never tries 127.0.0.1.`
          : `Make the admin server listen on IPv4 too (no server.address, or 0.0.0.0) or write proxy_pass http://[::1]:${port}/admin/;, and if it is not running, start it on ${port}.`;
        break;
      default: {
        const other = first(peers)?.family === 6 ? `127.0.0.1:${port}` : `[::1]:${port}`;
        cause = peers.length
          ? `nginx's try on ${listPeers(peers)} for ${req} was refused and the log ends before its retry on ${other}, so the admin server on ${port} is either not running or listens on ${first(peers)?.family === 6 ? 'IPv4' : 'IPv6'} only.`
          : `nginx's try for ${req} was refused, but the line is cut before the address it tried, so whether the admin server on ${port} is not running or listens on one of IPv4 and IPv6 only cannot be told.`;
        fix = `Start the admin server on ${port}; if it is running, make it listen on both [::1] and 127.0.0.1 (no server.address in application.yml) or write proxy_pass http://127.0.0.1:${port}/admin/;.`;
      }
    }
    return { cause, fix, detail };
  },
};

// ---- no-live-upstreams ------------------------------------------------------------------------

/**
 * How long nginx leaves a failed peer out, and after how many failures: read from the upstream { }
 * the conf's proxy_pass names (stated), else nginx's defaults for a proxy_pass to a host (said as
 * what they are when the conf sets none).
 */
function failWindow(g: Group, log: LogView): { rule: string; again: string } {
  const route = log.conf ? routeOf(log.conf, first(entries(g))) : undefined;
  const servers = route?.upstream?.servers.filter((s) => !s.backup && !s.down) ?? [];
  const same = servers.length > 0 && servers.every((s) => s.maxFails === servers[0].maxFails && s.failTimeoutS === servers[0].failTimeoutS);
  if (same) {
    const { maxFails, failTimeoutS } = servers[0];
    return {
      rule: `upstream ${route!.upstream!.name} at ${route!.upstream!.place.file}:${route!.upstream!.place.line} leaves a server out for ${failTimeoutS} s after ${plural(maxFails, 'failure')}: max_fails=${maxFails}, fail_timeout=${failTimeoutS}s`,
      again: `${failTimeoutS} s`,
    };
  }
  return { rule: 'nginx marks a peer failed for 10 s after one error: max_fails=1, fail_timeout=10s, its defaults where the conf sets none', again: '10 s' };
}

export const noLiveUpstreams: Condition = {
  id: 'no-live-upstreams',
  match(e) {
    return e.message === 'no live upstreams' ? { by: 'nolive', key: attemptKey(e), pid: e.pid ?? 0 } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const port = adminPort(g, log);
    const reqs = [...new Set(es.map((e) => requestOf(e.request)?.path ?? '?'))];
    const shown = reqs.slice(0, 3).join(', ') + (reqs.length > 3 ? `, ... (${reqs.length} paths)` : '');
    const docker = inDocker(g) || es.some((e) => /^172\.(1[6-9]|2\d|3[01])\./.test(e.client ?? ''));
    const window = failWindow(g, log);
    const cause =
      `Every address of the admin server${port !== undefined ? ` on ${port}` : ''} had just failed (${window.rule}), so nginx answered ${plural(es.length, 'request')} (${shown}) with 502 at once without trying` +
      (docker ? DOCKER_CAUSE : '') +
      '.';
    const fix = docker
      ? `Make nginx reach the admin server from its container (host.docker.internal:${port ?? 8080}, or the admin server's service name) and make sure it runs; nginx tries it again ${window.again} after the last failure.`
      : `Start the admin server${port !== undefined ? ` on ${port}` : ''} (the refused or timed-out tries before these lines say why it failed); nginx tries it again ${window.again} after the last failure, no nginx restart needed.`;
    const saw = es.flatMap((e, i) => log.access?.statuses(e, g.lines[i].t, g.lines[i].t) ?? []);
    return { cause, fix, detail: { requests: es.length, paths: reqs, ...(port !== undefined ? { port } : {}), ...(saw.length ? { browserSaw: saw } : {}) } };
  },
};

// ---- upstream-unreachable / upstream-connect-timeout / upstream-timeout ------------------------

/** The tries of one request on one phase: a connect that failed is retried on the next peer. */
function attempt(e: ErrorLogEntry, windowS: number) {
  const connecting = (e.action ?? '') === CONNECTING;
  return { by: 'attempt' as const, key: attemptKey(e), peer: linePeer(e)?.text ?? '', windowS, retries: connecting || idempotent(requestOf(e.request)?.method) };
}

function phaseDetail(g: Group, log: LogView): Record<string, unknown> {
  const e = first(entries(g));
  const detail: Record<string, unknown> = { phase: e.action || 'unknown', peers: peersOf(g).map((p) => p.text), request: shortRequest(e.request) };
  if (e.errno && /FormatMessage\(\) error/.test(e.errno.text)) detail.note = 'FormatMessage() error: the system had no text for the error code (nginx.exe under Wine)';
  const saw = log.access?.statuses(e, first(g.lines).t, last(g.lines).t);
  if (saw?.length) detail.browserSaw = saw;
  return detail;
}

/** What to run where nginx runs to see whether a peer answers at all. */
function probe(g: Group): string {
  const p = first(peersOf(g));
  const target = p ? `${p.host.includes(':') ? `[${p.host}]` : p.host} ${p.port ?? 80}` : '<host> <port>';
  return looksWindows(first(entries(g))) ? `"Test-NetConnection ${target.replace(' ', ' -Port ')}" in PowerShell` : `"nc -vz ${target}"`;
}

export const upstreamUnreachable: Condition = {
  id: 'upstream-unreachable',
  match(e) {
    return isConnectFailure(e) && errnoIs.unreachable(e) && upstreamSide(e) ? attempt(e, 65) : undefined;
  },
  explain(g, log) {
    const e = first(entries(g));
    const peers = peersOf(g);
    return {
      cause: `nginx could not reach ${listPeers(peers)} at all (${e.errno?.code}: ${e.errno?.text}): the network reports no route to that address, so the host is down or not on a network nginx's machine can reach, or a firewall rejects the packets${inDocker(g) ? '; in a container, an address of another network (or of the host) is not reachable as it is from the host' : ''}; ${shortRequest(e.request)} got 502 Bad Gateway.`,
      fix: `Check that the address in proxy_pass is the one the service runs on now (a container's IP changes when it is recreated: use its service name) and that nginx's machine reaches it (${probe(g)} from there).${passPointer(g, log)}`,
      detail: phaseDetail(g, log),
    };
  },
};

/** The module that proxied the request, by the upstream's scheme: its directives are `<module>_pass`, `<module>_connect_timeout`, ... */
export function moduleOf(e: ErrorLogEntry): string {
  const scheme = /^([a-z]+):\/\//.exec(e.upstream ?? '')?.[1] ?? 'http';
  return { fastcgi: 'fastcgi', uwsgi: 'uwsgi', suwsgi: 'uwsgi', scgi: 'scgi', grpc: 'grpc', grpcs: 'grpc' }[scheme] ?? 'proxy';
}

export const upstreamConnectTimeout: Condition = {
  id: 'upstream-connect-timeout',
  match(e) {
    // A line cut before its ` while ...` may be either timeout: the general one names it.
    const timedOut = (e.message === 'upstream timed out' && e.action === CONNECTING) || (isConnectFailure(e) && errnoIs.timedOut(e));
    return timedOut && upstreamSide(e) ? attempt(e, 65) : undefined;
  },
  explain(g, log) {
    const peers = peersOf(g);
    const m = moduleOf(first(entries(g)));
    return {
      cause: `nginx could not open a TCP connection to ${listPeers(peers)} within ${m}_connect_timeout (60 s by default): nothing answered, not even a refusal, so the address is wrong or unreachable, or a firewall drops the packets${peers.length > 1 ? ' (on every address)' : ''}; the connect timeout is not the read timeout: the service never got the request.`,
      fix: `Check that ${m}_pass names the machine and port where the service runs (127.0.0.1 or localhost for this machine) and that no firewall or security group drops port ${first(peers)?.port ?? 80} (${probe(g)} from nginx's machine).${passPointer(g, log)}`,
      detail: phaseDetail(g, log),
    };
  },
};

export const upstreamTimeout: Condition = {
  id: 'upstream-timeout',
  match(e) {
    return e.message === 'upstream timed out' && upstreamSide(e) ? attempt(e, 65) : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const peers = peersOf(g);
    const req = shortRequest(e.request);
    const action = e.action ?? '';
    const retried = peers.length > 1 ? `, neither on ${first(peers).text} nor when nginx retried it on ${last(peers).text}` : '';
    const detail = phaseDetail(g, log);
    const admin = /^\/admin\//.test(first(peers)?.uri ?? '') || /^\/api\//.test(requestOf(e.request)?.path ?? '');
    const server = admin ? 'The admin server' : 'The upstream';
    const m = moduleOf(e);
    const pointer = (name: string) => {
      const c = log.conf?.inForce(name, e);
      return c?.set ? ` In your conf: ${at(c.set)}.` : c?.block ? ` In your conf: ${name} is not set for this request (60 s); it would go in ${at(c.block)}.` : '';
    };
    if (action === READING_HEADER) {
      return {
        cause: `${server} (${listPeers(peers)}) accepted ${req} but did not answer within ${m}_read_timeout (60 s by default)${retried}: stopped at a breakpoint? a slow query?`,
        fix: `Look at ${admin ? 'the admin server' : 'the upstream service'} around ${when(g)}: resume a debugger paused at a breakpoint, or find the slow SQL or lock in its log; only if the request really needs longer, raise ${m}_read_timeout in ${admin ? 'location /api/' : 'its location'}.${pointer(`${m}_read_timeout`)}`,
        detail,
      };
    }
    return {
      cause: `${server} (${listPeers(peers)}) stopped ${/sending/.test(action) ? 'reading' : 'sending'} in the middle of ${req} for longer than nginx's timeout (60 s) while ${action || 'talking to it'}.`,
      fix: `Look at ${admin ? "the admin server's" : "the upstream's"} log around ${when(g)} for a stall (breakpoint, GC pause, slow query), then retry.${pointer(`${m}_${/sending/.test(action) ? 'send' : 'read'}_timeout`)}`,
      detail,
    };
  },
};

// ---- upstream-closed --------------------------------------------------------------------------

export const upstreamClosed: Condition = {
  id: 'upstream-closed',
  match(e) {
    // `connection`, or what a FastCGI server (PHP-FPM) was sending: `FastCGI stdout`.
    if (!/^upstream prematurely closed (?:connection|FastCGI)/.test(e.message)) return undefined;
    const header = (e.action ?? '') === READING_HEADER;
    return { by: 'attempt', key: attemptKey(e), peer: linePeer(e)?.text ?? '', windowS: 5, retries: header && idempotent(requestOf(e.request)?.method) };
  },
  explain(g, log) {
    const e = first(entries(g));
    const peers = peersOf(g);
    const port = first(peers)?.port ?? adminPort(g, log) ?? 8080;
    const req = shortRequest(e.request);
    const tool = looksWindows(e) ? `netstat -ano | findstr :${port}` : `ss -ltnp 'sport = :${port}'`;
    const who = serverOf(g);
    return {
      cause: `${cap(who.it)} (${listPeers(peers)}) accepted ${req} and closed the connection without ${(e.action ?? '') === READING_HEADER ? 'a response' : 'finishing the response'}: it crashed, was restarted (IDE or DevTools restart) or stopped during the request, or port ${port} belongs to a program that is not the admin server.`,
      fix: `Look at ${who.its} console or log around ${when(g)} for an exception or a restart, and check with "${tool}" that port ${port} is ${who.its}.`,
      detail: { peers: peers.map((p) => p.text), request: req },
    };
  },
};

// ---- upstream-reset ------------------------------------------------------------------------

export const IO_FAILED = /^(?:(?:WSA)?(?:recv|readv|read|send|writev|write|sendfile|Recv|Send)\(\) failed|SSL_(?:read|write|shutdown)\(\) failed(?: \(SSL:.*\))?)$/;

export const upstreamReset: Condition = {
  id: 'upstream-reset',
  match(e) {
    const action = e.action ?? '';
    const io = IO_FAILED.test(e.message) || isConnectFailure(e);
    if (!io || !errnoIs.reset(e) || !(action.includes('upstream') || action === 'proxying upgraded connection')) return undefined;
    const header = action === READING_HEADER || action === CONNECTING;
    return { by: 'attempt', key: attemptKey(e), peer: linePeer(e)?.text ?? '', windowS: 5, retries: header && idempotent(requestOf(e.request)?.method) };
  },
  explain(g) {
    const e = first(entries(g));
    const peers = peersOf(g);
    const req = shortRequest(e.request);
    const err = `${e.errno?.code}: ${e.errno?.text}`;
    if (e.action === 'proxying upgraded connection') {
      return {
        cause: `The WebSocket ${requestOf(e.request)?.path ?? ''} between nginx and the admin server (${listPeers(peers)}) was cut by the admin server (${err}), which is what happens when the admin server stops or restarts.`,
        fix: `Nothing to do if you stopped or restarted the admin server around ${when(g)} (the page reconnects); otherwise look at its log for that time.`,
        detail: { peers: peers.map((p) => p.text), request: req, harmless: true },
      };
    }
    // A server that refuses a body closes while nginx still sends it: a reset mid-body is that, or a restart.
    const sending = e.action === 'sending request to upstream' && requestOf(e.request)?.method !== 'GET';
    return {
      cause: `${cap(serverOf(g).it)} (${listPeers(peers)}) dropped the connection (${err}) while nginx was ${e.action ?? 'talking to it'} for ${req}: it was stopped, restarted or crashed during the request${
        sending ? ", or it refused the request's body before reading all of it (an upload above its own limit: Spring Boot's spring.servlet.multipart.max-file-size is 1MB by default) and closed while nginx was still sending" : ''
      }.`,
      fix: `Check ${serverOf(g).its} console or log around ${when(g)} for a restart or an exception, and retry once it runs steadily.`,
      detail: { peers: peers.map((p) => p.text), request: req },
    };
  },
};
