// Conditions of an upstream that answered, but not in a way nginx can pass on: a response header
// bigger than nginx's buffer, a chunked body that is not valid, an answer that is not HTTP or has a
// header line nginx refuses, and a TLS handshake to an https:// upstream that failed.
import { EPISODE_S, type Condition, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { attemptKey, cap, listPeers, passPointer, peersOf, serverOf } from './upstream.js';
import { idempotent, linePeer, looksWindows, plural, requestOf, shortRequest } from '../facts.js';
import type { ErrorLogEntry } from '../../logs/error-log.js';

/** The module that passed the request (its directives' prefix), from the upstream's scheme. */
function moduleOf(e: ErrorLogEntry): 'proxy' | 'fastcgi' | 'uwsgi' | 'scgi' | 'grpc' {
  const scheme = /^([a-z]+):\/\//.exec(e.upstream ?? '')?.[1];
  return scheme === 'fastcgi' || scheme === 'uwsgi' || scheme === 'scgi' || scheme === 'grpc' ? scheme : 'proxy';
}

const upstreamText = (e: ErrorLogEntry) => linePeer(e)?.text ?? e.upstream ?? 'the upstream';
const requests = (g: Group) => (g.lines.length > 1 ? `${plural(g.lines.length, 'request')}, the first ${shortRequest(first(entries(g)).request)}` : shortRequest(first(entries(g)).request));

// ---- upstream-header-too-big ------------------------------------------------------------------

export const upstreamHeaderTooBig: Condition = {
  id: 'upstream-header-too-big',
  match(e) {
    return e.message === 'upstream sent too big header' ? { by: 'key', key: `bighdr|${e.pid}|${upstreamText(e)}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const e = first(entries(g));
    const m = moduleOf(e);
    const c = log.conf?.inForce(`${m}_buffer_size`, e);
    const pointer = c?.set
      ? ` In your conf: raise ${at(c.set)}.`
      : c?.block
        ? ` In your conf: no ${m}_buffer_size is set for this request (4k or 8k); add "${m}_buffer_size 16k;" to ${at(c.block)}.`
        : '';
    return {
      cause: `${upstreamText(e)} answered ${requests(g)} with response headers larger than ${m}_buffer_size (4k or 8k by default, one memory page), so nginx refused the response with 502: big Set-Cookie headers (a session or an OAuth/OIDC token), or many or long custom headers.`,
      fix: `Raise the buffer for that location: "${m}_buffer_size 16k;"${m === 'proxy' || m === 'fastcgi' || m === 'uwsgi' ? ` and "${m}_buffers 8 16k;"${m === 'proxy' ? ' (and "proxy_busy_buffers_size 32k;")' : ` (and "${m}_busy_buffers_size 32k;")`}` : ''}, then reload nginx; or make the upstream send smaller headers (an ingress-nginx user sets the proxy-buffer-size annotation).${pointer}`,
      detail: { module: m, requests: g.lines.length },
    };
  },
};

// ---- upstream-bad-chunked ---------------------------------------------------------------------

export const upstreamBadChunked: Condition = {
  id: 'upstream-bad-chunked',
  match(e) {
    return e.message === 'upstream sent invalid chunked response' ? { by: 'key', key: `chunked|${e.pid}|${upstreamText(e)}`, windowS: EPISODE_S } : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    return {
      cause: `${upstreamText(e)} sent a response body in chunked encoding that is not valid chunked encoding (${requests(g)}), so nginx cut the response off: the upstream says "Transfer-Encoding: chunked" but writes the body unchunked, or another proxy in between rewrote it.`,
      fix: 'Fix the upstream so that it chunks what it declares chunked (or sends Content-Length); with HTTP/1.0 to the upstream (nginx\'s default) it should not chunk at all, so check for a proxy_http_version 1.1 it mishandles.',
      detail: { requests: g.lines.length },
    };
  },
};

// ---- upstream-invalid-header -----------------------------------------------------------------

/** No status line: nginx passes the bytes on as an HTTP/0.9 answer (009 in the access log). */
const NO_STATUS_LINE = 'upstream sent no valid HTTP/1.0 header';
/** A header line nginx refuses, quoted up to its bad byte. */
const INVALID_HEADER = /^upstream sent invalid header: "(.*)\\x([0-9a-f]{2})\.\.\."$/;

/** The byte nginx stopped at, in words. */
function byteName(hex: string): string {
  const b = parseInt(hex, 16);
  if (b === 0x20) return 'a space';
  if (b === 0x00) return 'a NUL byte';
  if (b === 0x0d) return 'a carriage return (CR) with no line feed after it';
  if (b === 0x09) return 'a tab';
  if (b === 0x3a) return 'a colon with no header name before it';
  if (b === 0x7f) return 'a DEL byte';
  return `the control byte 0x${hex}`;
}

export const upstreamInvalidHeader: Condition = {
  id: 'upstream-invalid-header',
  match(e) {
    if (e.message !== NO_STATUS_LINE && !INVALID_HEADER.test(e.message)) return undefined;
    // Only an invalid header is retried, and only with proxy_next_upstream invalid_header: one incident per request.
    return { by: 'attempt', key: attemptKey(e), peer: linePeer(e)?.text ?? '', windowS: 5, retries: e.message !== NO_STATUS_LINE };
  },
  explain(g, log) {
    const e = first(entries(g));
    const peers = peersOf(g);
    const port = first(peers)?.port ?? 8080;
    const req = shortRequest(e.request);
    const who = serverOf(g);
    const saw = log.access?.statuses(e, first(g.lines).t, g.lines[g.lines.length - 1].t) ?? [];
    const detail: Record<string, unknown> = { peers: peers.map((p) => p.text), request: req, ...(saw.length ? { browserSaw: saw } : {}) };
    if (e.message === NO_STATUS_LINE) {
      const holder = looksWindows(e) ? `"netstat -ano | findstr :${port}", then "tasklist /FI \\"PID eq <pid>\\""` : `"ss -ltnp 'sport = :${port}'"`;
      return {
        cause:
          `What answered ${requests(g)} on ${listPeers(peers)} does not speak HTTP: its first bytes are not an HTTP status line, so nginx passed them on to the browser as they came, with no status line of its own (an HTTP/0.9 answer, 009 in the access log), which a browser refuses on any port but 80 (ERR_INVALID_HTTP_RESPONSE): ` +
          `port ${port} is held by a program that does not speak HTTP (a database, a message broker), or by one that speaks HTTPS there while proxy_pass says http://.`,
        fix: `Find out which program listens on port ${port} (${holder}): if it is not ${who.it}, stop it, or move ${who.it} and proxy_pass to a port of its own; if it serves HTTPS there, write proxy_pass https://... or turn its TLS off.${passPointer(g, log)}`,
        detail: { ...detail, http09: true },
      };
    }
    const [, before, hex] = INVALID_HEADER.exec(e.message)!;
    const colon = before.indexOf(':');
    const where = colon >= 0 ? `in the value of its header "${before.slice(0, colon)}"` : before ? `in the name of the header that starts "${before}"` : 'at the start of a header line';
    const retriedNot = peers.length < 2 && idempotent(requestOf(e.request)?.method) ? ' without trying the other address (invalid_header is not in proxy_next_upstream\'s default), and counts the address as failed for fail_timeout (10 s)' : '';
    return {
      cause: `${cap(who.it)} (${listPeers(peers)}) answered ${requests(g)} with a header line nginx refuses: ${byteName(hex)} ${where} (nginx quotes the line up to that byte: "${before}\\x${hex}..."), so nginx answered 502 Bad Gateway${retriedNot}.`,
      fix: `Find what sets that header in ${who.it} (a filter, an interceptor, a response.setHeader()/addHeader() call) and correct it: header names have no spaces or control characters, values no NUL or bare CR. "curl -v http://127.0.0.1:${port}${linePeer(e)?.uri ?? '/'}" shows what it sends.`,
      detail: { ...detail, refused: `${before}\\x${hex}`, byte: `0x${hex}` },
    };
  },
};

