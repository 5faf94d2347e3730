// What the access log shows that the error log does not: requests nginx answered without an error
// line. A 404 of a location whose proxy_pass joins the URI without its slash (with --conf), 413s
// and 502/504s the error log has no line for (the error log is elsewhere, or at a higher level),
// 499s (the client gave up), and the admin API's 401s. Each family is one incident per place
// (location, or path), its access-log lines named; what the access log cannot show (which server
// answered, why a token was refused) is said as an inference.
import type { ErrorLogEntry } from '../logs/error-log.js';
import { at, type ConfFacts, type ConfPlace } from './conf.js';
import type { ConditionId, Incident } from './incident.js';
import type { AccessRecord } from './log-format.js';
import { routeOf, slashMismatch, upstreamUri, type ProxyRoute } from './proxy-pass.js';
import { ranges, requestOf } from './facts.js';
import { count } from './say.js';
import { t } from './access-findings.texts.js';
import { doctorText } from './texts.js';

/** The access-log lines of one finding: the first few, and how many. */
interface Finding {
  condition: ConditionId;
  records: AccessRecord[];
  count: number;
  explain(f: Finding): { cause: string; fix: string; detail?: Record<string, unknown> };
}

const KEPT = 20;
/** The course's admin server: its token lives 2 h (sky.jwt.admin-ttl: 7200000 ms). */
const ADMIN_TOKEN_TTL_S = 7200;
/** An error line of the same request is written at most this long before its access line (a refused connect on Windows, a timeout's retry). */
const COVER_S = 3;

/** nginx's own error page: its body size for a status (the page's head plus `<hr><center>nginx/x.y.z</center>` and the tail). */
const PAGE_HEAD: Record<number, number> = { 404: 100, 413: 130, 502: 104, 504: 114 };
function nginxPage(status: number, bytes: number | undefined): boolean {
  const head = PAGE_HEAD[status];
  // A version like 1.22.1 makes the tail 53 bytes (one less for 1.9.9, one more for 1.25.10); server_tokens off: 46.
  return head !== undefined && bytes !== undefined && [46, 52, 53, 54].includes(bytes - head);
}

const requestText = (r: AccessRecord) => `"${r.request}"`;
const linesText = (f: Finding) =>
  t(f.count > 1 ? 'doctor.access.lines.other' : 'doctor.access.lines.one', {
    ranges: ranges(f.records.map((r) => r.no)),
    more: f.count > f.records.length ? t('doctor.access.more', { n: f.count - f.records.length }) : '',
  });

export class AccessFindings {
  private findings = new Map<string, Finding>();
  /** 413, 499, 502 and 504 records by request line: an error line of the same request covers them. */
  private pending = new Map<string, { r: AccessRecord; t?: number; covered?: boolean }[]>();
  /** Each client's last successful admin login (log seconds). */
  private logins = new Map<string, number>();
  /** The seconds the error log has a line of a request in. */
  private errorSeconds = new Set<number>();

  constructor(private readonly conf?: ConfFacts) {}

