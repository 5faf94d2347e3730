// The client family (conditions/client.ts): a reset apart from a close, malformed requests, the
// two "buffered to a temporary file" warnings (harmless), and limit_req / limit_conn.
import { test, expect } from '@playwright/test';
import { isProblem } from '../../doctor/index.js';
import { ctx, errno, line, log, one, OSES } from '../../../tests/support/doctor-conditions.js';

for (const os of OSES) {
  test(`${os}: a client's reset is client-reset, its close client-closed, both harmless`, () => {
    const reset = one(os, line(os, { level: 'info', conn: 2, message: os === 'windows' ? 'WSARecv() failed' : 'recv() failed', errno: errno(os, 'reset'), action: 'reading client request line', client: '192.0.2.5', server: 'example.com' }));
    expect(reset.condition).toBe('client-reset');
    const closed = one(os, line(os, { level: 'info', conn: 3, message: 'client prematurely closed connection', action: 'reading client request body', ...ctx('POST /upload HTTP/1.1') }));
    expect(closed.condition).toBe('client-closed');
    expect([reset, closed].some(isProblem)).toBe(false);
  });

  test(`${os}: the two buffered-to-a-temporary-file warnings are their own conditions, harmless`, () => {
    const temp = os === 'windows' ? 'C:\\nginx/temp/client_body_temp/0000000003' : '/var/cache/nginx/client_temp/0000000003';
    const body = one(os, line(os, { level: 'warn', conn: 3, message: `a client request body is buffered to a temporary file ${temp}`, ...ctx('POST /upload HTTP/1.1') }));
    expect([body.condition, isProblem(body)]).toEqual(['body-buffered', false]);
    const response = one(os, line(os, { level: 'warn', conn: 4, message: `an upstream response is buffered to a temporary file ${temp.replace('client_body_temp', 'proxy_temp').replace('client_temp', 'proxy_temp')}`, action: 'reading upstream', ...ctx('GET /big.csv HTTP/1.1', 'http://127.0.0.1:3000/big.csv') }));
    expect([response.condition, isProblem(response)]).toEqual(['response-buffered', false]);
  });
}

test('client sent ...: invalid method (TLS to a plain port), plain HTTP to an HTTPS port, invalid chunked body, too long header', () => {
  const bad = (message: string, action = 'reading client request headers') => one('linux', line('linux', { level: 'info', conn: 8, message, action, ...ctx('GET / HTTP/1.1') }));
  expect(bad('client sent invalid method', 'reading client request line').cause).toContain('TLS handshake to a plain-HTTP port');
  expect(bad('client sent plain HTTP request to HTTPS port').cause).toContain('plain HTTP to a port that listens with "ssl"');
  expect(bad('client sent invalid chunked body', 'reading client request body').cause).toContain('not valid chunked encoding');
  expect(bad('client sent too long header line: "Cookie: a=..."').fix).toContain('large_client_header_buffers');
  for (const m of ['client sent invalid host header', 'client sent invalid request']) expect(bad(m).condition, m).toBe('client-bad-request');
});

test('limiting requests and connections: rate-limited, per zone; delaying alone needs no action', () => {
  const limited = (message: string, level: 'error' | 'warn' = 'error', conn = 1) => line('linux', { level, conn, message, ...ctx('GET /api/items HTTP/1.1') });
  const d = log('linux', [limited('limiting requests, excess: 20.500 by zone "api"'), limited('limiting requests, excess: 21.010 by zone "api"', 'error', 2), limited('limiting connections by zone "perip"', 'error', 3)]);
  expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['rate-limited 1,2', 'rate-limited 3']);
  expect(d.incidents[0].cause).toContain('were refused (503 by default) by limit_req zone "api"');
  expect(d.incidents[1].cause).toContain('limit_conn zone "perip"');
  const delayed = one('linux', limited('delaying request, excess: 0.500, by zone "api"', 'warn'));
  expect([delayed.condition, isProblem(delayed)]).toEqual(['rate-limited', false]);
});
