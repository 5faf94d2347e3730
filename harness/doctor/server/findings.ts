// One entry of a server's log (its head line and the lines that continue it) → what it shows: the
// failures students of the course meet most, each with the facts its explanation names. The most
// specific reading wins: a request that failed because MySQL is down is MySQL down, not "a 500".
import { CAUSED_BY, FRAME, THROWN, type ServerLine } from './server-log.js';
import { SERVER_CONDITION_IDS, type ServerConditionId } from '../incident.js';

/** A numbered line of the log. */
export interface NumberedLine {
  no: number;
  text: string;
}

/** One log entry: its head line, and the lines after it up to the next head (a stack trace, a failure analysis). */
export interface ServerEntry {
  head: NumberedLine & { line: ServerLine };
  rest: NumberedLine[];
}

export type JwtKind = 'expired' | 'signature' | 'malformed' | 'weak-key' | 'missing' | 'jaxb' | 'other';

export interface Finding {
  condition: ServerConditionId;
  /** The lines that show it: the head, the exceptions, the user's frame, the failure analysis. */
  evidence: number[];
  /** Findings with the same condition and key, one after another, are one incident; an empty key joins any. */
  key: string;
  facts: Record<string, string>;
}

/** Packages of Java, Spring and the course's libraries: a frame there is not the user's own code. */
const LIBRARIES = /^(?:java|javax|jakarta|jdk|sun|com\.sun|org\.springframework|org\.apache|com\.alibaba|com\.mysql|io\.netty|io\.lettuce|io\.jsonwebtoken|org\.mybatis|com\.baomidou|com\.github\.pagehelper|com\.fasterxml|com\.zaxxer|reactor|org\.hibernate|ch\.qos|org\.slf4j|org\.aspectj|net\.bytebuddy|springfox|com\.github\.xiaoymin|kotlin|com\.aliyun|com\.google|org\.mariadb|redis\.clients|com\.intellij)\./;

interface Thrown {
  no: number;
  name: string;
  message: string;
}

/** The exceptions an entry names, in order: the thrown one, then each `Caused by:`. */
function thrownOf(e: ServerEntry): Thrown[] {
  const out: Thrown[] = [];
  for (const l of e.rest) {
    const m = CAUSED_BY.exec(l.text) ?? (out.length === 0 ? THROWN.exec(l.text.trim()) : null);
    if (m) out.push({ no: l.no, name: m[1], message: (m[2] ?? '').trim() });
  }
  return out;
}

/** The first frame of the user's own code (the app's package when known), without Spring's generated proxies. */
function userFrame(e: ServerEntry, appPackage?: string): NumberedLine & { frame: string } | undefined {
  for (const l of e.rest) {
    const m = FRAME.exec(l.text);
    if (!m || m[1].includes('$$') || m[3] === '<generated>') continue;
    const ours = appPackage ? m[1].startsWith(appPackage + '.') : !LIBRARIES.test(m[1]);
    if (ours) return { ...l, frame: `${m[1]}.${m[2]}(${m[3]})` };
  }
  return undefined;
}

/** The text lines of a failure analysis' part (Spring Boot's APPLICATION FAILED TO START): `Description:` or `Action:`. */
function part(e: ServerEntry, title: 'Description:' | 'Action:'): NumberedLine[] {
  const start = e.rest.findIndex((l) => l.text.trim() === title);
  if (start < 0) return [];
  const out: NumberedLine[] = [];
  for (const l of e.rest.slice(start + 1)) {
    if (/^(?:Action:|\*{5,}|Process finished)/.test(l.text.trim())) break;
    if (l.text.trim()) out.push(l);
  }
  return out;
}

const lineOf = (e: ServerEntry, re: RegExp): NumberedLine | undefined => (re.test(e.head.line.message) ? e.head : e.rest.find((l) => re.test(l.text)));

/** The MySQL address of a JDBC URL in the entry (`jdbc:mysql://host:port/db`). */
function jdbcUrl(text: string): Record<string, string> {
  const m = /jdbc:mysql:\/\/([^/:?\s,]+)(?::(\d+))?\/([^?\s,]*)/.exec(text);
  return m ? { host: m[1], port: m[2] ?? '3306', database: m[3] } : {};
}

