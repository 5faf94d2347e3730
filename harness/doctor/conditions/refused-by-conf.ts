// A refused try read with the user's conf (--conf): the conf shows which servers nginx had for the
// request, which overrides any guess from address families. A refused server of an upstream { }
// with others is retried on one of them (ngx_http_upstream_next: a refused connect is an `error`,
// in proxy_next_upstream's default), and a request the access log shows answered was answered by
// one of those others; a proxy_pass to a literal IP, or an upstream whose only server that is,
// has no other address to retry on.
import type { Group, LogView } from '../types.js';
import { isConnectFailure, looksWindows, type Peer } from '../facts.js';
import { count, list, series } from '../say.js';
import { routeOf, serverFor, literal, type UpstreamBlock, type UpstreamServer } from '../proxy-pass.js';
import { at, first, last } from './group.js';
import { t } from './refused-by-conf.texts.js';
import { doctorText } from '../texts.js';

export type RefusedVerdict = 'not-running' | 'listens-ipv4-only' | 'listens-ipv6-only' | 'another-server-answered' | 'undetermined';

/** What the refused tries of one request say, and on what evidence. */
export interface Verdict {
  verdict: RefusedVerdict;
  evidence: string;
  /** For not-running: which refusals the fix can name. */
  which?: string;
  /** The access log shows the request answered. */
  answered?: boolean;
  singlePeer?: boolean;
  /** another-server-answered: the upstream, its refused servers, and the ones that may have answered. */
  upstream?: UpstreamBlock;
  refused?: UpstreamServer[];
  answeredBy?: UpstreamServer[];
  /** The access log's own $upstream_addr names the server that answered (and $request_time, when set, the time). */
  read?: { addr: string; requestTime?: number };
}

const names = (ss: UpstreamServer[]) => list(ss.map((s) => s.address));

/** The verdict the conf decides, or undefined when it shows nothing the address families do not. */
export function refusedByConf(g: Group, log: LogView, peers: Peer[]): Verdict | undefined {
  const refusedLines = g.lines.filter((l) => isConnectFailure(l.entry));
  const a = first(refusedLines);
  if (!log.conf || !a) return undefined;
  const route = routeOf(log.conf, a.entry);
  if (!route || route.variables) return undefined;
  const b = route.upstream;
  if (!b) {
    // An implicit upstream of a literal IP is that one address: no retry on another family.
    const host = /^[a-z]+:\/\/(\[[^\]]*\]|[^/:]+)/.exec(route.pass.text.split(' ')[1] ?? '')?.[1]?.replace(/^\[|\]$/g, '');
    if (peers.length !== 1 || !host || !literal({ host })) return undefined;
    return { verdict: 'not-running', evidence: t('doctor.byConf.ev.literal', { at: at(route.pass) }), which: doctorText('doctor.refused.peerRefused', { peer: peers[0].text }) };
  }
  const servers = peers.map((p) => serverFor(b, p));
  // A peer the block does not name: the conf given is not the one nginx ran.
  if (!servers.length || servers.some((s) => s === undefined)) return undefined;
  const refused = [...new Set(servers as UpstreamServer[])];
  // A server by name (localhost) has a peer per address family: until both refused, its other address may have answered.
  const families = (s: UpstreamServer) => new Set(peers.filter((p) => serverFor(b, p) === s).map((p) => p.family));
  if (refused.some((s) => !literal(s) && families(s).size < 2)) return undefined;
  const others = b.servers.filter((s) => !s.down && !refused.includes(s));
  if (!others.length) {
    const only = b.servers.length === 1;
    return {
      verdict: 'not-running',
      evidence: only ? t('doctor.byConf.ev.only', { name: b.name, at: at(b.servers[0].place) }) : t('doctor.byConf.ev.allDown', { name: b.name, at: at(b.place) }),
      which: doctorText('doctor.refused.peerRefused', { peer: names(refused) }),
    };
  }
  const z = last(refusedLines);
  const seen = log.access?.seen(a.entry, a.t, z.t) ?? [];
  const saw = log.access ? seen.map((s) => s.status) : undefined;
  // The others failed too: their own lines say how (a timeout, another refusal out of this group).
  if (saw?.some((s) => s === 502 || s === 504)) return undefined;
  const answered = saw?.some((s) => s < 500) === true;
  if (!answered && !(log.settled(g) || log.index.wentOnAfter(z.no))) {
    return { verdict: 'undetermined', evidence: t('doctor.byConf.ev.endsBefore', { name: b.name }) };
  }
  // nginx retries the primary servers first; the backup ones only once no primary is left.
  const primary = others.filter((s) => !s.backup);
  let answeredBy = primary.length ? primary : others;
  // A log_format with $upstream_addr: the servers tried, in order, the last one answered.
  const named = seen.find((s) => s.status < 500 && s.upstreamAddr?.split(/, | : /).some((x) => peers.some((p) => p.text === x)));
  if (named) {
    const tried = named.upstreamAddr!.split(/, | : /);
    const by = b.servers.find((s) => s.address === tried[tried.length - 1] || `${s.host}:${s.port}` === tried[tried.length - 1]);
    if (by) answeredBy = [by];
    const time = named.requestTime !== undefined ? t('doctor.byConf.ev.time', { s: named.requestTime }) : '';
    return {
      verdict: 'another-server-answered',
      evidence: t('doctor.byConf.ev.named', { addrs: named.upstreamAddr!, statuses: named.upstreamStatus ?? '-', status: named.status, time }),
      answered: true,
      upstream: b,
      refused,
      answeredBy,
      read: { addr: tried[tried.length - 1], requestTime: named.requestTime },
    };
  }
  return {
    verdict: 'another-server-answered',
    evidence: answered ? accessShows([...new Set(saw)], seen.find((s) => s.status < 500)?.time) : t('doctor.byConf.ev.noOtherFailure'),
    answered,
    upstream: b,
    refused,
    answeredBy,
  };
}

