// ngx_http_ssl_merge_srv_conf() and ngx_http_ssl_init(): each server's certificates and keys read
// at start, as nginx reads them (the first failure an [emerg] in OpenSSL 3's words, which is what
// nginx 1.22 on a current system prints), and one TLS context per server for the workers.
import { readFileSync } from 'node:fs';
import type { KeyObject, X509Certificate } from 'node:crypto';
import type { SecureContext } from 'node:tls';
import { dirname, isAbsolute, join } from 'node:path';
import { ConfError } from '../../../nginx-conf/error.js';
import type { ListenConf, NginxConf, ServerConf } from '../../../nginx-conf/model.js';
import type { SslConf, TlsVersion } from './conf.js';

// node:crypto and node:tls are loaded by the first certificate read: about 15 ms of every worker's
// start otherwise, and most confs have no ssl.
const contexts = new WeakMap<ServerConf, SecureContext>();

/** The TLS context of a server that has certificates (read by checkSsl() when the conf was loaded). */
export function serverContext(server: ServerConf): SecureContext | undefined {
  return contexts.get(server);
}

const sslOf = (s: ServerConf) => s.base as unknown as SslConf;

/** Whether connections to this address speak TLS: a `listen ... ssl` of any server on it, or `ssl on` in its default server. */
export function sslListen(conf: Pick<NginxConf, 'servers'>, listen: ListenConf, defaultServer: ServerConf): boolean {
  return !!sslOf(defaultServer).sslOn || conf.servers.some((s) => s.listens.some((l) => l.ssl && l.text === listen.text));
}

/** BIO_new_file()'s failure as OpenSSL 3 words an errno. */
function openFailure(path: string, e: NodeJS.ErrnoException): string {
  if (e.code === 'ENOENT') return `BIO_new_file() failed (SSL: error:80000002:system library::No such file or directory:calling fopen(${path}, r) error:10000080:BIO routines::no such file)`;
  if (e.code === 'EACCES') return `BIO_new_file() failed (SSL: error:8000000D:system library::Permission denied:calling fopen(${path}, r) error:10080002:BIO routines::system lib)`;
  return `BIO_new_file() failed (SSL: error:80000005:system library::Input/output error:calling fopen(${path}, r) error:10080002:BIO routines::system lib)`;
}

function read(kind: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new ConfError(`cannot load ${kind} "${path}": ${openFailure(path, e as NodeJS.ErrnoException)}`);
  }
}

function certificate(path: string): { pem: Buffer; x509: X509Certificate } {
  const pem = read('certificate', path);
  try {
    return { pem, x509: new (process.getBuiltinModule('node:crypto').X509Certificate)(pem) };
  } catch {
    throw new ConfError(`cannot load certificate "${path}": PEM_read_bio_X509_AUX() failed (SSL: error:0480006C:PEM routines::no start line:Expecting: TRUSTED CERTIFICATE)`);
  }
}

function privateKey(path: string): { pem: Buffer; key: KeyObject } {
  const pem = read('certificate key', path);
  try {
    return { pem, key: process.getBuiltinModule('node:crypto').createPrivateKey({ key: pem }) };
  } catch {
    throw new ConfError(`cannot load certificate key "${path}": PEM_read_bio_PrivateKey() failed (SSL: error:1E08010C:DECODER routines::unsupported:No supported data to decode. Input type: PEM)`);
  }
}

const minMax = (v: readonly TlsVersion[]) => ({ minVersion: v[0], maxVersion: v[v.length - 1] });

function buildContext(s: SslConf, confDir: string): SecureContext {
  const full = (p: string) => (isAbsolute(p) ? p : join(confDir, p));
  if (s.sslCertificateKeys.length < s.sslCertificates.length) throw new ConfError(`no "ssl_certificate_key" is defined for certificate "${s.sslCertificates[s.sslCertificates.length - 1]}"`);
  const cert: Buffer[] = [];
  const key: { pem: Buffer }[] = [];
  s.sslCertificates.forEach((c, i) => {
    const crt = certificate(full(c));
    const keyPath = full(s.sslCertificateKeys[i]);
    const k = privateKey(keyPath);
    if (!crt.x509.checkPrivateKey(k.key)) throw new ConfError(`SSL_CTX_use_PrivateKey("${keyPath}") failed (SSL: error:05800074:x509 certificate routines::key values mismatch)`);
    cert.push(crt.pem);
    key.push({ pem: k.pem });
  });
  if (!s.sslProtocols.length) throw new ConfError('no protocols enabled in "ssl_protocols"');
  try {
    return process.getBuiltinModule('node:tls').createSecureContext({ cert, key, ciphers: s.sslCiphers, honorCipherOrder: s.sslPreferServerCiphers, sessionTimeout: s.sslSessionTimeoutS, ...minMax(s.sslProtocols) });
  } catch {
    throw new ConfError(`SSL_CTX_set_cipher_list("${s.sslCiphers}") failed (SSL: error:0A0000B9:SSL routines::no cipher match)`);
  }
}

/**
 * What nginx refuses at start: a server's certificates that cannot be read (in the servers'
 * order), then an ssl address whose default server has none, or `ssl on` without one.
 */
export function checkSsl(conf: NginxConf): void {
  const confDir = dirname(conf.confFile);
  for (const server of conf.servers) {
    const s = sslOf(server);
    if (s.sslOn && !s.sslCertificates.length) throw new ConfError('no "ssl_certificate" is defined for the "ssl" directive', s.sslOn.file, s.sslOn.line);
    if (s.sslCertificates.length) contexts.set(server, buildContext(s, confDir));
  }
  for (const server of conf.servers) {
    for (const l of server.listens) {
      if (!l.ssl) continue;
      const first = conf.servers.find((x) => x.listens.some((y) => y.text === l.text && y.defaultServer)) ?? conf.servers.find((x) => x.listens.some((y) => y.text === l.text))!;
      if (!contexts.has(first)) throw new ConfError('no "ssl_certificate" is defined for the "listen ... ssl" directive', first.file, first.line);
    }
  }
}