export interface EntryContext {
  /** The package of the application's main class (`com.sky` of com.sky.SkyApplication), once the log names it. */
  appPackage?: string;
  /** The active profiles as the start-up said them (`dev`; '' for none), once it has. */
  profiles?: string;
  /** Text of the entry, head and rest, for the patterns. */
  text: string;
}

/** What an entry shows, or undefined for a line of normal operation. */
export function findingOf(e: ServerEntry, ctx: EntryContext): Finding | undefined {
  const { text } = ctx;
  const thrown = thrownOf(e);
  const root = thrown[thrown.length - 1];
  const ev = (...lines: (NumberedLine | undefined)[]) => [...new Set([e.head.no, ...lines.filter((l): l is NumberedLine => l !== undefined).map((l) => l.no)])].sort((a, b) => a - b);
  const desc = part(e, 'Description:');
  const rootLine = root && { no: root.no, text: '' };
  const firstLine = thrown[0] && { no: thrown[0].no, text: '' };

  let m = /Port (\d+) was already in use|PortInUseException: Port (\d+) is already in use/.exec(text);
  if (m || /BindException: Address already in use/.test(text)) {
    const port = m?.[1] ?? m?.[2] ?? /Connector\[HTTP\/1\.1-(\d+)\]/.exec(text)?.[1] ?? '';
    return { condition: 'server-port-in-use', evidence: ev(...desc, rootLine), key: port, facts: { port } };
  }
  if (/Failed to configure a DataSource: 'url' attribute is not specified/.test(text)) {
    // Spring Boot's Action says "(no profiles are currently active)" or "(the profiles dev are currently active)".
    const profiles = /\(the profiles? (.+?) (?:are|is) currently active\)/.exec(text)?.[1] ?? (/no profiles are currently active/.test(text) ? '' : '?');
    return { condition: 'datasource-url-missing', evidence: ev(...desc), key: '', facts: { profiles } };
  }
  // A `${sky.…}` that no file read defines stays as written: Druid then loads a class named
  // "${sky.datasource.driver-class-name}" (the course's application.yml without the dev profile).
  m = /Could not resolve placeholder '([\w.-]+)'|(?:ClassNotFoundException|SQLException): \$\{([\w.-]+)\}/.exec(text);
  if (m) {
    const setting = m[1] ?? m[2];
    return { condition: 'setting-unresolved', evidence: ev(lineOf(e, /Could not resolve placeholder|: \$\{/)), key: setting, facts: { setting, profiles: ctx.profiles ?? '?' } };
  }
  m = /Access denied for user '([^']*)'@'([^']*)'(?: \(using password: (YES|NO)\))?/.exec(text);
  if (m) return { condition: 'mysql-access-denied', evidence: ev(lineOf(e, /Access denied for user/)), key: `${m[1]}@${m[2]}`, facts: { user: m[1], from: m[2], password: m[3] ?? '', ...jdbcUrl(text) } };
  m = /Unknown database '([^']+)'/.exec(text);
  if (m) return { condition: 'mysql-unknown-database', evidence: ev(lineOf(e, /Unknown database/)), key: m[1], facts: { ...jdbcUrl(text), database: m[1] } };
  if (/Communications link failure|CommunicationsException/.test(text)) {
    const reason = /UnknownHostException/.test(text) ? 'unknown-host' : /ConnectException: Connection refused|Connection refused/.test(text) ? 'refused' : /SocketTimeoutException|connect timed out|Connection timed out/.test(text) ? 'timeout' : 'other';
    const url = jdbcUrl(text);
    const host = reason === 'unknown-host' ? (/UnknownHostException: ([^\s:]+)/.exec(text)?.[1] ?? url.host ?? '') : (url.host ?? '');
    // A statement's failure (Druid's `discard connection`) names no URL: its key is empty, and it joins the address's incident.
    return { condition: 'mysql-unreachable', evidence: ev(lineOf(e, /Communications link failure|CommunicationsException/), rootLine), key: url.host ? `${host}:${url.port}` : '', facts: { reason, ...url, host } };
  }
  if (/Unable to connect to Redis|RedisConnectionException|RedisConnectionFailureException/.test(text)) {
    const addr = /Connection refused(?:: no further information)?: (?:[\w.-]*\/)?([\w.:[\]-]+:\d+)/.exec(text)?.[1] ?? unableToConnect(text);
    const refused = /Connection refused/.test(text);
    return { condition: 'redis-refused', evidence: ev(lineOf(e, /Unable to connect to/), rootLine), key: addr, facts: { address: addr, refused: refused ? 'yes' : '' } };
  }
  const jwt = jwtKind(text);
  if (jwt) {
    const line = lineOf(e, /io\.jsonwebtoken\.|javax[./]xml[./]bind|JWT String argument/);
    const message = (line && /(?:Exception|Error): (.*)$/.exec(line.text)?.[1]) ?? '';
    return { condition: 'jwt-error', evidence: ev(line, rootLine, userFrame(e, ctx.appPackage)), key: jwt, facts: { kind: jwt, message } };
  }
  const failed = /APPLICATION FAILED TO START/.test(text);
  if (failed || /^Application run failed/.test(e.head.line.message)) {
    const said = desc.map((l) => l.text.trim()).join(' ');
    const action = part(e, 'Action:').map((l) => l.text.trim()).join(' ');
    return { condition: 'server-failed-to-start', evidence: ev(...desc.slice(0, 3), rootLine), key: said || root?.name || '', facts: { description: said, action, exception: root?.name ?? '', message: root?.message ?? '' } };
  }
  if (e.head.line.level !== 'ERROR' && e.head.line.level !== 'FATAL') return undefined;
  const frame = userFrame(e, ctx.appPackage);
  if (root && (/Servlet\.service\(\)|Request processing failed|Handler dispatch failed/.test(e.head.line.message) || /-exec-\d+$/.test(e.head.line.thread))) {
    return {
      condition: 'request-exception',
      evidence: ev(firstLine, rootLine, frame),
      key: `${root.name} ${frame?.frame ?? ''}`,
      facts: { exception: root.name, message: root.message, frame: frame?.frame ?? '' },
    };
  }
  return { condition: 'server-error', evidence: ev(rootLine, frame), key: e.head.line.logger + (root?.name ?? ''), facts: { logger: e.head.line.logger, message: e.head.line.message.trim(), exception: root?.name ?? '', frame: frame?.frame ?? '' } };
}

