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
import { plural, ranges, requestOf } from './facts.js';

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
const linesText = (f: Finding) => `access log line${f.count > 1 ? 's' : ''} ${ranges(f.records.map((r) => r.no))}${f.count > f.records.length ? ` and ${f.count - f.records.length} more` : ''}`;

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
const serverName = (route: ProxyRoute) => (route.upstream ? `upstream ${route.upstream.name}` : (/^[a-z]+:\/\/([^/]+)/.exec(route.pass.text.split(' ')[1] ?? '')?.[1] ?? 'its proxy_pass'));

function slashExplained(f: Finding, route: ProxyRoute, how: 'missing' | 'extra') {
  const r = f.records[0];
  const uri = requestOf(r.request)!.uri;
  const sent = upstreamUri(route, uri)!;
  const loc = route.location!;
  const passUri = route.uri!;
  const cause =
    `${f.count === 1 ? `${requestText(r)} got` : `${f.count} requests under ${loc.prefix} (${requestText(r)} the first) got`} 404 (${linesText(f)}): ` +
    `${at(route.pass)} replaces the location's "${loc.prefix}" (${at(loc.place)}) with "${passUri}", byte for byte, so nginx sent ${uri} to ${serverName(route)} as ${sent}` +
    (how === 'missing' ? ` (no slash between "${passUri}" and the rest)` : ` (two slashes)`) +
    `, and the 404 is that server's answer to a path it has no handler for (nginx passes a proxied answer on and writes no error line for it).`;
  const fixed = how === 'missing' ? `${passUri}/` : passUri.replace(/\/$/, '');
  const fix =
    how === 'missing'
      ? `End proxy_pass's URI with a slash, as the location ends with one: change ${at(route.pass)} to "${route.pass.text.replace(passUri, fixed)}", then run "nginx -s reload".`
      : `Make both end alike: change ${at(route.pass)} to "${route.pass.text.replace(passUri, fixed)}" (or end the location with a slash), then run "nginx -s reload".`;
  return { cause, fix, detail: { sent, pass: route.pass } };
}

function unauthorizedExplained(f: Finding, why: 'none' | 'expired' | 'recent', login: number | undefined, t: number | undefined) {
  const r = f.records[0];
  const reason = {
    none: 'no successful login (POST /api/employee/login 200) from this client comes before them in the access log, so the pages most likely sent no token (opened without logging in, or after the browser lost it)',
    expired: `this client's last login in the access log was ${Math.round(((t ?? 0) - (login ?? 0)) / 3600)} h before, longer than the admin token's 2 h life (sky.jwt.admin-ttl), so the token most likely expired`,
    recent:
      'a client at this address logged in less than 2 h before, so its token had not expired; the request most likely came without it (another tool or tab: curl or Postman without the "token" header) or with a token the server cannot verify (signed before a restart with another sky.jwt.admin-secret-key)',
  }[why];
  return {
    cause: `The admin server refused ${f.count === 1 ? requestText(r) : `${f.count} admin API requests (${requestText(r)} the first)`} with 401 (${linesText(f)}): its token interceptor answers 401 when the "token" header is missing or does not verify. The access log does not show headers; inferred: ${reason}.`,
    fix:
      why === 'recent'
        ? 'Send the token the login returned in the "token" header (the admin pages do it once logged in); if the pages themselves get 401 right after a login, log in again and check that sky.jwt.admin-secret-key did not change.'
        : 'Log in again (admin / 123456 in the course), then repeat the request: the admin pages send the new token in the "token" header.',
    // The admin server's guard doing its job: a login is the remedy, nothing to repair.
    detail: { why, harmless: true },
  };
}