/** What the access log shows for the request, and when, if it says. */
function accessShows(statuses: number[], time: string | undefined): string {
  const s = series(statuses.map(String));
  return time ? t('doctor.byConf.ev.accessAt', { statuses: s, time }) : doctorText('doctor.refused.ev.accessShows', { statuses: s });
}

/** Cause and fix of a refused server whose request another server of its upstream answered. */
export function anotherServerAnswered(v: Verdict, g: Group, req: string, admin: boolean): { cause: string; fix: string } {
  const b = v.upstream!;
  const refused = v.refused!;
  const by = v.answeredBy!;
  const e = first(g.lines).entry;
  const total = b.servers.filter((s) => !s.down && !s.backup).reduce((n, s) => n + s.weight, 0);
  const r = refused[0];
  const who = v.read
    ? t('doctor.byConf.who.read', { addr: v.read.addr })
    : by.length === 1
      ? t(v.answered ? 'doctor.byConf.who.oneAnswered' : 'doctor.byConf.who.one', { name: b.name, addr: by[0].address })
      : t('doctor.byConf.who.many', { name: b.name, names: names(by) });
  const windows = looksWindows(e) && v.read?.requestTime === undefined ? t('doctor.byConf.windows') : '';
  const weight = { addr: r.address, weight: r.weight, total };
  const again = r.maxFails === 0 ? t('doctor.byConf.againNever', weight) : t('doctor.byConf.again', { ...weight, failures: count(r.maxFails, 'failure'), s: r.failTimeoutS });
  const cause = t(refused.length === 1 ? 'doctor.byConf.cause.one' : 'doctor.byConf.cause.other', {
    names: names(refused),
    request: req,
    servers: count(b.servers.length, 'server'),
    name: b.name,
    at: at(b.place),
    evidence: v.evidence,
    who,
    windows,
    again,
  });
  const lesson = admin && refused.length === 1 ? t('doctor.byConf.lesson', { port: r.port }) : '';
  const fix = t('doctor.byConf.fix', { names: names(refused), lesson, at: at(r.place) });
  return { cause, fix };
}
