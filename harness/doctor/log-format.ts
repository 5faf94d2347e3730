// An access-log line, read by nginx's `combined` format or by a `log_format` of the user's conf
// (--conf): each variable of the format is a field, the text between them is matched as it is.
// What a format adds to combined ($request_time, $upstream_addr, $upstream_status) is evidence
// the doctor then states as read, not inferred.
import { parseAccessLine } from '../logs/access-log.js';
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
  re: RegExp;
  vars: string[];
}

/** A log_format's text as one pattern: `$var` and `${var}` are fields, the rest is literal. */
function compile(name: string, text: string): Format {
  const vars: string[] = [];
  let src = '';
  let last = 0;
  for (const m of text.matchAll(/\$(?:\{(\w+)\}|(\w+))/g)) {
    src += text.slice(last, m.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    vars.push(m[1] ?? m[2]);
    src += '(.*?)';
    last = m.index! + m[0].length;
  }
  src += text.slice(last).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { name, re: new RegExp(`^${src}\\r?$`), vars };
}

/** The user's log_formats (`log_format main escape=json '...' '...';`). */
function formatsOf(conf: ConfFacts | undefined): Format[] {
  return (conf?.directives('log_format') ?? []).flatMap((d) => {
    const [name, ...rest] = d.args;
    const parts = rest.filter((a) => !/^escape=/.test(a));
    return name && name !== 'combined' && parts.length ? [compile(name, parts.join(''))] : [];
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
      const m = f.re.exec(text);
      if (!m) continue;
      const v: Record<string, string> = {};
      f.vars.forEach((k, i) => (v[k] = m[i + 1]));
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