function tooLargeExplained(f: Finding, conf: ConfFacts | undefined) {
  const r = f.records[0];
  const ours = nginxPage(413, r.bytes);
  const limit = conf?.inForce('client_max_body_size', { request: r.request });
  const where = limit?.set ? `client_max_body_size at ${at(limit.set)}` : limit ? 'client_max_body_size, not set for this request (1m by default)' : 'client_max_body_size (1m by default)';
  const cause = ours
    ? `${f.count === 1 ? `${requestText(r)} got` : `${f.count} uploads (${requestText(r)} the first) got`} 413 (${linesText(f)}) with a ${r.bytes}-byte body, the size of nginx's own 413 page: nginx refused the body as larger than ${where}. This error log has no "client intended to send too large body" line for ${f.count === 1 ? 'it' : 'them'}, so nginx logged it elsewhere (inferred): an error_log of the server or location, or a level above error.`
    : `${f.count === 1 ? `${requestText(r)} got` : `${f.count} uploads (${requestText(r)} the first) got`} 413 (${linesText(f)}) with a ${r.bytes ?? '?'}-byte body, not nginx's own page, and no error line: inferred, the server behind nginx refused the body itself (Spring Boot: spring.servlet.multipart.max-file-size, 1MB by default).`;
  const fix = ours
    ? `Raise ${limit?.set ? `client_max_body_size at ${at(limit.set)}` : limit?.block ? `client_max_body_size: add it to ${at(limit.block)}` : 'client_max_body_size'} above the largest upload (e.g. 10m), then run "nginx -s reload".`
    : "Raise the server's own limit (spring.servlet.multipart.max-file-size and max-request-size in application.yml) and restart it.";
  return { cause, fix, detail: { nginxPage: ours } };
}

function gaveUpExplained(f: Finding, conf: ConfFacts | undefined) {
  const r = f.records[0];
  const times = f.records.map((x) => x.requestTime).filter((x): x is number => x !== undefined);
  const read = conf?.inForce('proxy_read_timeout', { request: r.request });
  const timeout = read?.set ? `proxy_read_timeout at ${at(read.set)}` : 'proxy_read_timeout (60 s by default)';
  const after = times.length
    ? `after ${Math.min(...times)}${times.length > 1 ? `-${Math.max(...times)}` : ''} s ($request_time), before nginx's ${timeout} ran out (inferred: a timeout of the client shorter than nginx's, or a user who left the page)`
    : `after a time the access log does not show (add $request_time to the log_format to see it); nginx's own limit for the answer is ${timeout}`;
  return {
    cause: `${f.count === 1 ? `The client of ${requestText(r)}` : `The clients of ${f.count} requests (${requestText(r)} the first)`} closed the connection before nginx answered: status 499 (${linesText(f)}), ${after}.`,
    fix: "Find why the server behind nginx is slow for this request (its log at that time: a slow query, a lock, a breakpoint); raise the client's timeout only if the request is meant to take that long (the admin front end's request timeout).",
    // As the error log's own client-closed lines: the client's choice, a slow answer the cause to look at.
    detail: { times, harmless: true },
  };
}

function unloggedExplained(f: Finding, conf: ConfFacts | undefined) {
  const r = f.records[0];
  const l = f.records[f.records.length - 1];
  const logs: ConfPlace[] = conf?.all('error_log') ?? [];
  const elsewhere = logs.length ? ` Your conf has error_log at ${logs.map(at).join(', ')}: the lines are in the file the one of that server or location names.` : '';
  return {
    cause: `${plural(f.count, 'request')} got ${r.status} ${r.status === 502 ? 'Bad Gateway' : 'Gateway Timeout'} (${linesText(f)}, ${r.time ?? '?'}${f.count > 1 ? ` to ${l.time ?? '?'}` : ''}) with no line of theirs in this error log. Inferred: nginx logged why in another error log (an error_log of the server or location), at a level this one does not keep, or this error log is of another nginx or another time.${elsewhere}`,
    fix: `Give the doctor the error log nginx wrote at that time (the error_log of the server that served ${requestText(r)}); it names the server that failed and how.`,
    detail: { status: r.status },
  };
}
