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
  requestOf,
  shortRequest,
  showPath,
  type Peer,
} from '../facts.js';
import { count, inYourConf, list, series } from '../say.js';
import { t } from './upstream.texts.js';
import { doctorText } from '../texts.js';

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
  return list(peers.map((p) => p.text), doctorText('doctor.upstream.theUpstream'));
}

/** The port the admin server is expected on: from this group, else from the same nginx's other tries. */
function adminPort(g: Group, log: LogView): number | undefined {
  return peersOf(g).find((p) => p.port !== undefined)?.port ?? log.portOf(first(g.lines).entry.pid);
}

const SERVERS = { fastcgi: 'doctor.upstream.fastcgi', uwsgi: 'doctor.upstream.uwsgi', scgi: 'doctor.upstream.scgi', ajp: 'doctor.upstream.ajp', grpc: 'doctor.upstream.grpc' } as const;

/** The course's admin server (its /admin/ paths behind /api/ and /ws/), or some other upstream: what the explanation calls it. */
export function serverOf(g: Group): { it: string; its: string; admin: boolean } {
  const e = first(entries(g));
  const admin = /^\/admin\//.test(linePeer(e)?.uri ?? '') || /^\/(?:api|ws)\//.test(requestOf(e.request)?.path ?? '');
  const scheme = /^([a-z]+):\/\//.exec(e.upstream ?? '')?.[1] ?? '';
  const server = SERVERS[scheme as keyof typeof SERVERS] as (typeof SERVERS)[keyof typeof SERVERS] | undefined;
  const it = admin ? t('doctor.upstream.admin') : server ? t(server) : doctorText('doctor.upstream.theUpstream');
  return { it, its: t('doctor.upstream.its', { it }), admin };
}
export const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** nginx in a Docker container: clients come from the bridge network, and 127.0.0.1 is the container. */
function inDocker(g: Group): boolean {
  return entries(g).some((e) => /^172\.(1[6-9]|2\d|3[01])\./.test(e.client ?? '') && isLoopback(linePeer(e)?.host ?? ''));
}

