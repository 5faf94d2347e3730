// One attempt at an upstream peer as nginx keeps it for the log (ngx_http_upstream_state_t), and
// the $upstream_* variables made of a request's attempts (ngx_http_upstream_*_variable()).

export interface UpstreamState {
  /** The peer's name (`127.0.0.1:8080`), or the upstream's when no peer was live. */
  addr: string;
  /** When the attempt began (ms). */
  start: number;
  /** 0 until the peer answered or the attempt failed (502, 504). */
  status: number;
  /** Milliseconds from the start; -1: not (yet) reached. */
  connectTime: number;
  headerTime: number;
  responseTime: number;
  /** The body's bytes read from the peer. */
  responseLength: number;
  bytesReceived: number;
  bytesSent: number;
  /** The peer's response headers, once read: $upstream_http_*. */
  headers?: [name: string, value: string][];
}

export function newState(addr: string): UpstreamState {
  return { addr, start: Date.now(), status: 0, connectTime: -1, headerTime: -1, responseTime: -1, responseLength: 0, bytesReceived: 0, bytesSent: 0 };
}

/** `%T.%03M`: seconds with milliseconds, `-` for a time not reached. */
const msec = (ms: number) => (ms < 0 ? '-' : `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`);

/** `$upstream_addr` and the others: one value per attempt, `, ` between; undefined (not found) without one. */
export const UPSTREAM_FIELDS: Record<string, (s: UpstreamState) => string> = {
  upstream_addr: (s) => s.addr,
  upstream_status: (s) => (s.status ? String(s.status) : '-'),
  upstream_response_time: (s) => msec(s.responseTime),
  upstream_connect_time: (s) => msec(s.connectTime),
  upstream_header_time: (s) => msec(s.headerTime),
  upstream_response_length: (s) => String(s.responseLength),
  upstream_bytes_received: (s) => String(s.bytesReceived),
  upstream_bytes_sent: (s) => String(s.bytesSent),
};

/** `$upstream_http_name`: that header of the last attempt's response, given the rest of the name. */
export function upstreamHeader(states: readonly UpstreamState[], name: string): string | undefined {
  const key = name.replace(/_/g, '-');
  return states[states.length - 1]?.headers?.find(([n]) => n.toLowerCase() === key)?.[1];
}

/** `$upstream_cookie_name`: the cookie a Set-Cookie of the last attempt's response starts with (ngx_http_parse_set_cookie_lines()). */
export function upstreamCookie(states: readonly UpstreamState[], want: string): string | undefined {
  for (const [n, v] of states[states.length - 1]?.headers ?? []) {
    if (n.toLowerCase() !== 'set-cookie' || v.length <= want.length || v.slice(0, want.length).toLowerCase() !== want || v[want.length] !== '=') continue;
    return v.slice(want.length + 1).split(';')[0];
  }
  return undefined;
}
