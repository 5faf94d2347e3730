// Conditions of the application servers nginx passes requests to over FastCGI, uwsgi or a unix
// socket (PHP-FPM, uWSGI, gunicorn): a socket nginx cannot connect to, and what PHP-FPM writes
// to its stderr, which nginx logs line by line; and the health checks of tengine's upstream check
// module (nginx_upstream_check_module), which mark a server down before any request fails.
import { EPISODE_S, type Condition } from '../types.js';
import { at, entries, first, when } from './group.js';
import { plural, shortRequest } from '../facts.js';

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
    const service = /php|fpm/i.test(socket) ? 'PHP-FPM' : /uwsgi/i.test(socket) ? 'uWSGI' : /gunicorn|\.sock$/i.test(socket) ? 'the application server' : 'the service';
    const times = es.length > 1 ? ` (${plural(es.length, 'request')}, the first ${shortRequest(e.request)})` : ` (${shortRequest(e.request)})`;
    const pass = log.conf?.passFor(e, socket) ?? [];
    const pointer = pass.length ? ` In your conf: ${pass.map(at).join(', ')}.` : '';
    const err = `${e.errno?.code}: ${e.errno?.text}`;
    if (code === 2) {
      return {
        cause: `nginx could not connect to the unix socket ${socket} (${err})${times}: no such socket file, so ${service} is not running, or it listens on another path (a PHP version in the name that differs, a listen = 127.0.0.1:9000 instead), or nginx runs in another container or with PrivateTmp and sees another /tmp.`,
        fix: `Start ${service} (e.g. "systemctl status php8.2-fpm") and make the path in nginx's *_pass equal its "listen" setting (${service === 'PHP-FPM' ? 'listen = in the pool file, /etc/php/*/fpm/pool.d/www.conf' : 'its socket option'}).${pointer}`,
        detail: { socket, errno: code },
      };
    }
    if (code === 13) {
      return {
        cause: `nginx's workers may not connect to the unix socket ${socket} (${err})${times}: the socket file (or a folder above it) belongs to another user or group than nginx's, or SELinux forbids it.`,
        fix: `Give nginx's user the socket: in the PHP-FPM pool set listen.owner and listen.group to nginx's user (www-data on Debian, nginx on Fedora) and listen.mode = 0660, or add that user to the socket's group; on SELinux systems check "ausearch -m avc". Then restart ${service}.${pointer}`,
        detail: { socket, errno: code },
      };
    }
    if (code === 11 || code === 10035) {
      return {
        cause: `The unix socket ${socket} refused new connections because its backlog was full (${err})${times}: ${service} had no free worker for a while (all busy with slow requests), so nginx answered 502.`,
        fix: `Find what keeps ${service}'s workers busy (its slow log); give it more workers (pm.max_children for PHP-FPM) or a longer backlog (listen.backlog, and net.core.somaxconn).${pointer}`,
        detail: { socket, errno: code },
      };
    }
    return {
      cause: `nginx could not connect to the unix socket ${socket} (${err})${times}: the socket file exists but ${service} does not accept on it (${code === 111 ? 'it was stopped or crashed and left the file behind' : 'see the errno'}).`,
      fix: `Restart ${service} and check its log around ${when(g)}.${pointer}`,
      detail: { socket, errno: code },
    };
  },
};

// ---- fastcgi-stderr ---------------------------------------------------------------------------

