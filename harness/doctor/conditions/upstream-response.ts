// Conditions of an upstream that answered, but not in a way nginx can pass on: a response header
// bigger than nginx's buffer, a chunked body that is not valid, an answer that is not HTTP or has a
// header line nginx refuses, and a TLS handshake to an https:// upstream that failed.
import { EPISODE_S, type Condition, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { attemptKey, cap, listPeers, passPointer, peersOf, serverOf } from './upstream.js';
import { idempotent, linePeer, looksWindows, requestOf, shortRequest } from '../facts.js';
import { count, inYourConf } from '../say.js';
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { t } from './upstream-response.texts.js';
import type { TextKey } from '../../i18n/index.js';
import { doctorText } from '../texts.js';

/** The module that passed the request (its directives' prefix), from the upstream's scheme. */
function moduleOf(e: ErrorLogEntry): 'proxy' | 'fastcgi' | 'uwsgi' | 'scgi' | 'grpc' {
  const scheme = /^([a-z]+):\/\//.exec(e.upstream ?? '')?.[1];
  return scheme === 'fastcgi' || scheme === 'uwsgi' || scheme === 'scgi' || scheme === 'grpc' ? scheme : 'proxy';
}

const upstreamText = (e: ErrorLogEntry) => linePeer(e)?.text ?? e.upstream ?? doctorText('doctor.upstream.theUpstream');
/** `3 requests, the first GET /x`, or the one request. */
function requests(g: Group): string {
  const request = shortRequest(first(entries(g)).request);
  return g.lines.length > 1 ? doctorText('doctor.answer.requests', { requests: count(g.lines.length, 'request'), request }) : request;
}

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
    const pointer = c?.set ? doctorText('doctor.conf.raise', { at: at(c.set) }) : c?.block ? t('doctor.bigHeader.notSet', { m, at: at(c.block) }) : '';
    return {
      cause: t('doctor.bigHeader.cause', { upstream: upstreamText(e), requests: requests(g), m }),
      fix: t('doctor.bigHeader.fix', { m, more: m === 'proxy' || m === 'fastcgi' || m === 'uwsgi' ? t('doctor.bigHeader.buffers', { m }) : '', pointer }),
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
      cause: t('doctor.chunked.cause', { upstream: upstreamText(e), requests: requests(g) }),
      fix: t('doctor.chunked.fix'),
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
const BYTES: Record<number, TextKey<typeof t>> = {
  0x20: 'doctor.invalidHeader.space',
  0x00: 'doctor.invalidHeader.nul',
  0x0d: 'doctor.invalidHeader.cr',
  0x09: 'doctor.invalidHeader.tab',
  0x3a: 'doctor.invalidHeader.colon',
  0x7f: 'doctor.invalidHeader.del',
};
function byteName(hex: string): string {
  return t(BYTES[parseInt(hex, 16)] ?? 'doctor.invalidHeader.control', { hex });
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
      const holder = looksWindows(e) ? t('doctor.invalidHeader.holderWindows', { port }) : `"ss -ltnp 'sport = :${port}'"`;
      return {
        cause: t('doctor.invalidHeader.http09', { requests: requests(g), peers: listPeers(peers), port }),
        fix: t('doctor.invalidHeader.http09Fix', { port, holder, it: who.it, pointer: passPointer(g, log) }),
        detail: { ...detail, http09: true },
      };
    }
    const [, before, hex] = INVALID_HEADER.exec(e.message)!;
    const colon = before.indexOf(':');
    const where =
      colon >= 0 ? t('doctor.invalidHeader.inValue', { name: before.slice(0, colon) }) : before ? t('doctor.invalidHeader.inName', { before }) : t('doctor.invalidHeader.atStart');
    const notRetried = peers.length < 2 && idempotent(requestOf(e.request)?.method) ? t('doctor.invalidHeader.notRetried') : '';
    return {
      cause: t('doctor.invalidHeader.cause', {
        server: cap(who.it),
        peers: listPeers(peers),
        requests: requests(g),
        byte: byteName(hex),
        where,
        quoted: `${before}\\x${hex}...`,
        notRetried,
      }),
      fix: t('doctor.invalidHeader.fix', { it: who.it, port, uri: linePeer(e)?.uri ?? '/' }),
      detail: { ...detail, refused: `${before}\\x${hex}`, byte: `0x${hex}` },
    };
  },
};

// ---- upstream-ssl -----------------------------------------------------------------------------

const SSL_TO_UPSTREAM = 'SSL handshaking to upstream';

/** What the OpenSSL reason in a failed handshake says, in words. */
const SSL_REASONS: [RegExp, TextKey<typeof t>, TextKey<typeof t>][] = [
  [/wrong version number|unknown protocol|packet length too long|record layer failure/, 'doctor.ssl.plain.why', 'doctor.ssl.plain.fix'],
  [/sslv3 alert handshake failure|no protocols available|unsupported protocol|no shared cipher|tlsv1 alert protocol version/, 'doctor.ssl.shared.why', 'doctor.ssl.shared.fix'],
  [/certificate verify failed|verify error|certificate has expired|self.signed|unable to get local issuer/, 'doctor.ssl.verify.why', 'doctor.ssl.verify.fix'],
  [/does not match/, 'doctor.ssl.name.why', 'doctor.ssl.name.fix'],
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
      cause: t('doctor.ssl.cause', { upstream: upstreamText(e), requests: requests(g), why: t(reason ? reason[1] : closed ? 'doctor.ssl.closed' : 'doctor.ssl.other') }),
      fix: t(reason ? reason[2] : 'doctor.ssl.fix') + inYourConf(pass.map(at)),
      detail: { requests: g.lines.length },
    };
  },
};
