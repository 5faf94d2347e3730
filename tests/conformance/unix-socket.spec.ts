// UNIX-domain sockets: `listen unix:/path`, `allow unix:` / `deny unix:` (ngx_http_access_module's
// rules for such clients), and `proxy_pass http://unix:/path:/uri` (an upstream on a socket file,
// its Host `localhost`). A client of a socket file has the address `unix:` and no port.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';

/** A short folder for the socket files: a socket's path has room for 107 bytes only. */
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ngx-unix-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('listen unix: a client of the socket file is "unix:", with no port; allow unix: and deny unix: are for it only', async ({ startProxy }) => {
  const sock = join(dir, 's.sock');
  const p = await startProxy({
    server: `}
    server {
        listen unix:${sock};
        location /vars { return 200 "$remote_addr|$remote_port|$server_addr|$server_port|$binary_remote_addr"; }
        location /deny_unix { deny unix:; try_files /x =404; }
        location /allow_unix { allow unix:; deny all; try_files /x =404; }
        location /deny_all { deny all; }`,
  });
  // The server block of the TCP listens holds the same rules: an inet client is no unix: client.
  const r = await p.send(get('/vars', p.port), { path: sock });
  expect(r.body).toBe(`unix:||unix:${sock}||unix:`);
  expect((await p.send(get('/allow_unix', p.port), { path: sock })).body).toBe('hello\n');
  const denied = await p.send(get('/deny_unix', p.port), { path: sock });
  expect(denied.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(denied.body).toBe(PAGES[403]);
  expect((await p.send(get('/deny_all', p.port), { path: sock })).status).toBe(403);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *4 access forbidden by rule, client: unix:, server: , request: "GET /deny_unix HTTP/1.1", host: "127.0.0.1:P"',
    'TIME [error] PID: *5 access forbidden by rule, client: unix:, server: , request: "GET /deny_all HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  await expect.poll(() => p.access()).toEqual([
    'unix: - - [TIME] "GET /vars HTTP/1.1" 200 ' + `unix:||unix:${sock}||unix:`.length + ' "-" "-"',
    'unix: - - [TIME] "GET /allow_unix HTTP/1.1" 200 6 "-" "-"',
    'unix: - - [TIME] "GET /deny_unix HTTP/1.1" 403 153 "-" "-"',
    'unix: - - [TIME] "GET /deny_all HTTP/1.1" 403 153 "-" "-"',
  ]);
});

test('allow unix: and deny unix: are not for an inet client: deny unix: lets 127.0.0.1 in, allow unix: before deny all keeps it out', async ({ startProxy }) => {
  const p = await startProxy({ server: 'location /deny_unix { deny unix:; try_files /x =404; }\n        location /allow_unix { allow unix:; deny all; }' });
  expect((await p.send(get('/deny_unix', p.port))).body).toBe('hello\n');
  expect((await p.send(get('/allow_unix', p.port))).status).toBe(403);
});

test('proxy_pass http://unix:/path:/uri: the URI part replaces the location, Host is localhost, $proxy_port is empty', async ({ startProxy }) => {
  const sock = join(dir, 'up.sock');
  const p = await startProxy({
    server: `location /unix/ { proxy_pass http://unix:${sock}:/back/; add_header X-Proxy "$proxy_host|$proxy_port"; }
    }
    server {
        listen unix:${sock};
        location /back/ { return 200 "$http_host $request_uri $remote_addr"; }`,
  });
  const r = await p.send(get('/unix/x?a=1', p.port));
  expect(r.status).toBe(200);
  expect(r.body).toBe('localhost /back/x?a=1 unix:');
  expect(r.headers).toContainEqual(['X-Proxy', 'localhost|']);
});

test('proxy_pass to a socket file nobody made: a 502, and the connect() line naming the socket', async ({ startProxy }) => {
  const sock = join(dir, 'none.sock');
  const p = await startProxy({ server: `location /unix/ { proxy_pass http://unix:${sock}:/back/; }` });
  const r = await p.send(get('/unix/x', p.port));
  expect(r.status).toBe(502);
  expect(p.requestLog().map((l) => l.split(dir).join('DIR'))).toEqual([
    'TIME [crit] PID: *2 connect() to unix:DIR/none.sock failed (2: No such file or directory) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /unix/x HTTP/1.1", upstream: "http://unix:DIR/none.sock:/back/x", host: "127.0.0.1:P"',
  ]);
});

test('the socket file is made at start and removed when the server stops', async ({ startProxy }) => {
  const sock = join(dir, 'gone.sock');
  const p = await startProxy({ server: `}\n    server {\n        listen unix:${sock};` });
  expect(existsSync(sock)).toBe(true);
  await p.stop();
  expect(existsSync(sock)).toBe(false);
});

test('conf error: listen unix: without a path is nginx\'s [emerg]', async ({ engine }, testInfo) => {
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { server: 'listen unix:;' });
  const line = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes('listen unix:;')) + 1;
  expect(f.error.message).toBe(`nginx: [emerg] no path in the unix domain socket in "unix:" of the "listen" directive in ${f.prefix}/conf/nginx.conf:${line}`);
});
