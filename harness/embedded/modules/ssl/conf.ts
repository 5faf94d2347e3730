// ngx_http_ssl_module's directives (its ngx_http_ssl_srv_conf_t), and the proxy module's proxy_ssl_*
// (ngx_http_proxy_loc_conf_t's ssl part). The files are named as written: nginx reads them
// against the folder of nginx.conf (ngx_conf_full_name(..., 1)), which load.ts's check knows.
import { parseFlag, parseTime } from '../../../nginx-conf/values.js';
import { ConfError } from '../../../nginx-conf/error.js';
import { ANY, HS, HSL, type ConfModule } from '../../../nginx-conf/directive.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import type { ProxySslSettings } from '../../upstream/tls.js';

export const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof TLS_VERSIONS)[number];
/** nginx 1.22's default ssl_protocols and proxy_ssl_protocols. */
const DEFAULT_PROTOCOLS: readonly TlsVersion[] = TLS_VERSIONS;

export interface SslConf extends ProxySslSettings {
  /** `ssl on;` (deprecated in 1.15.0): every listen of the server speaks TLS; where it was said. */
  sslOn?: { file: string; line: number };
  /** ssl_certificate and ssl_certificate_key, as written, in order (a server may have one of each kind of key). */
  sslCertificates: string[];
  sslCertificateKeys: string[];
  sslProtocols: readonly TlsVersion[];
  sslCiphers: string;
  sslPreferServerCiphers: boolean;
  /** ssl_session_timeout, in seconds: how long a session may be resumed (Node's sessionTimeout). */
  sslSessionTimeoutS: number;
}

/** ngx_conf_set_bitmask_slot() over ngx_http_ssl_protocols[]: nginx also knows SSLv2 and SSLv3, which OpenSSL 3 cannot speak. */
function protocols(d: Directive): TlsVersion[] {
  for (const a of d.args) {
    if (a !== 'SSLv2' && a !== 'SSLv3' && !TLS_VERSIONS.includes(a as TlsVersion)) throw new ConfError(`invalid value "${a}"`, d.file, d.line);
  }
  return TLS_VERSIONS.filter((v) => d.args.includes(v));
}

/** ssl_session_cache: off, none, builtin[:size] and shared:name:size, checked; Node keeps its own cache per worker. */
function sessionCache(d: Directive): void {
  for (const a of d.args) {
    if (a === 'off' || a === 'none' || /^builtin(:\d+)?$/.test(a) || /^shared:[^:]+:\d+[kKmM]?$/.test(a)) continue;
    throw new ConfError(`invalid session cache "${a}"`, d.file, d.line);
  }
}

export const SSL: ConfModule<SslConf> = {
  defaults: {
    sslCertificates: [],
    sslCertificateKeys: [],
    sslProtocols: DEFAULT_PROTOCOLS,
    sslCiphers: 'HIGH:!aNULL:!MD5',
    sslPreferServerCiphers: false,
    sslSessionTimeoutS: 300,
    proxySslServerName: false,
    proxySslVerify: false,
    proxySslSessionReuse: true,
    proxySslProtocols: DEFAULT_PROTOCOLS,
  },
  directives: {
    ssl: { ctx: HS, args: [1, 1], once: true, set: (l, d) => (l.sslOn = parseFlag(d) ? { file: d.file, line: d.line } : undefined) },
    ssl_certificate: { ctx: HS, args: [1, 1], set: (l, d, c) => (l.sslCertificates = [...(c.firstHere ? [] : l.sslCertificates), d.args[0]]) },
    ssl_certificate_key: { ctx: HS, args: [1, 1], set: (l, d, c) => (l.sslCertificateKeys = [...(c.firstHere ? [] : l.sslCertificateKeys), d.args[0]]) },
    ssl_protocols: { ctx: HS, args: [1, ANY], once: true, set: (l, d) => (l.sslProtocols = protocols(d)) },
    ssl_ciphers: { ctx: HS, args: [1, 1], once: true, set: (l, d) => (l.sslCiphers = d.args[0]) },
    ssl_prefer_server_ciphers: { ctx: HS, args: [1, 1], once: true, set: (l, d) => (l.sslPreferServerCiphers = parseFlag(d)) },
    ssl_session_cache: { ctx: HS, args: [1, 2], once: true, set: (_l, d) => sessionCache(d) },
    ssl_session_timeout: { ctx: HS, args: [1, 1], once: true, set: (l, d) => (l.sslSessionTimeoutS = Math.floor(parseTime(d, d.args[0]) / 1000)) },
    proxy_ssl_server_name: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxySslServerName = parseFlag(d)) },
    proxy_ssl_name: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxySslName = d.args[0]) },
    proxy_ssl_verify: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxySslVerify = parseFlag(d)) },
    proxy_ssl_session_reuse: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.proxySslSessionReuse = parseFlag(d)) },
    proxy_ssl_protocols: { ctx: HSL, args: [1, ANY], once: true, set: (l, d) => (l.proxySslProtocols = protocols(d)) },
  },
};
