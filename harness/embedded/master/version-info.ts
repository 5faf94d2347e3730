// ngx_show_version_info(): what `-v`, `-V` and `-h` print on stderr, for the engine as it is built.
// `-V`'s configure arguments name what the engine runs with nginx's own switches, so that a tool
// that reads them to find modules (nginx's test suite does) sees the truth.
import { MODULES } from '../modules.js';

/** nginx's http modules that its configure builds by default and can leave out (`--without-http_X_module`). */
const BUILT_BY_DEFAULT = [
  'charset', 'gzip', 'ssi', 'userid', 'access', 'auth_basic', 'mirror', 'autoindex', 'geo', 'map', 'split_clients', 'referer', 'rewrite', 'proxy',
  'fastcgi', 'uwsgi', 'scgi', 'grpc', 'memcached', 'limit_conn', 'limit_req', 'empty_gif', 'browser', 'upstream_hash', 'upstream_ip_hash',
  'upstream_least_conn', 'upstream_random', 'upstream_keepalive', 'upstream_zone',
];

/**
 * Those the engine runs in its core, not as a module of its list: map and the balancers. fastcgi,
 * uwsgi and scgi count as built: the engine makes their temp folders as nginx does (a conf for a
 * build without them would name none, and their default folders would be missing), though it
 * refuses their `*_pass`.
 */
const IN_THE_CORE = ['map', 'fastcgi', 'uwsgi', 'scgi', 'upstream_hash', 'upstream_ip_hash', 'upstream_least_conn', 'upstream_keepalive'];

/**
 * The default modules the engine does not run (its conf refuses their directives): neither in its
 * core nor in its module list. Adding a module to the list takes it off, with nothing to change here.
 */
const NOT_RUN = BUILT_BY_DEFAULT.filter((m) => !IN_THE_CORE.includes(m) && !MODULES.some((x) => x.name === m));

/**
 * The compiled-in paths are the Windows build's, relative to the prefix, as the engine's defaults
 * are. TLS is Node's (modules/ssl), hence the ssl module.
 */
export function configureArguments(): string {
  const paths = ['--conf-path=conf/nginx.conf', '--pid-path=logs/nginx.pid', '--http-log-path=logs/access.log', '--error-log-path=logs/error.log'];
  // --with-debug: `error_log ... debug` writes [debug] lines (the engine writes a few of nginx's).
  return [...paths, '--with-debug', '--with-http_ssl_module', '--with-http_gzip_static_module', ...NOT_RUN.map((m) => `--without-http_${m}_module`), '--without-http-cache'].join(' ');
}

const USAGE = [
  'Usage: nginx [-?hvVtTq] [-s signal] [-p prefix]',
  '             [-e filename] [-c filename] [-g directives]',
  '',
  'Options:',
  '  -?,-h         : this help',
  '  -v            : show version and exit',
  '  -V            : show version and configure options then exit',
  '  -t            : test configuration and exit',
  '  -T            : test configuration, dump it and exit',
  '  -q            : suppress non-error messages during configuration testing',
  '  -s signal     : send signal to a master process: stop, quit, reopen, reload',
  '  -p prefix     : set prefix path (default: NONE)',
  '  -e filename   : set error log file (default: logs/error.log)',
  '  -c filename   : set configuration file (default: conf/nginx.conf)',
  '  -g directives : set global directives out of configuration file',
  '',
  // The harness's own, after nginx's (docs/commands.md says more).
  'Harness options: --os linux|windows, --nginx-version VERSION, --refused-delay MS, --lang LANG,',
  '  --excluded-port PORT (with --os windows), --control-file FILE, --bind-any',
  '',
];

/** The lines, each to end with the OS profile's line end. */
export function versionInfo(o: { version: string; help: boolean; configure: boolean }): string[] {
  const lines = [`nginx version: nginx/${o.version}`];
  if (o.help) lines.push(...USAGE);
  if (o.configure) lines.push(`built by node ${process.version} (the harness's embedded engine)`, `built with OpenSSL ${process.versions.openssl}`, 'TLS SNI support enabled', `configure arguments: ${configureArguments()}`);
  return lines;
}
