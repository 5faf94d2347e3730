// A refused try read with the user's conf (--conf): the conf shows which servers nginx had for the
// request, which overrides any guess from address families. A refused server of an upstream { }
// with others is retried on one of them (ngx_http_upstream_next: a refused connect is an `error`,
// in proxy_next_upstream's default), and a request the access log shows answered was answered by
// one of those others; a proxy_pass to a literal IP, or an upstream whose only server that is,
// has no other address to retry on.
import type { Group, LogView } from '../types.js';
import { isConnectFailure, looksWindows, plural, type Peer } from '../facts.js';
import { routeOf, serverFor, literal, type UpstreamBlock, type UpstreamServer } from '../proxy-pass.js';
import { at, first, last } from './group.js';

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

/** ` at 08/Jul/2023:11:08:16 +0800`: when the access log has the answer. */
const loggedAt = (time: string | undefined) => (time ? ` at ${time}` : '');

const names = (ss: UpstreamServer[]) => (ss.length <= 1 ? (ss[0]?.address ?? '') : `${ss.slice(0, -1).map((s) => s.address).join(', ')} and ${ss[ss.length - 1].address}`);

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
    return { verdict: 'not-running', evidence: `your conf's proxy_pass names this one address, at ${at(route.pass)}: nginx has no other to try`, which: `${peers[0].text} refused` };
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
      evidence: only ? `it is the only server of upstream ${b.name} in your conf, at ${at(b.servers[0].place)}` : `every server of upstream ${b.name} that is not marked down refused (your conf, ${at(b.place)})`,
      which: `${names(refused)} refused`,
    };
  }
  const z = last(refusedLines);
  const seen = log.access?.seen(a.entry, a.t, z.t) ?? [];
  const saw = log.access ? seen.map((s) => s.status) : undefined;
  // The others failed too: their own lines say how (a timeout, another refusal out of this group).
  if (saw?.some((s) => s === 502 || s === 504)) return undefined;
  const answered = saw?.some((s) => s < 500) === true;
  if (!answered && !(log.settled(g) || log.index.wentOnAfter(z.no))) {
    return { verdict: 'undetermined', evidence: `the log ends before nginx's retry on another server of upstream ${b.name}` };
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
    const time = named.requestTime !== undefined ? ` in ${named.requestTime} s ($request_time)` : '';
    return {
      verdict: 'another-server-answered',
      evidence: `the access log shows this request tried ${named.upstreamAddr} ($upstream_addr, statuses ${named.upstreamStatus ?? '-'}) and got ${named.status}${time}`,
      answered: true,
      upstream: b,
      refused,
      answeredBy,
      read: { addr: tried[tried.length - 1], requestTime: named.requestTime },
    };
  }
  return {
    verdict: 'another-server-answered',
    evidence: answered ? `the access log shows ${[...new Set(saw)].join(', ')} for this request${loggedAt(seen.find((s) => s.status < 500)?.time)}` : 'no failure of another server followed in the error log',
    answered,
    upstream: b,
    refused,
    answeredBy,
  };
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
    ? `${v.read.addr} answered it`
    : by.length === 1
      ? `the other server of upstream ${b.name}, ${by[0].address}, answered it (inferred: ${v.answered ? "the access log's format does not name the server that answered, and " : ''}${by[0].address} is the only other server your conf gives that upstream not marked down)`
      : `one of the other servers of upstream ${b.name}, ${names(by)}, answered it (inferred: which one is in no log of the default formats)`;
  const windows = looksWindows(e) && v.read?.requestTime === undefined ? ` On Windows each refused connect takes about 2 s, so this request waited about 2 s before it was answered (inferred from how Windows refuses, not read from the log).` : '';
  const again =
    r.maxFails === 0
      ? `With max_fails=0 nginx never leaves ${r.address} out: every request its weight (${r.weight} of ${total}) sends there is refused first and retried.`
      : `After ${plural(r.maxFails, 'failure')} nginx leaves ${r.address} out for fail_timeout (${r.failTimeoutS} s), then gives it requests again by its weight (${r.weight} of ${total}), so now and then a request is refused there first and retried.`;
  const cause =
    `Only ${names(refused)} refused ${req}: ${refused.length === 1 ? 'it is one' : 'they are'} of the ${plural(b.servers.length, 'server')} of upstream ${b.name} in your conf (${at(b.place)}), and ${v.evidence}, so ${who}.${windows} ${again}`;
  const lesson = admin && refused.length === 1 ? ` (a second admin server: the same jar started with --server.port=${r.port})` : '';
  const fix = `Start the server that should listen on ${names(refused)}${lesson}, or until it runs mark it "down" at ${at(r.place)} or comment that line out, then run "nginx -s reload".`;
  return { cause, fix };
}
