// nginx 1.22.1's error-log line: its fields, their order and when each is present.
// Every case refuses its request (nothing listens upstream), so each one writes lines.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';

const CONNECT_FAILED = 'connect() failed (111: Connection refused) while connecting to upstream';

test('1: referrer comes last, after host, spelled "referrer"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const r = await p.send(get('/api/users?x=1', p.port, ['Referer: http://example.com/page']));
  expect(r.status).toBe(502);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: 127.0.0.1, server: localhost, request: "GET /api/users?x=1 HTTP/1.1", upstream: "http://[::1]:U/admin/users?x=1", host: "127.0.0.1:P", referrer: "http://example.com/page"`,
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: 127.0.0.1, server: localhost, request: "GET /api/users?x=1 HTTP/1.1", upstream: "http://127.0.0.1:U/admin/users?x=1", host: "127.0.0.1:P", referrer: "http://example.com/page"`,
  ]);
});

test('1: a client on ::1 is logged as ::1 with its Host header as sent', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const r = await p.send(`GET /api/v6client HTTP/1.1\r\nHost: [::1]:${p.port}\r\nReferer: http://ref.example/a?b=c\r\n\r\n`, { host: '::1' });
  expect(r.status).toBe(502);
  expect(r.body).toBe(PAGES[502]);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: ::1, server: localhost, request: "GET /api/v6client HTTP/1.1", upstream: "http://[::1]:U/admin/v6client", host: "[::1]:P", referrer: "http://ref.example/a?b=c"`,
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: ::1, server: localhost, request: "GET /api/v6client HTTP/1.1", upstream: "http://127.0.0.1:U/admin/v6client", host: "[::1]:P", referrer: "http://ref.example/a?b=c"`,
  ]);
  await expect.poll(() => p.access()).toEqual(['::1 - - [TIME] "GET /api/v6client HTTP/1.1" 502 157 "http://ref.example/a?b=c" "-"']);
});

test('1: no host field when the request had no Host header (HTTP/1.0)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const r = await p.send('GET /api/nohost HTTP/1.0\r\n\r\n');
  expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
  // An HTTP/1.0 client without keep-alive gets Connection: close, and the connection is closed.
  expect(r.headers.find(([n]) => n === 'Connection')).toEqual(['Connection', 'close']);
  expect(r.closed).toBe(true);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: 127.0.0.1, server: localhost, request: "GET /api/nohost HTTP/1.0", upstream: "http://[::1]:U/admin/nohost"`,
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: 127.0.0.1, server: localhost, request: "GET /api/nohost HTTP/1.0", upstream: "http://127.0.0.1:U/admin/nohost"`,
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /api/nohost HTTP/1.0" 502 157 "-" "-"']);
});

test('1: host and referrer are printed verbatim (a foreign Host, "Referer: -")', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  await p.send(get('/api/first', p.port));
  const r = await p.send(`GET /api/noua HTTP/1.1\r\nHost: weird.example:9999\r\nReferer: -\r\n\r\n`);
  expect(r.status).toBe(502);
  expect(p.requestLog().slice(2)).toEqual([
    'TIME [error] PID: *5 no live upstreams while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/noua HTTP/1.1", upstream: "http://localhost/admin/noua", host: "weird.example:9999", referrer: "-"',
  ]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /api/first HTTP/1.1" 502 157 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/noua HTTP/1.1" 502 157 "-" "-"',
  ]);
});

test('1: server is the first server_name of the block, whatever the Host', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', serverName: 'localhost alias.example' });
  await p.send(`GET /api/s HTTP/1.1\r\nHost: alias.example\r\n\r\n`);
  expect(p.requestLog()).toEqual([
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: 127.0.0.1, server: localhost, request: "GET /api/s HTTP/1.1", upstream: "http://[::1]:U/admin/s", host: "alias.example"`,
    `TIME [error] PID: *2 ${CONNECT_FAILED}, client: 127.0.0.1, server: localhost, request: "GET /api/s HTTP/1.1", upstream: "http://127.0.0.1:U/admin/s", host: "alias.example"`,
  ]);
});

test('1: the default level (error) writes no [warn] or [info] line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  // Refused twice ([warn] upstream server temporarily disabled x2), then a 400 ([info]).
  await p.send(get('/api/w', p.port));
  await p.send('GET /api/%zz HTTP/1.1\r\nHost: x\r\n\r\n');
  await expect.poll(() => p.access().length).toBe(2);
  expect(p.errorLog().map((l) => /\[(\w+)\]/.exec(l)![1])).toEqual(['error', 'error']);
});

test('1: error_log with level warn writes [warn] but not [info]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', errorLogLevel: 'warn' });
  await p.send(get('/api/w', p.port));
  await p.send('GET /api/%zz HTTP/1.1\r\nHost: x\r\n\r\n');
  await expect.poll(() => p.access().length).toBe(2);
  expect(p.requestLog().map((l) => /\[(\w+)\]/.exec(l)![1])).toEqual(['error', 'warn', 'error', 'warn']);
});
