// The upstream family (harness/doctor/conditions/upstream.ts): refused, unreachable, connect and
// read timeouts, on both profiles; a route error is never a timeout, and a refused try on nginx's
// own port is a loop only for a browser on nginx's machine.
import { test, expect } from '@playwright/test';
import { ctx, errno, line, log, one, OSES } from '../../../tests/support/doctor-conditions.js';

const CONNECTING = 'connecting to upstream';

for (const os of OSES) {
  test(`${os}: no route to the upstream is upstream-unreachable, never a timeout (113/101 and their Winsock codes)`, () => {
    for (const name of ['hostUnreachable', 'netUnreachable'] as const) {
      for (const message of ['connect() failed', 'connect() to 10.0.0.7:8080 failed']) {
        const i = one(os, line(os, { level: 'error', conn: 3, message, errno: errno(os, name), action: CONNECTING, ...ctx('GET /api/x HTTP/1.1', 'http://10.0.0.7:8080/x') }));
        expect(i.condition, `${name} ${message}`).toBe('upstream-unreachable');
        expect(i.cause).toContain(`could not reach 10.0.0.7:8080 at all (${errno(os, name).code}: ${errno(os, name).text})`);
        expect(i.cause + i.fix).not.toMatch(/timeout|timed out/);
        expect(i.fix).toContain(os === 'windows' ? '"Test-NetConnection 10.0.0.7 -Port 8080" in PowerShell' : '"nc -vz 10.0.0.7 8080"');
      }
    }
  });

  test(`${os}: a connect that timed out is upstream-connect-timeout, apart from the read timeout`, () => {
    const connect = one(os, line(os, { level: 'error', conn: 5, message: 'upstream timed out', errno: errno(os, 'timedOut'), action: CONNECTING, ...ctx('GET /x HTTP/1.1', 'http://192.0.2.80:8080/x') }));
    expect(connect.condition).toBe('upstream-connect-timeout');
    expect(connect.cause).toContain('within proxy_connect_timeout');
    expect(connect.cause).toContain('the service never got the request');
    const kernel = one(os, line(os, { level: 'error', conn: 5, message: 'connect() failed', errno: errno(os, 'timedOut'), action: CONNECTING, ...ctx('GET /x HTTP/1.1', 'http://192.0.2.80:8080/x') }));
    expect(kernel.condition).toBe('upstream-connect-timeout');
    const read = one(os, line(os, { level: 'error', conn: 6, message: 'upstream timed out', errno: errno(os, 'timedOut'), action: 'reading response header from upstream', ...ctx('GET /x HTTP/1.1', 'http://192.0.2.80:8080/x') }));
    expect(read.condition).toBe('upstream-timeout');
    expect(read.cause).toContain('did not answer within proxy_read_timeout');
  });

  test(`${os}: a connect timeout retried on the next peer is one incident; two requests are two`, () => {
    const req = ctx('GET /x HTTP/1.1');
    const d = log(os, [
      line(os, { level: 'error', conn: 9, message: 'upstream timed out', errno: errno(os, 'timedOut'), action: CONNECTING, ...req, upstream: 'http://10.0.0.1:80/x', time: '2025/03/14 10:20:30' }),
      line(os, { level: 'error', conn: 9, message: 'upstream timed out', errno: errno(os, 'timedOut'), action: CONNECTING, ...req, upstream: 'http://10.0.0.2:80/x', time: '2025/03/14 10:21:30' }),
      line(os, { level: 'error', conn: 14, message: 'upstream timed out', errno: errno(os, 'timedOut'), action: CONNECTING, ...ctx('GET /y HTTP/1.1', 'http://10.0.0.1:80/y'), time: '2025/03/14 10:22:00' }),
    ]);
    expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['upstream-connect-timeout 1,2', 'upstream-connect-timeout 3']);
    expect(d.incidents[0].cause).toContain('10.0.0.1:80 and 10.0.0.2:80');
  });

  test(`${os}: a refused try on the Host's own port is nginx proxying to itself only for a local browser`, () => {
    const refused = { level: 'error' as const, conn: 1, message: 'connect() failed', errno: errno(os, 'refused'), action: CONNECTING, server: 'localhost', request: 'GET /api/x HTTP/1.1', upstream: 'http://[::1]:8080/x', host: 'localhost:8080' };
    expect(one(os, line(os, { ...refused, client: '127.0.0.1' })).condition).toBe('proxy-loop');
    // In a container the Host's port is the published one: 127.0.0.1:8080 there is the container itself, not nginx's port.
    expect(one(os, line(os, { ...refused, client: '172.18.0.1' })).condition).toBe('upstream-refused');
  });
}

test('macOS and the BSDs: kevent() reported that connect() failed (61) is a refused try; 60 a connect timeout', () => {
  const base = { level: 'error' as const, conn: 2, action: CONNECTING, ...ctx('GET / HTTP/1.1', 'http://127.0.0.1:3000/') };
  expect(one('linux', line('linux', { ...base, message: 'kevent() reported that connect() failed', errno: { code: 61, text: 'Connection refused' } })).condition).toBe('upstream-refused');
  expect(one('linux', line('linux', { ...base, message: 'kevent() reported that connect() failed', errno: { code: 60, text: 'Operation timed out' } })).condition).toBe('upstream-connect-timeout');
});

test('a lone refused try of another upstream than the admin API is said as an inference: the log cannot show how many servers the upstream has', () => {
  const i = one('linux', line('linux', { level: 'error', conn: 9, message: 'connect() failed', errno: errno('linux', 'refused'), action: CONNECTING, ...ctx('GET /ws/abc HTTP/1.1', 'http://127.0.0.1:8082/ws/abc') }));
  expect(i.condition).toBe('upstream-refused');
  expect(i.detail?.verdict).toBe('not-running');
  expect(i.cause).toContain("if 127.0.0.1:8082 is the only server of this location's upstream");
  expect(i.cause).toContain('got 502 Bad Gateway (inferred');
  expect(i.cause).not.toContain("127.0.0.1:8082 is the only server of this location's upstream)");
});