// ---- upstream-ssl -----------------------------------------------------------------------------

const SSL_TO_UPSTREAM = 'SSL handshaking to upstream';

/** What the OpenSSL reason in a failed handshake says, in words. */
const SSL_REASONS: [RegExp, string, string][] = [
  [/wrong version number|unknown protocol|packet length too long|record layer failure/, 'the upstream does not speak TLS on that port (proxy_pass https:// to a plain-HTTP port)', 'Use http:// in proxy_pass for a plain-HTTP upstream, or the port where it serves TLS.'],
  [/sslv3 alert handshake failure|no protocols available|unsupported protocol|no shared cipher|tlsv1 alert protocol version/, 'nginx and the upstream share no TLS version or cipher, or the upstream wanted SNI nginx did not send', 'Add "proxy_ssl_server_name on;" (SNI, which most HTTPS servers behind a CDN need) and check proxy_ssl_protocols against what the upstream accepts.'],
  [/certificate verify failed|verify error|certificate has expired|self.signed|unable to get local issuer/, 'the upstream\'s certificate failed verification (proxy_ssl_verify on): expired, self-signed, or from a CA nginx does not trust', 'Renew or fix the upstream\'s certificate, or give nginx its CA with proxy_ssl_trusted_certificate.'],
  [/does not match/, 'the upstream\'s certificate is for another name than the one nginx verifies (proxy_ssl_name)', 'Set proxy_ssl_name to the name on the certificate (and proxy_ssl_server_name on), or use a certificate for that name.'],
];

export const upstreamSsl: Condition = {
  id: 'upstream-ssl',
  match(e) {
    return e.action === SSL_TO_UPSTREAM && e.message !== 'upstream timed out' ? { by: 'key', key: `ssl|${e.pid}|${upstreamText(e)}`, windowS: EPISODE_S } : undefined;
  },
  explain(g: Group, log: LogView) {
    const e = first(entries(g));
    const text = `${e.message} ${e.errno?.text ?? ''}`;
    const reason = SSL_REASONS.find(([re]) => re.test(text));
    const closed = /^peer closed connection in SSL handshake/.test(e.message);
    const pass = log.conf?.passFor(e) ?? [];
    return {
      cause: `The TLS handshake from nginx to ${upstreamText(e)} failed (${requests(g)}), so nginx answered 502: ${
        reason ? reason[1] : closed ? 'the upstream closed the connection in the middle of it, which most often means it wanted SNI (a server name) nginx did not send, or speaks no TLS there' : 'see the OpenSSL reason in the line'
      }.`,
      fix: `${reason ? reason[2] : 'Add "proxy_ssl_server_name on;" to the location (SNI), and check with "openssl s_client -connect host:port -servername host" what the upstream offers.'}${pass.length ? ` In your conf: ${pass.map(at).join(', ')}.` : ''}`,
      detail: { requests: g.lines.length },
    };
  },
};
