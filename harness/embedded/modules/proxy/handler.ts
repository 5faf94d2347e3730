// `proxy_pass` (ngx_http_proxy_module.c): when the body is read (whole first, or passed on as it
// comes with proxy_request_buffering off), what is sent and how the answer's head is rewritten.
// The request sent is nginx's: HTTP/1.0 (or proxy_http_version), Host: $proxy_host, Connection:
// close, Content-Length (or Transfer-Encoding: chunked), then the client's headers in their order.
// The exchange itself (peers, connect, the answer, the next peer) is upstream/exchange.ts's.
import type { HttpRequest } from '../../request.js';
import type { LocationConf } from '../../../nginx-conf/model.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import type { ResponseFields } from '../../http/response.js';
import type { ResponseHead } from '../../http/response-head.js';
import type { PeerGroup } from '../../upstream/round-robin.js';
import { FRAMING_HEADERS, PROXY, type ProxyConf, type ProxyHeader } from './conf.js';
import { requestPass } from '../../upstream/request-pass.js';
import { evalProxyPass, findPeers } from './eval.js';
import { escapeUri } from '../../http/uri.js';
import { evaluate } from '../../variable-values.js';
import { UpstreamExchange, type ExchangeHandler, type StreamedBody } from '../../upstream/exchange.js';
import { regexRewrite, rewriteSetCookie } from './cookie.js';

/** Request headers nginx sets itself, and the client's headers of those names that it drops. */
const DEFAULT_HEADERS: ProxyHeader[] = [
  { name: 'Host', value: '$proxy_host' },
  { name: 'Connection', value: 'close' },
  { name: 'Content-Length', value: '$proxy_internal_body_length' },
  { name: 'Transfer-Encoding', value: '$proxy_internal_chunked' },
  { name: 'TE', value: '' },
  { name: 'Keep-Alive', value: '' },
  { name: 'Expect', value: '' },
  { name: 'Upgrade', value: '' },
];

/**
 * A location's request headers: its proxy_set_header ones, then nginx's defaults of other names,
 * merged once as nginx merges them at configuration time; `keys` are the names of all of them
 * (the client's headers of these names are not passed, even where the value is empty).
 */
interface HeaderTemplate {
  headers: { name: string; value: string; variables: boolean }[];
  keys: Set<string>;
}

const templates = new WeakMap<LocationConf, HeaderTemplate>();

function headerTemplate(loc: LocationConf): HeaderTemplate {
  let t = templates.get(loc);
  if (t) return t;
  t = { headers: [], keys: new Set() };
  for (const h of [...moduleConf(loc, PROXY).proxySetHeaders, ...DEFAULT_HEADERS]) {
    const key = h.name.toLowerCase();
    if (t.keys.has(key)) continue;
    t.keys.add(key);
    // nginx's own Host is the location's, not the request's: worked out once (a URL in variables: per request).
    const pp = loc.proxyPass;
    const value = h.value === '$proxy_host' && pp && 'proxyHost' in pp ? pp.proxyHost : h.value;
    t.headers.push({ name: h.name, value, variables: value.includes('$') });
  }
  templates.set(loc, t);
  return t;
}

/** ngx_http_proxy_hide_headers: what nginx does not pass on unless proxy_pass_header names it. */
const HIDDEN = ['date', 'server', 'x-pad', 'x-accel-expires', 'x-accel-redirect', 'x-accel-limit-rate', 'x-accel-buffering', 'x-accel-charset'];

const hiddenSets = new WeakMap<ProxyConf, Set<string>>();

/** ngx_http_upstream_hide_headers_hash(): nginx's hidden headers and proxy_hide_header's, less proxy_pass_header's. */
function hiddenHeaders(conf: ProxyConf): Set<string> {
  let hidden = hiddenSets.get(conf);
  if (!hidden) {
    hidden = new Set([...HIDDEN, ...conf.proxyHideHeaders].filter((h) => !conf.proxyPassHeaders.includes(h)));
    hiddenSets.set(conf, hidden);
  }
  return hidden;
}

/**
 * ngx_http_proxy_handler(): a URL in variables is evaluated first (a 500 when it is none). The
 * body is read whole first (proxy_request_buffering on, or a chunked body to an HTTP/1.0
 * upstream, which needs a length), so a retry on the next peer can send it again; then the
 * upstream's peers are found (a 502 when a name has no resolver, or no address). Off
 * (r->request_body_no_buffering), the peers are found and the upstream connected to once what has
 * come is read, and the rest is passed on as it comes, never to a temp file; a body that had all
 * come, within what came with the head and one client_body_buffer_size read, is sent as a
 * buffered one is (ngx_http_read_client_request_body() clears the flag), so it may go to the next
 * peer again.
 */