/** PHP-FPM's common texts: what each means and what to do. */
const PHP: [RegExp, string, string][] = [
  [
    /Primary script unknown/,
    'PHP-FPM found no PHP file at the path nginx gave it in SCRIPT_FILENAME: the root nginx passes is not where the files are (nginx and PHP-FPM in different containers, a root that differs between them), or the request asked for a .php file that does not exist',
    'Pass the path as PHP-FPM sees it: "fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;" with a root that exists in PHP-FPM\'s container or machine too, and answer missing files before PHP: "try_files $uri =404;" in the .php location.',
  ],
  [
    /Unable to open primary script/,
    'PHP-FPM could not open the script nginx named (the path is wrong, or PHP-FPM\'s user may not read it)',
    'Check that the file exists where PHP-FPM runs and that its user (the pool\'s "user") may read it and every folder above it; fix root / SCRIPT_FILENAME in nginx if the path is wrong.',
  ],
  [
    /Access to the script .* has been denied \(see security\.limit_extensions\)/,
    'PHP-FPM refused to run a file that does not end in .php (security.limit_extensions): nginx passed a path like /image.jpg/x.php or a .html file to PHP',
    'Pass only .php files to PHP-FPM ("location ~ \\.php$" with "try_files $uri =404;"), or add the extension to security.limit_extensions in the pool if it really is PHP.',
  ],
  [/Allowed memory size .* exhausted/, 'the PHP script ran out of its memory_limit', 'Raise memory_limit in php.ini (or the pool\'s php_admin_value[memory_limit]) or make the script use less memory.'],
  [/Maximum execution time .* exceeded/, 'the PHP script ran longer than max_execution_time and was stopped', 'Find why the script is slow; only if it must run long, raise max_execution_time (and fastcgi_read_timeout in nginx).'],
  [/PHP (?:Fatal|Parse) error|PHP message: PHP Fatal|Uncaught/, 'the PHP application failed with a fatal error while serving the request, so PHP-FPM answered 500 (or nothing)', 'Fix the PHP error it quotes (the file and line are in the message); this is the application, not nginx.'],
  [/PHP (?:Warning|Notice|Deprecated)/, 'the PHP application printed a warning or notice on stderr; the request itself may well have worked', 'Nothing for nginx to do: fix or silence the warning in the PHP code (display_errors/log_errors in php.ini decide where they go).'],
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
    const times = es.length > 1 ? ` (${plural(es.length, 'request')}, the first ${shortRequest(e.request)})` : ` (${shortRequest(e.request)})`;
    const quoted = said.length > 160 ? said.slice(0, 157) + '...' : said;
    return {
      cause: `PHP-FPM wrote "${quoted}" to its stderr, which nginx logs as it comes${times}: ${known ? known[1] : 'a message of the PHP application or PHP-FPM itself, not of nginx'}.`,
      fix: known ? known[2] : 'Read the message: it is PHP\'s (the application or PHP-FPM), so the fix is in the PHP code or the pool\'s settings, not in nginx.',
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

export const upstreamCheckFailed: Condition = {
  id: 'upstream-check-failed',
  match(e) {
    const m = CHECK.exec(e.message);
    return m ? { by: 'key', key: `check|${m[3]}`, windowS: EPISODE_S } : undefined;
  },
  explain(g) {
    const es = entries(g);
    const m = CHECK.exec(first(es).message)!;
    const peer = m[3];
    const timedOut = m[1] === 'time out';
    const what = timedOut
      ? `did not answer its health check within check's timeout`
      : m[2]
        ? `answered its ${m[2]} health check with something check_http_expect_alive does not count as alive (by default a 2xx or 3xx status)`
        : 'failed its health checks (the check\'s "fall" count of them in a row)';
    return {
      cause: `The upstream check module of tengine (or nginx built with nginx_upstream_check_module) found ${peer} down: it ${what}, ${plural(es.length, 'time')} (the first at ${when(g)}). nginx sends no request to a server its check marks down, so requests go to the other servers of its upstream, or get 502 when none is left; the check line comes before any request fails.`,
      fix: timedOut
        ? `Start the service on ${peer}, or make it answer check_http_send's request faster than the check's timeout (the "check interval=… timeout=…" line of the upstream).`
        : m[2]
          ? `Make ${peer} answer check_http_send's request (often "HEAD / HTTP/1.0") with a status check_http_expect_alive accepts, or point check_http_send at a path that does (a health endpoint such as /actuator/health).`
          : `Start the service on ${peer}; the lines before this one say how its checks failed (a timeout, or an answer that was not alive).`,
      detail: { peer, check: timedOut ? 'timeout' : (m[2] ?? 'down') },
    };
  },
};