// The upstream-response family (conditions/upstream-response.ts): response headers over the
// buffer (per module: proxy, fastcgi, uwsgi), invalid chunking, and a TLS handshake to the
// upstream that failed, with the reason in words; a timeout during the handshake stays a timeout.
import { test, expect } from '@playwright/test';
import { ctx, errno, line, one, OSES } from './helpers.js';

const HEADER = 'reading response header from upstream';
const TLS = 'SSL handshaking to upstream';

for (const os of OSES) {
  test(`${os}: "upstream sent too big header" names the buffer of the module that passed the request`, () => {
    for (const [upstream, module] of [
      ['http://127.0.0.1:4180/oauth2/callback', 'proxy'],
      ['fastcgi://unix:/run/php/php8.2-fpm.sock:', 'fastcgi'],
      ['uwsgi://127.0.0.1:3031', 'uwsgi'],
    ]) {
      const i = one(os, line(os, { level: 'error', conn: 4, message: 'upstream sent too big header', action: HEADER, ...ctx('GET /oauth2/callback?code=x HTTP/1.1', upstream) }));
      expect(i.condition, upstream).toBe('upstream-header-too-big');
      expect(i.cause).toContain(`${module}_buffer_size`);
      expect(i.fix).toContain(`"${module}_buffer_size 16k;"`);
    }
  });

  test(`${os}: an invalid chunked response is upstream-bad-chunked`, () => {
    const i = one(os, line(os, { level: 'error', conn: 4, message: 'upstream sent invalid chunked response', action: 'reading upstream', ...ctx('GET /export HTTP/1.1', 'http://127.0.0.1:5000/export') }));
    expect(i.condition).toBe('upstream-bad-chunked');
    expect(i.cause).toContain('127.0.0.1:5000');
  });

  test(`${os}: a failed TLS handshake to the upstream is upstream-ssl, its reason in words; its timeout is a timeout`, () => {
    const base = { level: 'error' as const, conn: 7, action: TLS, ...ctx('GET / HTTP/1.1', 'https://192.0.2.9:443/') };
    const plain = one(os, line(os, { ...base, message: 'SSL_do_handshake() failed (SSL: error:0A00010B:SSL routines::wrong version number)' }));
    expect([plain.condition, plain.cause]).toEqual(['upstream-ssl', expect.stringContaining('does not speak TLS on that port')]);
    const closed = one(os, line(os, { ...base, message: 'peer closed connection in SSL handshake', errno: errno(os, 'reset') }));
    expect([closed.condition, closed.fix]).toEqual(['upstream-ssl', expect.stringContaining('"proxy_ssl_server_name on;"')]);
    const verify = one(os, line(os, { ...base, message: 'upstream SSL certificate verify error: (10:certificate has expired)' }));
    expect([verify.condition, verify.fix]).toEqual(['upstream-ssl', expect.stringContaining('proxy_ssl_trusted_certificate')]);
    expect(one(os, line(os, { ...base, message: 'upstream timed out', errno: errno(os, 'timedOut') })).condition).toBe('upstream-timeout');
  });
}

test('a failed TLS handshake with a client (no "to upstream") is not upstream-ssl', () => {
  const i = one('linux', line('linux', { level: 'crit', conn: 7, message: 'SSL_do_handshake() failed (SSL: error:0A000076:SSL routines::no suitable signature algorithm)', action: 'SSL handshaking', client: '192.0.2.1', server: '0.0.0.0:443' }));
  expect(i.condition).toBe('unknown');
});
