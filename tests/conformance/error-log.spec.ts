// nginx 1.22.1's error-log line: its fields, their order and when each is present.
// Every case refuses its request (nothing listens upstream), so each one writes lines.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

test('error_log ... debug (nginx built --with-debug): a location\'s debug log has the [debug] lines written after its choice, the server\'s the one before; an info log none', async ({ startProxy }) => {
  const p = await startProxy({
    conf: `error_log logs/error.log info;
pid logs/nginx.pid;
events { worker_connections 64; }
worker_processes 1;
http {
    server {
        error_log logs/server.log debug;
        listen 127.0.0.1:P;
        server_name localhost;
        location / { root html; }
        location /debug { error_log logs/debug.log debug; error_log logs/info.log info; client_max_body_size 2k; }
        location = /exact { return 204; }
    }
}
`,
  });
  const log = (file: string) => {
    try {
      return readFileSync(join(p.prefix, 'logs', file), 'latin1').split('\n').filter(Boolean).map((l) => p.normalise(l));
    } catch {
      return [];
    }
  };
  // nginx writes many more [debug] lines: these are the ones the embedded engine writes too.
  const ours = /\[debug\] PID: \*\d+ (using configuration|http cl:|http close request|http log handler)/;
  const debugOf = (file: string) => log(file).filter((l) => ours.test(l) && !/^TIME \[debug\] PID: \*1 /.test(l));
  expect((await p.send('GET /debug/x HTTP/1.0\r\n\r\n')).status).toBe(404);
  expect((await p.send('GET /exact HTTP/1.0\r\nContent-Length: 0\r\n\r\n')).status).toBe(204);
  await expect.poll(() => debugOf('server.log').length).toBe(5);
  expect(debugOf('server.log')).toEqual([
    'TIME [debug] PID: *2 using configuration "/debug"',
    'TIME [debug] PID: *3 using configuration "=/exact"',
    'TIME [debug] PID: *3 http cl:0 max:1048576',
    'TIME [debug] PID: *3 http close request',
    'TIME [debug] PID: *3 http log handler',
  ]);
  expect(debugOf('debug.log')).toEqual(['TIME [debug] PID: *2 http cl:-1 max:2048', 'TIME [debug] PID: *2 http close request', 'TIME [debug] PID: *2 http log handler']);
  // The other lines (nginx's [debug] of a response head spans several).
  expect(log('debug.log').filter((l) => /^TIME \[(?!debug)/.test(l))).toEqual(log('info.log'));
  expect(log('info.log')).toEqual(['TIME [error] PID: *2 open() "PREFIX/html/debug/x" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /debug/x HTTP/1.0"']);
  expect(log('error.log').filter((l) => l.includes('[debug]'))).toEqual([]);
});