export function proxyHandler(req: HttpRequest): void {
  const pp = req.loc.proxyPass;
  if (!pp) {
    // The handler of an earlier `if`, run with the settings of a later one that has no proxy_pass:
    // ngx_http_upstream_init_request() finds no upstream once the body is read.
    req.readBody(() => {
      req.logError('alert', 'no upstream configuration');
      req.special(500);
    });
    return;
  }
  if ('variables' in pp && !evalProxyPass(req, pp)) {
    req.special(500);
    return;
  }
  const conf = moduleConf(req.loc, PROXY);
  // A body that is not passed on is still read whole first.
  if (conf.proxyRequestBuffering || !conf.proxyPassRequestBody || (req.head.chunked && conf.proxyHttpVersion !== '1.1')) {
    req.readBody(() => findPeers(req, (peers) => (peers ? exchange(req, peers) : req.special(502))));
    return;
  }
  findPeers(req, (peers) => (peers ? streamBody(req, peers) : req.special(502)));
}

/** The body passed on as it comes (proxy_request_buffering off), once the peers are known. */
function streamBody(req: HttpRequest, peers: PeerGroup): void {
  const loc = req.loc;
  const stream: StreamedBody = { pieces: [], done: false, chunked: req.head.chunked };
  let upstream: UpstreamExchange | undefined;
  const reading = req.readBody(
    () => {
      stream.done = true;
      upstream?.clientBodyDone();
    },
    (b) => (upstream ? upstream.clientBodyData(b) : stream.pieces.push(b)),
  );
  // Refused on the way (413, 400): answered already.
  if (!reading && !stream.done) return;
  if (stream.done && req.body.received <= req.body.preread + loc.clientBodyBufferSize) {
    const body = req.body;
    if (body.buffered) body.buffered = { length: body.buffered.length, chunks: stream.pieces };
    exchange(req, peers);
    return;
  }
  upstream = exchange(req, peers, stream);
}

/** ngx_http_upstream_init(): the exchange, its first peer tried. */
function exchange(req: HttpRequest, peers: PeerGroup, stream?: StreamedBody): UpstreamExchange {
  const x = new UpstreamExchange(req, peers, new ProxyRequest(req, stream), stream);
  x.connect();
  return x;
}

/**
 * The URI sent upstream: the location's prefix replaced by proxy_pass's URI, re-escaped when the
 * client's was; after a rewrite's `break`, the rewritten URI whole, proxy_pass's URI left out.
 */
export function upstreamUri(req: HttpRequest): string {
  const pp = requestPass(req)!;
  // ngx_http_proxy_create_request(): a URI part in variables is sent as it was evaluated.
  if (pp.evaluated && pp.uri !== undefined) return pp.uri;
  let uri: string;
  if (pp.uri === undefined) {
    uri = req.uri.unparsed.replace(/\?.*$/, '');
    if (!req.validUnparsedUri) uri = escapeUri(req.uri.uri);
  } else if (!req.validLocation) {
    uri = escapeUri(req.uri.uri);
  } else {
    const rest = req.uri.uri.slice(req.loc.modifier === '=' ? req.uri.uri.length : req.loc.path.length);
    uri = pp.uri + (req.uri.quoted ? escapeUri(rest) : rest);
  }
  return req.uri.args ? `${uri}?${req.uri.args}` : uri;
}

/**
 * The proxy module's part of one exchange (ngx_http_proxy_create_request(), ngx_http_proxy_process_header()):
 * the request sent to every peer tried, and the client's head made of the upstream's.
 */
class ProxyRequest implements ExchangeHandler {
  readonly uri: string;
  readonly requestHead: string;
  readonly sendsBody: boolean;
  /** The location's proxy settings: the exchange runs with their upstream part (u->conf). */
  readonly conf: ProxyConf;

  constructor(
    private readonly req: HttpRequest,
    /** The body, when it is passed on as it comes. */
    private readonly stream?: StreamedBody,
  ) {
    this.uri = upstreamUri(req);
    this.conf = moduleConf(req.loc, PROXY);
    this.sendsBody = this.conf.proxyPassRequestBody;
    this.requestHead = this.createRequest();
  }