  add(r: AccessRecord, t: number | undefined): void {
    const path = requestOf(r.request)?.path;
    if (r.status === 200 && path === '/api/employee/login' && t !== undefined) this.logins.set(r.remoteAddr ?? '', t);
    if (r.status === 404 && this.conf) this.slash(r);
    if (r.status === 401 && path !== undefined && /^\/api\//.test(path)) this.unauthorized(r, t);
    if ([413, 499, 502, 504].includes(r.status)) {
      const list = this.pending.get(r.request) ?? [];
      list.push({ r, t });
      this.pending.set(r.request, list);
    }
  }

  /** An error-log line: the access-log records of its request are its, not findings of their own. */
  errorLine(e: ErrorLogEntry, t: number | undefined): void {
    if (t !== undefined && e.request !== undefined) this.errorSeconds.add(t);
    const list = e.request !== undefined ? this.pending.get(e.request) : undefined;
    for (const p of list ?? []) {
      if (e.client !== undefined && p.r.remoteAddr !== undefined && p.r.remoteAddr !== e.client) continue;
      if (t === undefined || p.t === undefined || (p.t >= t - 1 && p.t <= t + COVER_S + (p.r.requestTime ?? 0))) p.covered = true;
    }
  }

  /** The findings, those of records no error line covered included (as the error log stands now). */
  incidents(): Incident[] {
    const all = new Map([...this.findings].map(([k, f]) => [k, { ...f, records: [...f.records] }]));
    for (const list of this.pending.values()) for (const p of list) if (!p.covered) this.unlogged(all, p.r, p.t);
    return [...all.values()].map((f) => {
      const { cause, fix, detail } = f.explain(f);
      return { condition: f.condition, lines: [], accessLines: f.records.map((r) => r.no), cause, fix, detail: { ...detail, accessLines: f.count } };
    });
  }

  private note(key: string, condition: ConditionId, r: AccessRecord, explain: Finding['explain'], to = this.findings): void {
    const f = to.get(key) ?? { condition, records: [], count: 0, explain };
    if (f.records.length < KEPT) f.records.push(r);
    f.count++;
    to.set(key, f);
  }

  /** A 404 of a location whose proxy_pass URI and location prefix disagree on the slash. */
  private slash(r: AccessRecord): void {
    const route = routeOf(this.conf!, { request: r.request });
    const how = route && slashMismatch(route);
    const uri = requestOf(r.request)?.uri;
    if (!route || !how || uri === undefined) return;
    const sent = upstreamUri(route, uri);
    if (sent === undefined || sent === uri) return;
    this.note(`uri|${route.pass.file}:${route.pass.line}`, 'proxy-pass-uri', r, (f) => slashExplained(f, route, how));
  }

  /** The admin API's 401: its token interceptor refused the request (no token, or one it cannot verify, such as an expired one). */
  private unauthorized(r: AccessRecord, t: number | undefined): void {
    const login = this.logins.get(r.remoteAddr ?? '');
    const why = login === undefined ? 'none' : t !== undefined && t - login > ADMIN_TOKEN_TTL_S ? 'expired' : 'recent';
    this.note(`401|${why}`, 'admin-unauthorized', r, (f) => unauthorizedExplained(f, why, login, t));
  }

  /**
   * A 413, 499, 502 or 504 with no error line of its request. A 502 or 504 that is not nginx's own
   * page is the server's own answer, passed on as it came: nginx has nothing to log. One while the
   * error log has lines of other requests may be passed on from them (a request nginx proxied to
   * itself, or to another nginx, failed): only one in a quiet error log points to a log elsewhere.
   */
  private unlogged(to: Map<string, Finding>, r: AccessRecord, t: number | undefined): void {
    const path = requestOf(r.request)?.path ?? '';
    if (r.status === 413) return this.note(`413|${path}`, 'body-too-large', r, (f) => tooLargeExplained(f, this.conf), to);
    if (r.status === 499) return this.note(`499|${path}`, 'client-closed', r, (f) => gaveUpExplained(f, this.conf), to);
    if (r.bytes !== undefined && !nginxPage(r.status, r.bytes)) return;
    if (t !== undefined) for (let s = t - COVER_S - Math.ceil(r.requestTime ?? 0); s <= t + 1; s++) if (this.errorSeconds.has(s)) return;
    this.note(`gw|${r.status}`, 'gateway-error-unlogged', r, (f) => unloggedExplained(f, this.conf), to);
  }
}

/** The server a proxy_pass names: `localhost:8080`, `upstream webservers`. */
const serverName = (route: ProxyRoute) =>
  route.upstream ? `upstream ${route.upstream.name}` : (/^[a-z]+:\/\/([^/]+)/.exec(route.pass.text.split(' ')[1] ?? '')?.[1] ?? t('doctor.access.itsPass'));

function slashExplained(f: Finding, route: ProxyRoute, how: 'missing' | 'extra') {
  const r = f.records[0];
  const uri = requestOf(r.request)!.uri;
  const sent = upstreamUri(route, uri)!;
  const loc = route.location!;
  const passUri = route.uri!;
  const cause = t(f.count === 1 ? 'doctor.slash.cause.one' : 'doctor.slash.cause.other', {
    request: requestText(r),
    n: f.count,
    prefix: loc.prefix,
    lines: linesText(f),
    pass: at(route.pass),
    loc: at(loc.place),
    passUri,
    uri,
    server: serverName(route),
    sent,
    how: how === 'missing' ? t('doctor.slash.missing', { passUri }) : t('doctor.slash.extra'),
  });
  const fixed = how === 'missing' ? `${passUri}/` : passUri.replace(/\/$/, '');
  const fix = t(how === 'missing' ? 'doctor.slash.fixMissing' : 'doctor.slash.fixExtra', { pass: at(route.pass), fixed: route.pass.text.replace(passUri, fixed) });
  return { cause, fix, detail: { sent, pass: route.pass } };
}

function unauthorizedExplained(f: Finding, why: 'none' | 'expired' | 'recent', login: number | undefined, now: number | undefined) {
  const r = f.records[0];
  const reason = t(`doctor.unauthorized.${why}`, { h: Math.round(((now ?? 0) - (login ?? 0)) / 3600) });
  return {
    cause: t('doctor.unauthorized.cause', {
      what: f.count === 1 ? requestText(r) : t('doctor.unauthorized.many', { n: f.count, request: requestText(r) }),
      lines: linesText(f),
      reason,
    }),
    fix: t(why === 'recent' ? 'doctor.unauthorized.fixRecent' : 'doctor.unauthorized.fix'),
    // The admin server's guard doing its job: a login is the remedy, nothing to repair.
    detail: { why, harmless: true },
  };
}

function tooLargeExplained(f: Finding, conf: ConfFacts | undefined) {
  const r = f.records[0];
  const ours = nginxPage(413, r.bytes);
  const limit = conf?.inForce('client_max_body_size', { request: r.request });
  const setAt = limit?.set && t('doctor.accessTooLarge.at', { at: at(limit.set) });
  const where = setAt || t(limit ? 'doctor.accessTooLarge.notSet' : 'doctor.accessTooLarge.default');
  const one = f.count === 1;
  const facts = { request: requestText(r), n: f.count, lines: linesText(f), bytes: r.bytes ?? '?', where };
  const cause = ours
    ? t(one ? 'doctor.accessTooLarge.ours.one' : 'doctor.accessTooLarge.ours.other', facts)
    : t(one ? 'doctor.accessTooLarge.theirs.one' : 'doctor.accessTooLarge.theirs.other', facts);
  const what = setAt || (limit?.block ? t('doctor.accessTooLarge.addTo', { at: at(limit.block) }) : 'client_max_body_size');
  const fix = ours ? t('doctor.accessTooLarge.fix', { what }) : t('doctor.accessTooLarge.fixTheirs');
  return { cause, fix, detail: { nginxPage: ours } };
}

function gaveUpExplained(f: Finding, conf: ConfFacts | undefined) {
  const r = f.records[0];
  const times = f.records.map((x) => x.requestTime).filter((x): x is number => x !== undefined);
  const read = conf?.inForce('proxy_read_timeout', { request: r.request });
  const timeout = read?.set ? t('doctor.gaveUp.at', { at: at(read.set) }) : t('doctor.gaveUp.default');
  const after = times.length
    ? t('doctor.gaveUp.after', { range: `${Math.min(...times)}${times.length > 1 ? `-${Math.max(...times)}` : ''}`, timeout })
    : t('doctor.gaveUp.unknown', { timeout });
  return {
    cause: t('doctor.gaveUp.cause', { who: t(f.count === 1 ? 'doctor.gaveUp.one' : 'doctor.gaveUp.other', { request: requestText(r), n: f.count }), lines: linesText(f), after }),
    fix: t('doctor.gaveUp.fix'),
    // As the error log's own client-closed lines: the client's choice, a slow answer the cause to look at.
    detail: { times, harmless: true },
  };
}

function unloggedExplained(f: Finding, conf: ConfFacts | undefined) {
  const r = f.records[0];
  const l = f.records[f.records.length - 1];
  const logs: ConfPlace[] = conf?.all('error_log') ?? [];
  const elsewhere = logs.length ? t('doctor.unlogged.elsewhere', { places: logs.map(at).join(doctorText('doctor.list.sep')) }) : '';
  return {
    cause: t('doctor.unlogged.cause', {
      requests: count(f.count, 'request'),
      status: r.status,
      name: r.status === 502 ? 'Bad Gateway' : 'Gateway Timeout',
      lines: linesText(f),
      from: r.time ?? '?',
      to: f.count > 1 ? t('doctor.unlogged.to', { time: l.time ?? '?' }) : '',
      elsewhere,
    }),
    fix: t('doctor.unlogged.fix', { request: requestText(r) }),
    detail: { status: r.status },
  };
}
