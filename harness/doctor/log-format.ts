// An access-log line, read by nginx's `combined` format or by a `log_format` of the user's conf
// (--conf): each variable of the format is a field, the text between them is matched as it is.
// What a format adds to combined ($request_time, $upstream_addr, $upstream_status) is evidence
// the doctor then states as read, not inferred.
import { parseAccessLine } from '../logs/access-log.js';
import { compileLogFormat, fieldsOf } from '../nginx-conf/log-format.js';
import type { ConfFacts } from './conf.js';

export interface AccessRecord {
  /** 1-based line number in the access log. */
  no: number;
  remoteAddr?: string;
  /** `$time_local` (`08/Jul/2023:11:08:01 +0800`), or `$time_iso8601`. */
  time?: string;
  request: string;
  status: number;
  bytes?: number;
  /** `$request_time`, in seconds. */
  requestTime?: number;
  /** `$upstream_addr`: the servers tried, `127.0.0.1:8088, 127.0.0.1:8080`. */
  upstreamAddr?: string;
  /** `$upstream_status`: `502, 200`. */
  upstreamStatus?: string;
  /** The log_format it was read by (absent: combined). */
  format?: string;
}

interface Format {
  name: string;
  fields: (line: string) => Record<string, string> | undefined;
}

/** The user's log_formats (`log_format main escape=json '...' '...';`), compiled as nginx compiles them; one nginx would refuse is left out. */
function formatsOf(conf: ConfFacts | undefined): Format[] {
  return (conf?.directives('log_format') ?? []).flatMap((d) => {
    const [name, ...args] = d.args;
    if (!name || name === 'combined' || !args.some((a) => !a.startsWith('escape='))) return [];
    try {
      return [{ name, fields: fieldsOf(compileLogFormat(name, args)) }];
    } catch {
      return [];
    }
  });
}

const num = (v: string | undefined) => (v === undefined || v === '-' || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v));
const val = (v: string | undefined) => (v === undefined || v === '-' ? undefined : v);

/** A reader of access-log lines: combined first, then the user's own formats. */
export function accessReader(conf?: ConfFacts): (text: string, no: number) => AccessRecord | undefined {
  const formats = formatsOf(conf);
  return (text, no) => {
    const a = parseAccessLine(text);
    if (a) return { no, remoteAddr: a.remoteAddr, time: a.time, request: a.request, status: a.status, bytes: a.bodyBytesSent };
    for (const f of formats) {
      const v = f.fields(text);
      if (!v) continue;
      const status = num(v.status);
      if (status === undefined || v.request === undefined) continue;
      return {
        no,
        remoteAddr: val(v.remote_addr),
        time: val(v.time_local ?? v.time_iso8601),
        request: v.request,
        status,
        bytes: num(v.body_bytes_sent),
        requestTime: num(v.request_time),
        upstreamAddr: val(v.upstream_addr),
        upstreamStatus: val(v.upstream_status),
        format: f.name,
      };
    }
    return undefined;
  };
}
