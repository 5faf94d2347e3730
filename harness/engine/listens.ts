// The listens of a conf, read as syntax only (a conf for real nginx may use directives the
// embedded engine does not read: ssl, stream): the addresses the stack dials once the
// proxy is up, and the wildcards, which bind loopback (harness/loopback.ts) and are named to the
// user with their file and line.
import { parseConfFile, type Directive } from '../nginx-conf/parse.js';
import { listenAddress } from '../nginx-conf/build.js';
import { bindAddress, isWildcard } from '../loopback.js';
import { hostPort } from '../ports.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.listen.wouldExpose': '{at}: "{listen}" would bind port {port} on every {family} address of this machine ({address}), open to the network',
    'stack.listen.boundAsWritten': '{exposes}: it is bound as written, as --bind-any asks, and other machines can reach it.',
    'stack.listen.loopbackOnly': '{exposes}; the stack binds {loopback} only (--bind-any binds it as written).',
  },
  'zh-CN': {
    'stack.listen.wouldExpose': '{at}："{listen}" 会在这台机器所有的 {family} 地址上绑定端口 {port}（{address}），对网络开放',
    'stack.listen.boundAsWritten': '{exposes}：按 --bind-any 的要求原样绑定，其他机器也能访问它。',
    'stack.listen.loopbackOnly': '{exposes}；这套环境只绑定 {loopback}（用 --bind-any 会原样绑定）。',
  },
});

export interface ConfListen {
  host: string;
  port: number;
  /** In an http server, without ssl: what a browser gets by http://. */
  plainHttp: boolean;
  directive: Directive;
}

/** Every `listen` of the conf's http, stream and mail servers; a unix socket, or one it cannot read, is left out (the engine reports it). */
export function confListens(confFile: string): ConfListen[] {
  const found: ConfListen[] = [];
  const walk = (ds: readonly Directive[], top: string | undefined): void => {
    for (const d of ds) {
      if (d.name === 'listen' && top) {
        try {
          found.push({ ...listenAddress(d.args[0] ?? '', d), plainHttp: top === 'http' && !d.args.includes('ssl'), directive: d });
        } catch {
          // reported by the engine
        }
      }
      if (d.block) walk(d.block, top ?? (['http', 'stream', 'mail'].includes(d.name) ? d.name : undefined));
    }
  };
  walk(parseConfFile(confFile), undefined);
  return found;
}

export function wildcardListens(confFile: string): ConfListen[] {
  return confListens(confFile).filter((l) => isWildcard(l.host));
}

/** A wildcard listen where the user wrote it (`file`: the conf as the user named it, for its copy in the prefix), and what it would expose. */
export function wouldExpose(l: ConfListen, file = l.directive.file): string {
  return t('stack.listen.wouldExpose', { at: `${file}:${l.directive.line}`, listen: `listen ${l.directive.args.join(' ')}`, port: l.port, family: l.host === '::' ? 'IPv6' : 'IPv4', address: hostPort(l.host, l.port) });
}

/** The loopback address a wildcard listen binds instead, as a conf writes it: `127.0.0.1:8080`, `[::1]:8080`. */
export function loopbackListen(l: ConfListen): string {
  return hostPort(bindAddress(l.host, false), l.port);
}

/** What the stack tells the user of a wildcard listen: where it is, what it exposes, and what is bound. */
export function exposure(l: ConfListen, bindAny: boolean, file?: string): string {
  return bindAny
    ? t('stack.listen.boundAsWritten', { exposes: wouldExpose(l, file) })
    : t('stack.listen.loopbackOnly', { exposes: wouldExpose(l, file), loopback: loopbackListen(l) });
}
