// Conditions of the client's side of a request: the browser going away (a reset, or a close
// before the answer), requests nginx refuses as malformed, bodies and responses too big for memory
// (buffered to a temporary file), and requests limited by limit_req / limit_conn.
import { EPISODE_S, type Condition, type Group } from '../types.js';
import { at, entries, first, when } from './group.js';
import { errnoIs, requestOf, shortRequest } from '../facts.js';
import { IO_FAILED } from './upstream.js';
import { count, inYourConf, series } from '../say.js';
import { t } from './client.texts.js';
import type { TextKey } from '../../i18n/index.js';
import { doctorText } from '../texts.js';

const distinct = <T>(a: T[]) => [...new Set(a)];
const paren = (s: string | undefined) => (s ? doctorText('doctor.paren', { s }) : '');
const timesParen = (n: number) => (n > 1 ? doctorText('doctor.timesParen', { n }) : '');
/** The first three, then `, ...` / `、…`. */
const sample = (a: string[]) => series(a.slice(0, 3)) + (a.length > 3 ? doctorText('doctor.list.etc') : '');

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
      cause: t('doctor.clientReset.cause', {
        client: paren(e.client),
        err: `${e.errno?.code}: ${e.errno?.text}`,
        action: e.action ? t('doctor.clientReset.action', { action: e.action }) : '',
        times: timesParen(es.length),
      }),
      fix: t('doctor.clientReset.fix'),
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
    const who = t(es.some((x) => x.action === 'SSL handshaking') ? 'doctor.clientClosed.client' : 'doctor.clientClosed.browser', { client: paren(e.client) });
    const times = timesParen(es.length);
    const detail = { harmless: true, requests: distinct(es.map((x) => shortRequest(x.request))) };
    // Before any request: an idle keep-alive connection, or a TLS handshake the client gave up.
    const before = es.every((x) => x.request === undefined && /^(?:waiting for request|SSL handshaking|reading client request line)$/.test(x.action ?? ''));
    if (before) {
      const tls = es.some((x) => x.action === 'SSL handshaking');
      return {
        cause: t(tls ? 'doctor.clientClosed.tls' : 'doctor.clientClosed.idle', { who, times }),
        fix: t(tls ? 'doctor.clientClosed.tlsFix' : 'doctor.clientClosed.notFault'),
        detail,
      };
    }
    const upstream = es.some((x) => x.upstream !== undefined || /upstream/.test(x.message + (x.action ?? '')));
    return {
      cause: t('doctor.clientClosed.request', {
        who,
        request: shortRequest(e.request),
        action: e.action ? t('doctor.clientClosed.action', { action: e.action }) : '',
        times: es.length > 1 ? t('doctor.clientClosed.times', { n: es.length }) : '',
        upstream: upstream ? t('doctor.clientClosed.upstream') : '',
      }),
      fix: upstream ? t('doctor.clientClosed.upstreamFix', { level: e.level }) : t('doctor.clientClosed.notFault'),
      detail,
    };
  },
};

// ---- client-bad-request -----------------------------------------------------------------------

/** What each `client sent ...` means: nginx answers 400 (or 494, 414) and logs why. */
const BAD: [RegExp, TextKey<typeof t>, TextKey<typeof t>][] = [
  [/^client sent plain HTTP request to HTTPS port/, 'doctor.bad.plainHttp.why', 'doctor.bad.plainHttp.fix'],
  [/^client sent invalid method/, 'doctor.bad.method.why', 'doctor.bad.method.fix'],
  [/^client sent (?:invalid host header|duplicate host header|no "Host" header|HTTP\/1\.1 request without "Host" header)/, 'doctor.bad.host.why', 'doctor.bad.host.fix'],
  [/^client sent invalid chunked body/, 'doctor.bad.chunked.why', 'doctor.bad.chunked.fix'],
  [/^client sent too long (?:header line|URI)|^client sent too large request/, 'doctor.bad.long.why', 'doctor.bad.long.fix'],
  [/^(?:SSL_do_handshake\(\) failed|peer closed connection in SSL handshake)/, 'doctor.bad.tls.why', 'doctor.bad.tls.fix'],
  [/^client sent /, 'doctor.bad.other.why', 'doctor.bad.other.fix'],
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
      cause: t('doctor.bad.cause', {
        message: e.message,
        times: es.length > 1 ? doctorText('doctor.commaTimes', { times: count(es.length, 'time') }) : '',
        from: clients.length ? t('doctor.from', { clients: sample(clients) }) : '',
        why: t(what),
      }),
      fix: t(fix),
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
    const many = es.length > 1 ? t('doctor.buffered.many', { requests: count(es.length, 'request'), paths: sample(paths) }) : shortRequest(e.request);
    return {
      cause: t(kind === 'body' ? 'doctor.buffered.body' : 'doctor.buffered.response', { many }),
      fix: t(kind === 'body' ? 'doctor.buffered.bodyFix' : 'doctor.buffered.responseFix'),
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
    const pointer = inYourConf([...zoneAt, ...where].map(at));
    const from = clients.length ? t('doctor.from', { clients: series(clients.slice(0, 3)) + (clients.length > 3 ? t('doctor.limit.more', { n: clients.length - 3 }) : '') }) : '';
    return {
      cause: t(dry ? 'doctor.limit.dry' : delayed ? 'doctor.limit.delayed' : 'doctor.limit.refused', {
        requests: count(es.length, 'request'),
        directive,
        zone,
        why: t(conns ? 'doctor.limit.conns' : 'doctor.limit.rate'),
        from,
        when: when(g),
      }),
      fix: t('doctor.limit.fix', { example: `${directive} zone=${zone}${conns ? ' 20' : ' burst=20 nodelay'};`, pointer }),
      detail: { zone, requests: es.length, ...(delayed || dry ? { harmless: true } : {}) },
    };
  },
};
