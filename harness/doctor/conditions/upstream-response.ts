// Conditions of an upstream that answered, but not in a way nginx can pass on: a response header
// bigger than nginx's buffer, a chunked body that is not valid, and a TLS handshake to an https://
// upstream that failed.
import { EPISODE_S, type Condition, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { linePeer, plural, shortRequest } from '../facts.js';
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
