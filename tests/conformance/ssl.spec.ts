// ngx_http_ssl_module and proxy_pass https://, on both engines against the same conf: the
// handshake, the certificate chosen by SNI, $https/$scheme/$ssl_*, plain HTTP sent to an ssl port
// (nginx's 400 page, and error_page 497), a proxy_pass to an https upstream with and without
// proxy_ssl_server_name, and the [emerg] lines for certificates that are missing or not given.
// The certificates are made with the openssl binary, as nginx's own tests make theirs.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { connect, type PeerCertificate } from 'node:tls';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, send } from '../support/raw-http.js';
import { withoutDate } from '../support/pages.js';
import { freePort } from '../support/ports.js';
import { startExpectingFailure } from '../support/startup.js';

const hasOpenssl = (await execa('openssl', ['version'], { reject: false })).exitCode === 0;
test.skip(!hasOpenssl, 'needs the openssl binary to make certificates (apt-get install openssl)');

/** A self-signed certificate for `name`: `<dir>/<name>.crt` and `.key`. */
async function certificate(dir: string, name: string): Promise<{ crt: string; key: string }> {
  const crt = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  await execa('openssl', ['req', '-x509', '-new', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name}/`, '-out', crt, '-keyout', key]);
  return { crt, key };
}

interface TlsAnswer {
  raw: string;
  /** The CN of the certificate the server sent. */
  cn: string;
}

/** One request over TLS, the connection closed after it; no certificate is checked. */
function tlsGet(port: number, path: string, servername?: string): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port, servername: servername ?? '', rejectUnauthorized: false }, () => {
      s.write(`GET ${path} HTTP/1.1\r\nHost: ${servername ?? 'localhost'}\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    s.on('data', (d: Buffer) => chunks.push(d));
    s.on('error', reject);
    s.on('end', () => {
      const cert = s.getPeerCertificate() as PeerCertificate;
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), cn: String(cert.subject?.CN ?? '') });
    });
  });
}

const body = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

/** Two ssl servers on one port: a.test (the default) and b.test, each with its certificate. */
async function sslServers(dir: string, port: number, extra = ''): Promise<string> {
  const a = await certificate(dir, 'a.test');
  const b = await certificate(dir, 'b.test');
  const show = 'return 200 "$server_name $scheme $https $ssl_server_name $ssl_protocol cipher:$ssl_cipher\\n";';
  return `
    server {
        listen 127.0.0.1:${port} ssl;
        server_name a.test;
        ssl_certificate ${a.crt};
        ssl_certificate_key ${a.key};
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_ciphers HIGH:!aNULL:!MD5;
        ssl_prefer_server_ciphers on;
        ssl_session_cache shared:SSL:1m;
        ssl_session_timeout 10m;
        ${extra}
        location / { ${show} }
    }
    server {
        listen 127.0.0.1:${port} ssl;
        server_name b.test;
        ssl_certificate ${b.crt};
        ssl_certificate_key ${b.key};
        location / { ${show} }
    }`;
}

test('listen ssl: the handshake, $scheme https, $https on, $ssl_protocol, $ssl_cipher, $ssl_server_name', async ({ startProxy }, testInfo) => {
  const port = await freePort();
  const p = await startProxy({ http: await sslServers(testInfo.outputPath(), port) });
  const r = await tlsGet(port, '/', 'a.test');
  expect(r.raw.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  expect(body(r.raw)).toMatch(/^a\.test https on a\.test TLSv1\.3 cipher:TLS_[A-Z0-9_]+\n$/);
  // The plain port is still plain: no TLS variables there.
  const plain = await p.send(get('/x', p.port));
  expect(plain.status).toBe(200);
});

test('SNI chooses the server\'s certificate; no name, or an unknown one, gets the default server\'s', async ({ startProxy }, testInfo) => {
  const port = await freePort();
  await startProxy({ http: await sslServers(testInfo.outputPath(), port) });
  expect((await tlsGet(port, '/', 'b.test')).cn).toBe('b.test');
  expect(body((await tlsGet(port, '/', 'b.test')).raw)).toMatch(/^b\.test https on b\.test /);
  expect((await tlsGet(port, '/', 'a.test')).cn).toBe('a.test');
  expect((await tlsGet(port, '/', 'other.test')).cn).toBe('a.test');
  const none = await tlsGet(port, '/');
  expect(none.cn).toBe('a.test');
  // No name sent: $ssl_server_name is empty.
  expect(body(none.raw)).toMatch(/^a\.test https on {2}TLSv1\.3 /);
});

test('plain HTTP to an ssl port: nginx\'s 400 "The plain HTTP request was sent to HTTPS port", and the connection closed', async ({ startProxy }, testInfo) => {
  const port = await freePort();
  const p = await startProxy({ http: await sslServers(testInfo.outputPath(), port) });
  const r = await send(port, get('/x', port));
  expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '255'],
    ['Connection', 'close'],
  ]);
  expect(r.body).toBe(
    '<html>\r\n<head><title>400 The plain HTTP request was sent to HTTPS port</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n' +
      '<center>The plain HTTP request was sent to HTTPS port</center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n',
  );
  await expect.poll(() => p.access().at(-1)).toBe('127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 400 255 "-" "-"');
});

