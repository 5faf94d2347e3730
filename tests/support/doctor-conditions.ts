// Lines for the condition families' tests, in nginx's own format (the harness's writer), with the
// Linux and the Windows profile's errno wording, and what the doctor makes of them.
import { formatErrorLine, formatStderrLine, type ErrorLogEntry } from '../../harness/logs/error-log.js';
import { osProfile, type OsName } from '../../harness/os-profile.js';
import { diagnose, type Diagnosis, type Incident } from '../../harness/doctor/index.js';
import type { ConfFacts } from '../../harness/doctor/conf.js';

export type Entry = Omit<ErrorLogEntry, 'time' | 'pid' | 'tid'> & { time?: string; pid?: number };

/** One line as nginx writes it on `os` (Linux: PID#PID; Windows: a thread id of its own). */
export function line(os: OsName, e: Entry): string {
  const pid = e.pid ?? (os === 'windows' ? 6120 : 2301);
  return formatErrorLine({ time: '2025/03/14 10:20:30', ...e, pid, tid: osProfile(os).tid(pid) } as ErrorLogEntry & { time: string; pid: number; tid: number });
}

export { formatStderrLine };

/** Lines → the diagnosis (a log with the profile's line ends). */
export function log(os: OsName, lines: string[], conf?: ConfFacts): Diagnosis {
  const end = osProfile(os).lineEnd;
  return diagnose(Buffer.from(lines.join(end) + end, 'utf8'), { conf });
}

/** The one incident of one line. */
export function one(os: OsName, l: string, conf?: ConfFacts): Incident {
  const d = log(os, [l], conf);
  if (d.incidents.length !== 1) throw new Error(`expected one incident of ${l}, got ${JSON.stringify(d)}`);
  return d.incidents[0];
}

/** What nginx prints for an errno on each profile (Windows: the Winsock code and its FormatMessage text). */
const ERRNOS = {
  refused: [{ code: 111, text: 'Connection refused' }, { code: 10061, text: 'No connection could be made because the target machine actively refused it' }],
  timedOut: [
    { code: 110, text: 'Connection timed out' },
    { code: 10060, text: 'A connection attempt failed because the connected party did not properly respond after a period of time, or established connection failed because connected host has failed to respond' },
  ],
  reset: [{ code: 104, text: 'Connection reset by peer' }, { code: 10054, text: 'An existing connection was forcibly closed by the remote host' }],
  hostUnreachable: [{ code: 113, text: 'No route to host' }, { code: 10065, text: 'A socket operation was attempted to an unreachable host' }],
  netUnreachable: [{ code: 101, text: 'Network is unreachable' }, { code: 10051, text: 'A socket operation was attempted to an unreachable network' }],
  tooManyFiles: [{ code: 24, text: 'Too many open files' }, { code: 10024, text: 'Too many open files' }],
} as const;

export function errno(os: OsName, name: keyof typeof ERRNOS): { code: number; text: string } {
  return { ...ERRNOS[name][os === 'linux' ? 0 : 1] };
}

export const OSES: OsName[] = ['linux', 'windows'];

/** A request's context as nginx appends it. */
export const ctx = (request: string, upstream?: string) => ({ client: '192.0.2.10', server: 'example.com', request, ...(upstream ? { upstream } : {}), host: 'example.com' });
