// Conditions of the client's side of a request: the browser going away (a reset, or a close
// before the answer), requests nginx refuses as malformed, bodies and responses too big for memory
// (buffered to a temporary file), and requests limited by limit_req / limit_conn.
import { EPISODE_S, type Condition, type Group } from '../types.js';
import { at, entries, first, when } from './group.js';
import { errnoIs, plural, requestOf, shortRequest } from '../facts.js';
import { IO_FAILED } from './upstream.js';

const distinct = <T>(a: T[]) => [...new Set(a)];

// ---- client-reset -----------------------------------------------------------------------------

export const clientReset: Condition = {
  id: 'client-reset',
  match(e) {
    if (!IO_FAILED.test(e.message) || !errnoIs.reset(e)) return undefined;
    const action = e.action ?? '';
    const client = /client|waiting for request/.test(action) || (!action && e.client !== undefined && e.upstream === undefined);
    return client ? { by: 'key', key: `client|${e.pid}`, windowS: 60 } : undefined;
  },
  explain(g) {
    const es = entries(g);
    const e = first(es);
    return {
      cause: `The browser${e.client ? ` (${e.client})` : ''} reset the connection (${e.errno?.code}: ${e.errno?.text})${e.action ? ` while nginx was ${e.action}` : ''}${es.length > 1 ? ` (${es.length} times)` : ''}: a reload, a closed tab or a cancelled request, not a server fault.`,
      fix: 'Nothing to do unless every request ends this way; then look at what stops the page (an extension, a proxy or antivirus between browser and nginx).',
      detail: { harmless: true, requests: distinct(es.map((x) => shortRequest(x.request))) },
    };
  },
};

// ---- client-closed ----------------------------------------------------------------------------

const CLOSED = /^(?:client (?:prematurely )?closed (?:the )?connection|(?:epoll_wait|kevent|poll|select)\(\) reported that client prematurely closed connection)/;

export const clientClosed: Condition = {
  id: 'client-closed',
  match(e) {
    return CLOSED.test(e.message) ? { by: 'key', key: `closed|${e.pid}`, windowS: 60 } : undefined;
  },
  explain(g) {
    const es = entries(g);
    const e = first(es);
    const who = `The ${es.some((x) => x.action === 'SSL handshaking') ? 'client' : 'browser'}${e.client ? ` (${e.client})` : ''}`;
    const times = es.length > 1 ? ` (${es.length} times)` : '';
    const detail = { harmless: true, requests: distinct(es.map((x) => shortRequest(x.request))) };
    // Before any request: an idle keep-alive connection, or a TLS handshake the client gave up.
    const before = es.every((x) => x.request === undefined && /^(?:waiting for request|SSL handshaking|reading client request line)$/.test(x.action ?? ''));
    if (before) {
      const tls = es.some((x) => x.action === 'SSL handshaking');
      return {
        cause: tls
          ? `${who} closed the connection during the TLS handshake, before sending a request${times}: a browser that does not trust the certificate (self-signed, or for another name) and stopped, a connection a browser opened ahead and did not need, or a scanner.`
          : `${who} closed a connection before sending a request on it${times}: what browsers do with connections they opened ahead or no longer need.`,
        fix: tls
          ? 'Nothing to do, unless browsers show a certificate warning for this site: then install a certificate they trust for its name (ssl_certificate).'
          : 'Nothing to do: a client closing its connection is not a server fault.',
        detail,
      };
    }
    const upstream = es.some((x) => x.upstream !== undefined || /upstream/.test(x.message + (x.action ?? '')));
    return {
      cause: `${who} closed the connection before nginx had answered ${shortRequest(e.request)}${e.action ? ` (nginx was ${e.action})` : ''}${es.length > 1 ? `, ${es.length} times` : ''}: a reload, a closed tab, a cancelled request, or a client's own timeout${upstream ? '; nginx then closed its connection to the upstream too (a slow upstream makes clients give up: see the upstream timeouts, if any)' : ''}.`,
      fix: upstream
        ? `Nothing to do if it is rare; if a client gives up on every slow request (a load balancer's or an app's timeout shorter than the upstream's answer), make the upstream answer faster or raise that client's timeout. Logged at ${e.level}: harmless.`
        : 'Nothing to do: a client closing its connection is not a server fault.',
      detail,
    };
  },
};