test('error_page 497: plain HTTP to an ssl port redirected to https', async ({ startProxy }, testInfo) => {
  const port = await freePort();
  await startProxy({ http: await sslServers(testInfo.outputPath(), port, 'error_page 497 https://$host:$server_port$request_uri;') });
  const r = await send(port, get('/x?y=1', port));
  expect(r.statusLine).toBe('HTTP/1.1 302 Moved Temporarily');
  expect(r.headers.find(([n]) => n === 'Location')?.[1]).toBe(`https://127.0.0.1:${port}/x?y=1`);
});

/** An https upstream of the test's own: it answers with the path and the SNI name it was asked. */
async function httpsUpstream(dir: string): Promise<{ server: Server; port: number; seen: { path: string; sni: string }[] }> {
  const c = await certificate(dir, 'upstream.test');
  const seen: { path: string; sni: string }[] = [];
  const server = createServer({ cert: readFileSync(c.crt), key: readFileSync(c.key) }, (req, res) => {
    const sni = String((req.socket as unknown as { servername?: string | false }).servername || '');
    seen.push({ path: req.url ?? '', sni });
    res.end(`upstream ${req.url} sni:${sni}\n`);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { server, port, seen };
}

test('proxy_pass https://: the request over TLS, no SNI by default; proxy_ssl_server_name on with proxy_ssl_name sends that name', async ({ startProxy }, testInfo) => {
  const up = await httpsUpstream(testInfo.outputPath());
  try {
    const p = await startProxy({
      server: `location /tls/ { proxy_pass https://127.0.0.1:${up.port}/in/; proxy_ssl_protocols TLSv1.2 TLSv1.3; proxy_ssl_session_reuse on; proxy_ssl_verify off; }
        location /sni/ { proxy_pass https://127.0.0.1:${up.port}; proxy_ssl_server_name on; proxy_ssl_name up.test; }`,
    });
    const plain = await p.send(get('/tls/a', p.port));
    expect(plain.status).toBe(200);
    expect(plain.body).toBe('upstream /in/a sni:\n');
    const named = await p.send(get('/sni/b', p.port));
    expect(named.body).toBe('upstream /sni/b sni:up.test\n');
    expect(up.seen).toEqual([
      { path: '/in/a', sni: '' },
      { path: '/sni/b', sni: 'up.test' },
    ]);
  } finally {
    await new Promise((done) => up.server.close(done));
  }
});

test('conf error: listen ssl without ssl_certificate is nginx\'s [emerg], naming the server block', async ({ engine }, testInfo) => {
  const port = await freePort();
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { http: `server {\n        listen 127.0.0.1:${port} ssl;\n        return 200;\n    }` });
  const conf = join(f.prefix, 'conf', 'nginx.conf');
  const line = readFileSync(conf, 'latin1').split('\n').findIndex((l) => l.includes(`listen 127.0.0.1:${port} ssl`));
  expect(f.error.message).toBe(`nginx: [emerg] no "ssl_certificate" is defined for the "listen ... ssl" directive in ${conf}:${line}`);
});

test('conf error: a certificate file that is not there is nginx\'s [emerg] "cannot load certificate", in OpenSSL\'s words', async ({ engine }, testInfo) => {
  const port = await freePort();
  const dir = testInfo.outputPath();
  const { key } = await certificate(dir, 'a.test');
  const missing = join(dir, 'missing.crt');
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { http: `server { listen 127.0.0.1:${port} ssl; ssl_certificate ${missing}; ssl_certificate_key ${key}; }` });
  expect(f.error.message).toBe(
    `nginx: [emerg] cannot load certificate "${missing}": BIO_new_file() failed (SSL: error:80000002:system library::No such file or directory:calling fopen(${missing}, r) error:10000080:BIO routines::no such file)`,
  );
});

test('conf error: a key that is not the certificate\'s, and a certificate without its key', async ({ engine }, testInfo) => {
  const port = await freePort();
  const dir = testInfo.outputPath();
  const a = await certificate(dir, 'a.test');
  const b = await certificate(dir, 'b.test');
  const mismatch = await startExpectingFailure(engine, testInfo.outputPath('mismatch'), { http: `server { listen 127.0.0.1:${port} ssl; ssl_certificate ${a.crt}; ssl_certificate_key ${b.key}; }` });
  expect(mismatch.error.message).toBe(`nginx: [emerg] SSL_CTX_use_PrivateKey("${b.key}") failed (SSL: error:05800074:x509 certificate routines::key values mismatch)`);
  const nokey = await startExpectingFailure(engine, testInfo.outputPath('nokey'), { http: `server { listen 127.0.0.1:${port} ssl; ssl_certificate ${a.crt}; }` });
  expect(nokey.error.message).toBe(`nginx: [emerg] no "ssl_certificate_key" is defined for certificate "${a.crt}"`);
});