/** With --conf: the `proxy_pass` (or upstream `server`) that sends this request to these peers. */
export function passPointer(g: Group, log: LogView): string {
  const e = first(entries(g));
  const peer = linePeer(e);
  const places = log.conf?.passFor(e, peer?.port !== undefined ? `:${peer.port}` : undefined) ?? [];
  return inYourConf(places.map(at));
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
    if (refused.length) parts.push(t('doctor.proxyLoop.refused', { peers: listPeers(refused.map((e) => linePeer(e)!)) }));
    if (arrived.length) {
      const a = arrived[0];
      const params = { requests: count(arrived.length, 'proxiedRequest'), request: a.request ?? '', path: showPath(fileOp(a)!.path) };
      parts.push(t(arrived.length === 1 ? 'doctor.proxyLoop.arrived.one' : 'doctor.proxyLoop.arrived.other', params));
    }
    const portText = port !== undefined ? doctorText('doctor.proxyLoop.port', { port }) : t('doctor.proxyLoop.ownPort');
    const cause = t('doctor.proxyLoop.cause', { port: portText, target: port ?? t('doctor.proxyLoop.thatPort'), parts: parts.join(t('doctor.proxyLoop.and')) });
    const fix = port === 8080 ? t('doctor.proxyLoop.fix8080') : t('doctor.proxyLoop.fix', { port: portText });
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
  const both = t('doctor.refused.both');
  if (g.lines.some((l) => l.entry.message === 'no live upstreams')) return { verdict: 'not-running', evidence: t('doctor.refused.ev.noLive'), which: both };
  const byConf = refusedByConf(g, log, peers);
  if (byConf) return byConf;
  if (families.size >= 2) return { verdict: 'not-running', evidence: t('doctor.refused.ev.bothLoopbacks'), which: both };
  if (peers.length >= 2) {
    const every = t('doctor.refused.everyTry', { peer: peers[0].text });
    return { verdict: 'not-running', evidence: every, which: every };
  }
  // A retry goes to the next peer: two refused tries of one request are both addresses, even when one line is cut in its address.
  if (refused.length >= 2) return { verdict: 'not-running', evidence: t('doctor.refused.ev.bothTries'), which: both };
  const one = peers[0];
  const a = first(refused);
  const z = last(refused);
  // nginx names the peer of every try: a line without it was cut short.
  if (!one) return { verdict: 'undetermined', evidence: t('doctor.refused.ev.cut') };
  if (one.family === undefined) return { verdict: 'not-running', evidence: t('doctor.refused.ev.onlyAddress'), which: doctorText('doctor.refused.peerRefused', { peer: one.text }) };
  const down = log.index.downAround(a.entry.pid, z.t, one.port, one.family === 6 ? 4 : 6, 60);
  if (down?.peer) return { verdict: 'not-running', evidence: t('doctor.refused.ev.refusedToo', { peer: down.peer, no: down.no }), which: both };
  if (down) return { verdict: 'not-running', evidence: t('doctor.refused.ev.noLiveOn', { no: down.no }), which: t('doctor.refused.allFailed') };
  const saw = log.access?.statuses(a.entry, a.t, z.t);
  const shows = () => doctorText('doctor.refused.ev.accessShows', { statuses: series(saw!.map(String)) });
  if (saw?.some((s) => s === 502 || s === 504)) return { verdict: 'not-running', evidence: shows(), which: t('doctor.refused.browserGot', { peer: one.text, statuses: series(saw.map(String)) }) };
  const answered = saw?.some((s) => s < 500) === true;
  if (!answered) {
    if (one.family === 4 && !/^\/admin\//.test(one.uri)) {
      // The course's /ws/ and /user/ go to `upstream webservers { server 127.0.0.1:8080; }`: one peer only.
      // An inference, not a fact: the log alone cannot show how many servers the upstream has.
      return { verdict: 'not-running', evidence: t('doctor.refused.ev.singlePeer', { peer: one.text }), which: doctorText('doctor.refused.peerRefused', { peer: one.text }), singlePeer: true };
    }
    const goesOn = log.settled(g) || log.index.wentOnAfter(z.no);
    if (!goesOn) return { verdict: 'undetermined', evidence: t('doctor.refused.ev.endsBeforeRetry') };
  }
  return {
    verdict: one.family === 6 ? 'listens-ipv4-only' : 'listens-ipv6-only',
    evidence: answered ? shows() : t('doctor.refused.ev.noOtherRefusal'),
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
        cause = t(tries === 1 ? 'doctor.refused.notRunning.one' : 'doctor.refused.notRunning.other', {
          port,
          tries: count(tries, 'try'),
          peers: listPeers(byFamily(peers)),
          evidence: v.evidence,
          request: req,
          inferred: v.singlePeer ? t('doctor.refused.inferred') : '',
          windows: windows && !docker ? t('doctor.refused.windows', { s: 2 * tries }) : '',
          docker: docker ? t('doctor.upstream.docker') : '',
        });
        const which = v.which ?? '';
        fix = docker
          ? t('doctor.refused.fixDocker', { port })
          : /^(?!https?:)[a-z]+:\/\//.test(first(entries(g)).upstream ?? '')
            ? t('doctor.refused.fixStart', { server: serverOf(g).it, port, which })
            : t('doctor.refused.fixStartAdmin', { port, which });
        break;
      }
      case 'another-server-answered':
        ({ cause, fix } = anotherServerAnswered(v, g, req, serverOf(g).admin));
        break;
      case 'listens-ipv4-only':
        cause = t('doctor.refused.ipv4', { port, evidence: v.evidence, request: req, wait: windows ? t('doctor.refused.ipv4Wait') : '' });
        fix = t('doctor.refused.ipv4Fix', { port });
        break;
      case 'listens-ipv6-only':
        // Without the access log, a lone 127.0.0.1 refusal may also mean a localhost that resolves to 127.0.0.1 alone.
        cause = t(v.answered ? 'doctor.refused.ipv6Answered' : 'doctor.refused.ipv6', { port, evidence: v.evidence });
        fix = t(v.answered ? 'doctor.refused.ipv6FixAnswered' : 'doctor.refused.ipv6Fix', { port });
        break;
      default: {
        const six = first(peers)?.family === 6;
        cause = peers.length
          ? t('doctor.refused.undetermined', { peers: listPeers(peers), request: req, other: six ? `127.0.0.1:${port}` : `[::1]:${port}`, port, family: six ? 'IPv4' : 'IPv6' })
          : t('doctor.refused.undeterminedCut', { request: req, port });
        fix = t('doctor.refused.undeterminedFix', { port });
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
    const u = route!.upstream!;
    return {
      rule: t('doctor.noLive.failWindow', { name: u.name, at: `${u.place.file}:${u.place.line}`, s: failTimeoutS, failures: count(maxFails, 'failure'), maxFails }),
      again: t('doctor.noLive.seconds', { s: failTimeoutS }),
    };
  }
  return { rule: t('doctor.noLive.defaults'), again: t('doctor.noLive.seconds', { s: 10 }) };
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
    const shown = series(reqs.slice(0, 3)) + (reqs.length > 3 ? t('doctor.noLive.morePaths', { n: reqs.length }) : '');
    const docker = inDocker(g) || es.some((e) => /^172\.(1[6-9]|2\d|3[01])\./.test(e.client ?? ''));
    const window = failWindow(g, log);
    const onPort = port !== undefined ? t('doctor.noLive.onPort', { port }) : '';
    const cause = t('doctor.noLive.cause', { onPort, rule: window.rule, requests: count(es.length, 'request'), shown, docker: docker ? t('doctor.upstream.docker') : '' });
    const fix = docker ? t('doctor.noLive.fixDocker', { port: port ?? 8080, again: window.again }) : t('doctor.noLive.fix', { onPort, again: window.again });
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
  return looksWindows(first(entries(g))) ? t('doctor.upstream.probeWindows', { target: target.replace(' ', ' -Port ') }) : `"nc -vz ${target}"`;
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
      cause: t('doctor.unreachable.cause', {
        peers: listPeers(peers),
        err: `${e.errno?.code}: ${e.errno?.text}`,
        docker: inDocker(g) ? t('doctor.unreachable.docker') : '',
        request: shortRequest(e.request),
      }),
      fix: t('doctor.unreachable.fix', { probe: probe(g), pointer: passPointer(g, log) }),
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
      cause: t('doctor.connectTimeout.cause', { peers: listPeers(peers), m, every: peers.length > 1 ? t('doctor.connectTimeout.every') : '' }),
      fix: t('doctor.connectTimeout.fix', { m, port: first(peers)?.port ?? 80, probe: probe(g), pointer: passPointer(g, log) }),
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
    const retried = peers.length > 1 ? t('doctor.timeout.retried', { first: first(peers).text, last: last(peers).text }) : '';
    const detail = phaseDetail(g, log);
    const admin = /^\/admin\//.test(first(peers)?.uri ?? '') || /^\/api\//.test(requestOf(e.request)?.path ?? '');
    const server = t(admin ? 'doctor.timeout.admin' : 'doctor.timeout.upstream');
    const m = moduleOf(e);
    const pointer = (name: string) => {
      const c = log.conf?.inForce(name, e);
      return c?.set ? inYourConf([at(c.set)]) : c?.block ? t('doctor.timeout.notSet', { name, at: at(c.block) }) : '';
    };
    if (action === READING_HEADER) {
      return {
        cause: t('doctor.timeout.read', { server, peers: listPeers(peers), request: req, m, retried }),
        fix: t(admin ? 'doctor.timeout.readFixAdmin' : 'doctor.timeout.readFix', { when: when(g), m, pointer: pointer(`${m}_read_timeout`) }),
        detail,
      };
    }
    const sending = /sending/.test(action);
    const params = { server, peers: listPeers(peers), request: req, action: action || t('doctor.upstream.talking') };
    return {
      cause: t(sending ? 'doctor.timeout.stoppedReading' : 'doctor.timeout.stoppedSending', params),
      fix: t('doctor.timeout.stallFix', {
        its: t('doctor.upstream.its', { it: admin ? t('doctor.upstream.admin') : doctorText('doctor.upstream.theUpstream') }),
        when: when(g),
        pointer: pointer(`${m}_${sending ? 'send' : 'read'}_timeout`),
      }),
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
      cause: t((e.action ?? '') === READING_HEADER ? 'doctor.closed.cause.header' : 'doctor.closed.cause.body', { server: cap(who.it), peers: listPeers(peers), request: req, port }),
      fix: t('doctor.closed.fix', { its: who.its, when: when(g), tool, port }),
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
        cause: t('doctor.reset.ws', { path: requestOf(e.request)?.path ?? '', peers: listPeers(peers), err }),
        fix: t('doctor.reset.wsFix', { when: when(g) }),
        detail: { peers: peers.map((p) => p.text), request: req, harmless: true },
      };
    }
    // A server that refuses a body closes while nginx still sends it: a reset mid-body is that, or a restart.
    const sending = e.action === 'sending request to upstream' && requestOf(e.request)?.method !== 'GET';
    const who = serverOf(g);
    return {
      cause: t('doctor.reset.cause', {
        server: cap(who.it),
        peers: listPeers(peers),
        err,
        action: e.action ?? t('doctor.upstream.talking'),
        request: req,
        sending: sending ? t('doctor.reset.sending') : '',
      }),
      fix: t('doctor.reset.fix', { its: who.its, when: when(g) }),
      detail: { peers: peers.map((p) => p.text), request: req },
    };
  },
};
