// The command line real nginx is started with (and, on Windows, signalled with): -p, -c, and -g
// 'daemon off;' with the pid file the conf leaves unset; then -e logs/error.log where the binary's
// compiled-in start-up log is outside the prefix (Debian's /var/log/nginx/error.log). The Windows
// build's is logs/error.log already, and nginx before 1.19.5 (the 1.18.0 many Windows users run)
// refuses -e: so none there.
import type { NginxHost } from './binary.js';

export function nginxArgs(host: NginxHost, prefix: string, conf: string, globals: string): string[] {
  const daemonOff = ['-g', `daemon off;${globals ? ' ' + globals : ''}`];
  return host === 'windows' ? ['-p', prefix, '-c', conf, ...daemonOff] : ['-p', prefix, '-c', conf, '-e', 'logs/error.log', ...daemonOff];
}
