// The response head as nginx's header filter writes it (ngx_http_header_filter_module.c): always
// `HTTP/1.1`, then Server, Date, Content-Type, Content-Length, Last-Modified, Location,
// Transfer-Encoding, Connection, and after those every other header in the order it was set.
import { REASONS, serverHeader, statusOnWire } from './pages.js';

export interface ResponseFields {
  status: number;
  /** The status line after `HTTP/1.1 ` when it is not nginx's own (a proxied `200 OK`, `200`). */
  statusLine?: string;
  contentType?: string;
  contentLength?: number;
  lastModified?: string;
  location?: string;
  chunked?: boolean;
  /** A 101 that turns the connection into a tunnel: `Connection: upgrade`. */
  upgrade?: boolean;
  /** Headers after Connection, in order. */
  extra?: [string, string][];
  /**
   * ngx_http_range_header_filter()'s Accept-Ranges or Content-Range: it comes after the headers,
   * charset and gzip filters, so its headers follow theirs.
   */
  rangeHeaders?: [string, string][];
  /** The upstream's Server or Date, passed by proxy_pass_header, stands in `extra` instead of nginx's own (an absent one: neither). */
  upstreamServer?: boolean;
  upstreamDate?: boolean;
}

export interface ServerIdentity {
  version: string;
  tokens: boolean;
  date: string;
  /** keepalive_timeout's second value: `Keep-Alive: timeout=N` after `Connection: keep-alive`. */
  keepaliveHeader?: number;
}

/** `keepalive`: `Connection: keep-alive`, else `close` (a 101's is `upgrade`). */
export function formatResponseHead(f: ResponseFields, keepalive: boolean, id: ServerIdentity): string {
  const code = statusOnWire(f.status);
  let s = `HTTP/1.1 ${f.statusLine ?? `${code} ${REASONS[code] ?? ''}`}\r\n`;
  if (!f.upstreamServer) s += `Server: ${serverHeader(id.version, id.tokens)}\r\n`;
  if (!f.upstreamDate) s += `Date: ${id.date}\r\n`;
  if (f.contentType !== undefined) s += `Content-Type: ${f.contentType}\r\n`;
  if (f.contentLength !== undefined) s += `Content-Length: ${f.contentLength}\r\n`;
  if (f.lastModified !== undefined) s += `Last-Modified: ${f.lastModified}\r\n`;
  // A Location left relative (absolute_redirect off) is written among the other headers.
  const relative = f.location?.startsWith('/');
  if (f.location !== undefined && !relative) s += `Location: ${f.location}\r\n`;
  if (f.chunked) s += 'Transfer-Encoding: chunked\r\n';
  s += f.upgrade ? 'Connection: upgrade\r\n' : keepalive ? 'Connection: keep-alive\r\n' : 'Connection: close\r\n';
  if (keepalive && !f.upgrade && id.keepaliveHeader) s += `Keep-Alive: timeout=${id.keepaliveHeader}\r\n`;
  if (relative) s += `Location: ${f.location}\r\n`;
  if (f.extra) for (const [n, v] of f.extra) s += `${n}: ${v}\r\n`;
  if (f.rangeHeaders) for (const [n, v] of f.rangeHeaders) s += `${n}: ${v}\r\n`;
  return s + '\r\n';
}

/** ngx_http_weak_etag(): a strong ETag made weak, an unquoted one dropped. */
export function weakEtag(extra: [string, string][]): [string, string][] {
  return extra.flatMap(([n, v]): [string, string][] => {
    if (n.toLowerCase() !== 'etag' || v.startsWith('W/')) return [[n, v]];
    return v.startsWith('"') ? [[n, 'W/' + v]] : [];
  });
}