/** Lettuce's `Unable to connect to 127.0.0.1/<unresolved>:6379` (an address as Java 14 and later print it) → `127.0.0.1:6379`. */
function unableToConnect(text: string): string {
  const m = /Unable to connect to ([\w.-]+)(?:\/[^:\s\]]*)?:(\d+)/.exec(text);
  return m ? `${m[1]}:${m[2]}` : '';
}

/** jjwt's exceptions (0.9.1 as the course has it, and the newer ones), and jjwt 0.9.1 on Java 11+ without JAXB. */
function jwtKind(text: string): JwtKind | undefined {
  if (/javax[./]xml[./]bind[./]DatatypeConverter/.test(text)) return 'jaxb';
  if (/io\.jsonwebtoken\.ExpiredJwtException/.test(text)) return 'expired';
  if (/io\.jsonwebtoken\.(?:security\.)?SignatureException/.test(text)) return 'signature';
  if (/io\.jsonwebtoken\.security\.WeakKeyException/.test(text)) return 'weak-key';
  if (/io\.jsonwebtoken\.MalformedJwtException/.test(text)) return 'malformed';
  if (/JWT String argument cannot be null or empty|CharSequence cannot be null or empty/.test(text)) return 'missing';
  if (/io\.jsonwebtoken\.\w+Exception/.test(text)) return 'other';
  return undefined;
}

/** The more specific of two findings of one start-up has the lower number. */
export const priority = (c: ServerConditionId) => SERVER_CONDITION_IDS.indexOf(c);