// ---- client-bad-request -----------------------------------------------------------------------

/** What each `client sent ...` means: nginx answers 400 (or 494, 414) and logs why. */
const BAD: [RegExp, string, string][] = [
  [/^client sent plain HTTP request to HTTPS port/, 'a client spoke plain HTTP to a port that listens with "ssl" (http:// to an https:// port)', 'Use https:// for that port, or redirect plain HTTP with a separate "listen 80" server that returns 301 to https://.'],
  [/^client sent invalid method/, 'a client sent bytes that are no HTTP method: a TLS handshake to a plain-HTTP port (https:// to an http:// port), or a scanner', 'If you meant HTTPS, that port needs "listen ... ssl" and a certificate; otherwise nothing to do (scanners probe every port).'],
  [/^client sent (?:invalid host header|duplicate host header|no "Host" header|HTTP\/1\.1 request without "Host" header)/, 'a client sent no usable Host header (a malformed or duplicate one)', 'Nothing to do for scanners; for your own client, send one valid Host header.'],
  [/^client sent invalid chunked body/, 'a client sent a request body in chunked encoding that is not valid chunked encoding (a broken client or proxy)', 'Fix the client that sends it (or the proxy in front of nginx); nginx answered 400.'],
  [/^client sent too long (?:header line|URI)|^client sent too large request/, 'a client sent a header or URI longer than nginx reads (large_client_header_buffers: 4 8k by default), usually a huge cookie or query string', 'Shorten the cookie or URL; only if they are legitimate, raise large_client_header_buffers (e.g. 4 16k) in the server block.'],
  [
    /^(?:SSL_do_handshake\(\) failed|peer closed connection in SSL handshake)/,
    'a client\'s TLS handshake failed (an old TLS version or no cipher in common, plain HTTP or a scanner on the HTTPS port, or a client that distrusts the certificate)',
    'Nothing to do for scanners and old clients; if your own clients fail, compare their TLS versions with ssl_protocols and ssl_ciphers (the reason is in the line).',
  ],
  [/^client sent /, 'a client sent a request nginx cannot read as HTTP', 'Nothing to do for scanners and broken clients; for your own client, fix what it sends.'],
];

export const clientBadRequest: Condition = {
  id: 'client-bad-request',
  match(e) {
    // A TLS handshake of the client's side (the upstream's is upstream-ssl).
    if (/^SSL|^peer closed/.test(e.message) && e.action !== 'SSL handshaking') return undefined;
    const i = BAD.findIndex(([re]) => re.test(e.message));
    return i >= 0 ? { by: 'key', key: `bad|${i}|${e.pid}`, windowS: EPISODE_S } : undefined;
  },
  explain(g) {
    const es = entries(g);
    const e = first(es);
    const [, what, fix] = BAD.find(([re]) => re.test(e.message))!;
    const clients = distinct(es.map((x) => x.client).filter((c) => c !== undefined));
    return {
      cause: `nginx refused a malformed request ("${e.message}"${es.length > 1 ? `, ${plural(es.length, 'time')}` : ''}${clients.length ? `, from ${clients.slice(0, 3).join(', ')}${clients.length > 3 ? ', ...' : ''}` : ''}): ${what}.`,
      fix,
      detail: { harmless: true, message: e.message, requests: es.length },
    };
  },
};

// ---- body-buffered / response-buffered --------------------------------------------------------

const BUFFERED = /^(a client request body|an upstream response) is buffered to a temporary file (\S*)/;

