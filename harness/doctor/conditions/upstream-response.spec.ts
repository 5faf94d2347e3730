// The upstream-response family (conditions/upstream-response.ts): response headers over the
// buffer (per module: proxy, fastcgi, uwsgi), invalid chunking, an answer with no status line or a
// header line nginx refuses, and a TLS handshake to the upstream that failed, with the reason in
// words; a timeout during the handshake stays a timeout.
import { test, expect } from '@playwright/test';
import { ctx, errno, line, log, one, OSES } from '../../../tests/support/doctor-conditions.js';

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

  test(`${os}: no status line is upstream-invalid-header: another program on the port, or TLS to an http:// proxy_pass; nginx passed the bytes on as HTTP/0.9`, () => {
    const i = one(os, line(os, { level: 'error', conn: 4, message: 'upstream sent no valid HTTP/1.0 header', action: HEADER, ...ctx('GET /api/employee/page HTTP/1.1', 'http://127.0.0.1:8080/admin/employee/page') }));
    expect(i.condition).toBe('upstream-invalid-header');
    expect(i.cause).toContain('What answered GET /api/employee/page on 127.0.0.1:8080 does not speak HTTP');
    expect(i.cause).toContain('an HTTP/0.9 answer, 009 in the access log');
    expect(i.cause).toContain('port 8080 is held by a program that does not speak HTTP');
    expect(i.fix).toContain('if it is not the admin server, stop it');
    expect(i.fix).toContain(os === 'windows' ? '"netstat -ano | findstr :8080", then "tasklist' : `"ss -ltnp 'sport = :8080'"`);
  });

  test(`${os}: a header line nginx refuses is upstream-invalid-header, the byte and the header named; a GET's retry with invalid_header is the same incident`, () => {
    const bad = (upstream: string, quoted: string) => line(os, { level: 'error', conn: 4, message: `upstream sent invalid header: "${quoted}"`, action: HEADER, ...ctx('GET /api/employee/page HTTP/1.1', upstream) });
    const space = one(os, bad('http://[::1]:8080/admin/employee/page', 'Content\\x20...'));
    expect(space.condition).toBe('upstream-invalid-header');
    expect(space.cause).toContain('a space in the name of the header that starts "Content" (nginx quotes the line up to that byte: "Content\\x20...")');
    expect(space.cause).toContain('without trying the other address (invalid_header is not in proxy_next_upstream\'s default)');
    expect(space.fix).toContain('"curl -v http://127.0.0.1:8080/admin/employee/page"');
    const nul = log(os, [bad('http://[::1]:8080/admin/employee/page', 'X-Trace: a\\x00...'), bad('http://127.0.0.1:8080/admin/employee/page', 'X-Trace: a\\x00...')]);
    expect(nul.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['upstream-invalid-header 1,2']);
    expect(nul.incidents[0].cause).toContain('a NUL byte in the value of its header "X-Trace"');
    expect(one(os, bad('http://127.0.0.1:9000/', 'X-A\\x0d...')).cause).toContain('a carriage return (CR) with no line feed after it in the name of the header that starts "X-A"');
    // An upstream that is not the course's admin server is named as what it is.
    expect(one(os, line(os, { level: 'error', conn: 4, message: 'upstream sent invalid header: "Set Cookie\\x20..."', action: HEADER, ...ctx('GET / HTTP/1.1', 'http://127.0.0.1:9000/') })).cause).toMatch(/^The upstream \(127\.0\.0\.1:9000\)/);
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

test('a failed TLS handshake with a client (no "to upstream") is not upstream-ssl: a client\'s bad request, harmless', () => {
  const i = one('linux', line('linux', { level: 'crit', conn: 7, message: 'SSL_do_handshake() failed (SSL: error:0A000076:SSL routines::no suitable signature algorithm)', action: 'SSL handshaking', client: '192.0.2.1', server: '0.0.0.0:443' }));
  expect(i.condition).toBe('client-bad-request');
  expect(i.cause).toContain("a client's TLS handshake failed");
  expect(i.detail?.harmless).toBe(true);
});