  private createRequest(): string {
    const req = this.req;
    const loc = req.loc;
    let s = `${req.head.method} ${this.uri} HTTP/${this.conf.proxyHttpVersion}\r\n`;
    const t = headerTemplate(loc);
    const stream = this.stream;
    const buffered = req.body.buffered;
    const bodyLength = stream ? (stream.chunked ? '' : String(req.head.contentLength)) : buffered ? String(buffered.length) : req.head.contentLength !== undefined || req.head.chunked ? '0' : '';
    const chunked = stream?.chunked ? 'chunked' : '';
    for (const h of t.headers) {
      const v = h.value === '$proxy_internal_body_length' ? bodyLength : h.value === '$proxy_internal_chunked' ? chunked : h.variables ? evaluate(req, h.value) : h.value;
      if (v !== '') s += `${h.name}: ${v}\r\n`;
    }
    if (this.conf.proxyPassRequestHeaders) for (const h of req.head.headers) if (!t.keys.has(h.key)) s += `${h.name}: ${h.value}\r\n`;
    return s + '\r\n';
  }

  /**
   * The upstream's headers as the client gets them: framing and hidden headers left out, Location,
   * Refresh and Set-Cookie rewritten; nginx writes no empty Content-Type.
   */
  onHeaders(up: ResponseHead, upgrade: boolean): ResponseFields {
    const req = this.req;
    const hidden = hiddenHeaders(this.conf);
    let contentType: string | undefined;
    let location: string | undefined;
    const extra: [string, string][] = [];
    for (const [name, value] of up.headers) {
      const key = name.toLowerCase();
      if (FRAMING_HEADERS.has(key) || hidden.has(key)) continue;
      if (key === 'content-type') contentType = value || undefined; // nginx writes no empty Content-Type
      else if (key === 'location' && location === undefined) {
        // A rewritten Location that is a path is made absolute, in its own slot (ngx_http_header_filter()).
        const rewritten = this.rewriteLocation(value);
        // Left relative (absolute_redirect off), it keeps its place among the upstream's headers.
        if (rewritten?.startsWith('/') && req.loc.absoluteRedirect) location = req.absoluteUrl(rewritten);
        else extra.push([name, rewritten ?? value]);
      } else if (key === 'refresh') extra.push([name, this.rewriteRefresh(value)]);
      else if (key === 'set-cookie' && (this.conf.proxyCookiePaths.length || this.conf.proxyCookieDomains.length)) extra.push([name, rewriteSetCookie(req, value)]);
      else extra.push([name, value]);
    }
    // ngx_http_proxy_process_header(): an upstream without Server or Date still stands for one.
    const upstreamServer = !hidden.has('server');
    const upstreamDate = !hidden.has('date');
    return {
      status: up.status,
      statusLine: up.statusLine,
      contentType,
      contentLength: up.contentLength,
      location,
      upgrade,
      extra,
      upstreamServer,
      upstreamDate,
    };
  }

  /**
   * ngx_http_proxy_rewrite_redirect(): the first proxy_redirect whose text starts the Location
   * replaces that part (case-sensitively), its replacement's variables evaluated. `default` is
   * made of proxy_pass's URL as written (ngx_http_proxy_merge_loc_conf()): with a URI,
   * `http://localhost:8080/admin/x` → `/api/x`; without one, `http://127.0.0.1:8080/x` → `/x`.
   */
  private rewriteLocation(value: string): string | undefined {
    const req = this.req;
    const pp = requestPass(req)!;
    for (const r of this.conf.proxyRedirects) {
      // ngx_http_proxy_merge_loc_conf(): no default for a URL in variables.
      if (r === 'default' && pp.evaluated) continue;
      if (r !== 'default' && r.regex) {
        const replaced = regexRewrite(req, value, r);
        if (replaced !== undefined) return replaced;
        continue;
      }
      const [from, to] = r !== 'default' ? [evaluate(req, r.from), evaluate(req, r.to)] : pp.uri === undefined ? [pp.url + '/', '/'] : [pp.url, req.loc.path];
      if (value.startsWith(from)) return to + value.slice(from.length);
    }
    return undefined;
  }

  /** ngx_http_upstream_rewrite_refresh(): proxy_redirect on what follows `url=`, left as it comes out (no host added). */
  private rewriteRefresh(value: string): string {
    const at = value.toLowerCase().indexOf('url=');
    const rewritten = at < 0 ? undefined : this.rewriteLocation(value.slice(at + 4));
    return rewritten === undefined ? value : value.slice(0, at + 4) + rewritten;
  }
}