function bufferedExplain(kind: 'body' | 'response') {
  return (g: Group) => {
    const es = entries(g);
    const e = first(es);
    const paths = distinct(es.map((x) => requestOf(x.request)?.path ?? '?'));
    const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? ', ...' : '');
    const many = es.length > 1 ? `${plural(es.length, 'request')} (${shown})` : shortRequest(e.request);
    return kind === 'body'
      ? {
          cause: `The request body of ${many} was larger than client_body_buffer_size (8k or 16k by default), so nginx wrote it to a temporary file before passing it on: normal for uploads, logged at [warn].`,
          fix: 'Nothing to do. It matters only if the temp folder is slow or small (then raise client_body_buffer_size for that location), or if "client_body_temp" cannot be written (a [crit] line says so).',
          detail: { harmless: true, requests: es.length, paths },
        }
      : {
          cause: `The upstream's response to ${many} was larger than nginx's proxy buffers (proxy_buffers 8 4k|8k plus proxy_buffer_size), so nginx wrote part of it to a temporary file while the client read it: normal for large downloads, logged at [warn].`,
          fix: 'Nothing to do. It matters only for many large responses on a slow disk: then raise proxy_buffers / proxy_max_temp_file_size for that location, or turn proxy_buffering off for streaming.',
          detail: { harmless: true, requests: es.length, paths },
        };
  };
}

export const bodyBuffered: Condition = {
  id: 'body-buffered',
  match(e) {
    const m = BUFFERED.exec(e.message);
    return m && m[1].startsWith('a client') ? { by: 'key', key: `bodybuf|${e.pid}`, windowS: EPISODE_S } : undefined;
  },
  explain: bufferedExplain('body'),
};

export const responseBuffered: Condition = {
  id: 'response-buffered',
  match(e) {
    const m = BUFFERED.exec(e.message);
    return m && m[1].startsWith('an upstream') ? { by: 'key', key: `respbuf|${e.pid}`, windowS: EPISODE_S } : undefined;
  },
  explain: bufferedExplain('response'),
};

// ---- rate-limited -----------------------------------------------------------------------------

const LIMIT = /^(?:limiting (requests|connections)(, dry run)?|delaying (request))\b.*?by zone "([^"]*)"/;

export const rateLimited: Condition = {
  id: 'rate-limited',
  match(e) {
    const m = LIMIT.exec(e.message);
    return m ? { by: 'key', key: `limit|${m[4]}|${e.pid}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const m = LIMIT.exec(e.message)!;
    const zone = m[4];
    const conns = m[1] === 'connections';
    const delayed = es.every((x) => /^delaying/.test(x.message));
    const dry = m[2] !== undefined;
    const clients = distinct(es.map((x) => x.client).filter((c) => c !== undefined));
    const directive = conns ? 'limit_conn' : 'limit_req';
    const where = log.conf?.all(directive).filter((p) => p.text.includes(`zone=${zone}`) || p.text.startsWith(`${directive} ${zone}`)) ?? [];
    const zoneAt = log.conf?.all(`${directive}_zone`).filter((p) => p.text.includes(`zone=${zone}:`) || p.text.includes(` ${zone} `)) ?? [];
    const pointer = where.length || zoneAt.length ? ` In your conf: ${[...zoneAt, ...where].map(at).join(', ')}.` : '';
    return {
      cause: `${plural(es.length, 'request')} ${dry ? 'would have been' : delayed ? 'were delayed' : 'were refused (503 by default)'} by ${directive} zone "${zone}"${conns ? ' (too many connections at once from one key)' : ' (more requests per second than its rate and burst allow)'}${clients.length ? `, from ${clients.slice(0, 3).join(', ')}${clients.length > 3 ? ` and ${clients.length - 3} more` : ''}` : ''}, first at ${when(g)}.`,
      fix: `If these are real users (a page that fires many requests at once, clients behind one NAT or proxy), raise the zone's rate or the burst (e.g. "${directive} zone=${zone}${conns ? ' 20' : ' burst=20 nodelay'};"); if they are abuse, the limit works as meant.${pointer}`,
      detail: { zone, requests: es.length, ...(delayed || dry ? { harmless: true } : {}) },
    };
  },
};
