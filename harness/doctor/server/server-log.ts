// The lines of a Spring Boot server's log (what `--admin-command` printed, logs/admin.log, or the
// console of an IDE saved to a file): a log line's head in the shapes Spring Boot and logback print,
// the banner, and the lines that continue an entry (a stack trace, a failure analysis). The course's
// server (Spring Boot 2.7) sets no pattern of its own, so Spring Boot's default is what students see.

export type ServerLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'FATAL';

/** The head of one log entry. */
export interface ServerLine {
  /** Seconds (of the day when the pattern prints no date), or undefined. */
  t?: number;
  level: ServerLevel;
  thread: string;
  logger: string;
  message: string;
}

const LEVEL = '(TRACE|DEBUG|INFO|WARN|ERROR|FATAL)';
const DATE = String.raw`(\d{4}-\d\d-\d\d)[ T](\d\d):(\d\d):(\d\d)(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?`;
/**
 * Spring Boot's default: `2024-01-01 12:00:00.000  INFO 1234 --- [           main] c.s.SkyApplication : …`
 * (2.x), with an ISO time (3.0, 3.1) and the application's name in brackets before the thread (3.2+).
 */
const SPRING = new RegExp(String.raw`^${DATE}\s+${LEVEL}\s+(?:\d+\s+)?---\s+(?:\[[^\]]*\]\s+)??\[\s*([^\]]*)\]\s+(\S+)\s*:\s?(.*)$`);
/** logback's own default (no Spring Boot config): `12:00:00.000 [main] INFO  com.sky.X - …`, also with a date before it. */
const LOGBACK = new RegExp(String.raw`^(?:\d{4}-\d\d-\d\d[ T])?(\d\d):(\d\d):(\d\d)[.,]\d{3}\s+\[([^\]]*)\]\s+${LEVEL}\s+(\S+)\s+-\s?(.*)$`);

/** ANSI colours: Spring Boot colours its console in an IDE, and a copy keeps them. */
const ANSI = /\x1b\[[0-9;]*m/g;

export function plain(text: string): string {
  return text.includes('\x1b') ? text.replace(ANSI, '') : text;
}

export function parseServerLine(text: string): ServerLine | undefined {
  const s = plain(text);
  let m = SPRING.exec(s);
  if (m) {
    const [, date, h, min, sec, level, thread, logger, message] = m;
    return { t: Date.parse(`${date}T00:00:00Z`) / 1000 + Number(h) * 3600 + Number(min) * 60 + Number(sec), level: level as ServerLevel, thread: thread.trim(), logger, message };
  }
  m = LOGBACK.exec(s);
  if (m) {
    const [, h, min, sec, thread, level, logger, message] = m;
    return { t: Number(h) * 3600 + Number(min) * 60 + Number(sec), level: level as ServerLevel, thread, logger, message };
  }
  return undefined;
}

/**
 * The prefix a stream puts before each line of a service (`harness up`'s `admin   | `, `docker
 * compose logs`' `web-1  | `): with it, the line is `prefix` then what the server printed.
 */
const STREAM_PREFIX = /^[\w.-]+ *\| ?/;

/** The prefix of a stream before a line of a server's log, or undefined when the line has none. */
export function streamPrefix(text: string): string | undefined {
  const m = STREAM_PREFIX.exec(text);
  if (!m) return undefined;
  const rest = text.slice(m[0].length);
  return parseServerLine(rest) || isBanner(rest) ? m[0] : undefined;
}

/** Spring Boot's banner: its art and ` :: Spring Boot ::        (v2.7.3)`. */
const BANNER = /^(?:\s*:: Spring Boot ::|\s+\.\s+____\s+_|\s*\/\\\\ \/ ___|\s*\( \( \)\\___|\s*\\\\\/\s+___\)|\s*'\s+\|____\||\s*=+\|_\|=+)/;

export function isBanner(text: string): boolean {
  return BANNER.test(plain(text));
}

/** The Spring Boot version the banner names. */
export function bannerVersion(text: string): string | undefined {
  return /:: Spring Boot ::\s+\(v([\w.-]+)\)/.exec(plain(text))?.[1];
}

/** A frame of a Java stack trace, after the module Java 9 and later print (`java.base/`, `app//`). */
export const FRAME = /^\s+at (?:[\w.$-]+(?:@[\w.-]+)?\/+)?([\w$.]+)\.([\w$<>]+)\(([^)]*)\)/;
/** A cause in a stack trace, or one suppressed by it. */
export const CAUSED_BY = /^\s*(?:Caused by|Suppressed): ([\w$.]+(?:Exception|Error|Throwable|Failure)[\w$]*)(?::\s?(.*))?$/;
/** The first line of a stack trace: the exception and its message. */
export const THROWN = /^([a-z][\w$]*(?:\.[\w$]+)+(?:Exception|Error|Throwable)[\w$]*)(?::\s?(.*))?$/;
