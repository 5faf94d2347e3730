// Conditions of the application servers nginx passes requests to over FastCGI, uwsgi or a unix
// socket (PHP-FPM, uWSGI, gunicorn): a socket nginx cannot connect to, and what PHP-FPM writes
// to its stderr, which nginx logs line by line; and the health checks of tengine's upstream check
// module (nginx_upstream_check_module), which mark a server down before any request fails.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition } from '../types.js';
import { at, entries, first, when } from './group.js';
import { errnoIs, errText, shortRequest } from '../facts.js';
import { IO_FAILED } from './upstream.js';
import { count, inYourConf } from '../say.js';
import { t } from './backends.texts.js';
import type { TextKey } from '../../i18n/index.js';
import { doctorText } from '../texts.js';

/** ` (3 requests, the first GET /x)`, or ` (GET /x)`. */
function times(es: ErrorLogEntry[]): string {
  const request = shortRequest(es[0].request);
  return doctorText('doctor.paren', { s: es.length > 1 ? doctorText('doctor.answer.requests', { requests: count(es.length, 'request'), request }) : request });
}

// ---- unix-socket-failed -----------------------------------------------------------------------

const UNIX = /^connect\(\) to unix:(\S+?):? failed$/;

export const unixSocketFailed: Condition = {
  id: 'unix-socket-failed',
  match(e) {
    const m = UNIX.exec(e.message);
    return m ? { by: 'key', key: `unix|${m[1]}|${e.errno?.code ?? ''}`, windowS: EPISODE_S } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const socket = UNIX.exec(e.message)![1];
    const code = Number(e.errno?.code);
    const php = /php|fpm/i.test(socket);
    const service = php ? 'PHP-FPM' : /uwsgi/i.test(socket) ? 'uWSGI' : t(/gunicorn|\.sock$/i.test(socket) ? 'doctor.unix.appServer' : 'doctor.unix.service');
    const pointer = inYourConf((log.conf?.passFor(e, socket) ?? []).map(at));
    const facts = { socket, err: `${e.errno?.code}: ${e.errno?.text}`, times: times(es), service, pointer };
    const detail = { socket, errno: code };
    if (code === 2) {
      return { cause: t('doctor.unix.missing', facts), fix: t('doctor.unix.missingFix', { ...facts, setting: t(php ? 'doctor.unix.poolListen' : 'doctor.unix.socketOption') }), detail };
    }
    if (code === 13) return { cause: t('doctor.unix.denied', facts), fix: t('doctor.unix.deniedFix', facts), detail };
    if (code === 11 || code === 10035) return { cause: t('doctor.unix.full', facts), fix: t('doctor.unix.fullFix', facts), detail };
    return {
      cause: t('doctor.unix.other', { ...facts, why: t(code === 111 ? 'doctor.unix.leftBehind' : 'doctor.unix.seeErrno') }),
      fix: t('doctor.unix.otherFix', { ...facts, when: when(g) }),
      detail,
    };
  },
};

// ---- fastcgi-stderr ---------------------------------------------------------------------------

/** PHP-FPM's common texts: what each means and what to do. */
const PHP: [RegExp, TextKey<typeof t>, TextKey<typeof t>][] = [
  [/Primary script unknown/, 'doctor.php.unknown.why', 'doctor.php.unknown.fix'],
  [/Unable to open primary script/, 'doctor.php.open.why', 'doctor.php.open.fix'],
  [/Access to the script .* has been denied \(see security\.limit_extensions\)/, 'doctor.php.ext.why', 'doctor.php.ext.fix'],
  [/Allowed memory size .* exhausted/, 'doctor.php.memory.why', 'doctor.php.memory.fix'],
  [/Maximum execution time .* exceeded/, 'doctor.php.time.why', 'doctor.php.time.fix'],
  [/PHP (?:Fatal|Parse) error|PHP message: PHP Fatal|Uncaught/, 'doctor.php.fatal.why', 'doctor.php.fatal.fix'],
  [/PHP (?:Warning|Notice|Deprecated)/, 'doctor.php.warning.why', 'doctor.php.warning.fix'],
];

const FASTCGI = /^FastCGI sent in stderr: "?/;

export const fastcgiStderr: Condition = {
  id: 'fastcgi-stderr',
  match(e) {
    if (!FASTCGI.test(e.message)) return undefined;
    const i = PHP.findIndex(([re]) => re.test(e.message));
    return { by: 'key', key: `php|${i}|${e.pid}`, windowS: EPISODE_S };
  },
  explain(g) {
    // A stack trace's lines continue their line: one entry for all of them.
    const es = [...new Set(entries(g))];
    const e = first(es);
    const said = e.message.replace(FASTCGI, '').replace(/"$/, '');
    const known = PHP.find(([re]) => re.test(e.message));
    const quoted = said.length > 160 ? said.slice(0, 157) + '...' : said;
    return {
      cause: t('doctor.php.cause', { quoted, times: times(es), why: t(known ? known[1] : 'doctor.php.other.why') }),
      fix: t(known ? known[2] : 'doctor.php.other.fix'),
      detail: { requests: es.length, ...(known === PHP[PHP.length - 1] ? { harmless: true } : {}) },
    };
  },
};

// ---- upstream-check-failed --------------------------------------------------------------------

/**
 * ngx_http_upstream_check_module's lines: a check that timed out, one whose answer was not alive,
 * and the peer it then marks down ("disable check peer").
 */
const CHECK = /^(?:check (time out|protocol (\w+) error) with|disable check) peer: (\S+)\s*$/;

/**
 * A read or write the peer reset on a connection with no request: the check module's own (its
 * connection has no log context, so the line names neither client nor peer); it counts a failed check.
 */
const checkReset = (e: ErrorLogEntry) => IO_FAILED.test(e.message) && errnoIs.reset(e) && e.client === undefined && e.action === undefined && !e.truncated;

export const upstreamCheckFailed: Condition = {
  id: 'upstream-check-failed',
  match(e) {
    if (checkReset(e)) return { by: 'key', key: 'check|reset', windowS: EPISODE_S };
    const m = CHECK.exec(e.message);
    return m ? { by: 'key', key: `check|${m[3]}`, windowS: EPISODE_S } : undefined;
  },
  explain(g) {
    const es = entries(g);
    if (g.key === 'check|reset') {
      return {
        cause: t('doctor.check.reset.cause', { err: errText(first(es)), times: count(es.length, 'time'), when: when(g) }),
        fix: t('doctor.check.reset.fix'),
        detail: { check: 'reset', harmless: true },
      };
    }
    const m = CHECK.exec(first(es).message)!;
    const peer = m[3];
    const timedOut = m[1] === 'time out';
    const what = timedOut ? t('doctor.check.timeout') : m[2] ? t('doctor.check.protocol', { proto: m[2] }) : t('doctor.check.down');
    return {
      cause: t('doctor.check.cause', { peer, what, times: count(es.length, 'time'), when: when(g) }),
      fix: t(timedOut ? 'doctor.check.timeoutFix' : m[2] ? 'doctor.check.protocolFix' : 'doctor.check.downFix', { peer }),
      detail: { peer, check: timedOut ? 'timeout' : (m[2] ?? 'down') },
    };
  },
};
