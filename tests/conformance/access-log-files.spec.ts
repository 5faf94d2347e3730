// Where ngx_http_log_module writes: `access_log ... gzip` (each buffer one gzip member, written at
// flush= or on exit), a path with variables (opened per request, under the prefix when relative,
// only while the request's root is a folder), and open_log_file_cache, which keeps a file open once
// it was used min_uses times, so that a moved folder still gets its lines.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startExpectingFailure } from '../support/startup.js';

const conf = (http: string, server = '') => `worker_processes 1;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 64; }
http {
    log_format uri '$uri';
${http}
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        location / { root html; }
${server}
    }
}
`;

const text = (path: string) => (existsSync(path) ? readFileSync(path, 'latin1') : '');

test('access_log gzip: the lines wait in the buffer until flush=, then go out as one gzip member at the level given', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf('', 'location /z/ { access_log logs/z.log.gz uri gzip=9 buffer=64k flush=300ms; return 200 "z"; }') });
  const log = join(p.prefix, 'logs', 'z.log.gz');
  // Two requests in one write: their lines reach the buffer together, well within flush=.
  await p.send(get('/z/a', p.port) + get('/z/b', p.port, ['Connection: close']));
  await expect.poll(() => statSync(log).size).toBeGreaterThan(0);
  const bytes = readFileSync(log);
  // One member (one gzip header), compressed at level 9 (the header's XFL byte is 2 for the best compression).
  expect(bytes.toString('latin1').split('\x1f\x8b\x08').length - 1).toBe(1);
  expect([bytes[0], bytes[1], bytes[8]]).toEqual([0x1f, 0x8b, 2]);
  expect(gunzipSync(bytes).toString()).toBe('/z/a\n/z/b\n');
});

test('access_log gzip without flush=: the buffer is written when the process exits', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf('', 'location /z/ { access_log logs/z.log.gz uri gzip; return 200 "z"; }') });
  const log = join(p.prefix, 'logs', 'z.log.gz');
  expect((await p.send(get('/z/a', p.port))).status).toBe(200);
  expect(statSync(log).size).toBe(0);
  await p.stop();
  expect(gunzipSync(readFileSync(log)).toString()).toBe('/z/a\n');
});

test('a path with variables: one file per value, relative to the prefix; an empty value is part of the name', async ({ startProxy }) => {
  const p = await startProxy({ conf: conf('', 'location /v { access_log logs/v_$arg_n.log uri; return 200 "v"; }') });
  for (const q of ['?n=one', '?n=two', '?n=one', '', '?n=0']) expect((await p.send(get(`/v${q}`, p.port))).status).toBe(200);
  const logs = join(p.prefix, 'logs');
  await expect.poll(() => ['one', 'two', '', '0'].map((n) => text(join(logs, `v_${n}.log`)))).toEqual(['/v\n/v\n', '/v\n', '/v\n', '/v\n']);
  expect(p.requestLog()).toEqual([]);
});

test('a path with variables: no line while the request\'s root is no folder ([error] testing existence), nor when the file cannot be opened ([crit])', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf('', `location /noroot { root html/missing; access_log logs/r_$arg_n.log uri; return 200 "r"; }
        location /nodir { access_log logs/none/r_$arg_n.log uri; return 200 "r"; }`),
  });
  expect((await p.send(get('/noroot?n=a', p.port))).status).toBe(200);
  expect((await p.send(get('/nodir?n=b', p.port))).status).toBe(200);
  await expect.poll(() => p.requestLog()).toEqual([
    'TIME [error] PID: *2 testing "PREFIX/html/missing" existence failed (2: No such file or directory) while logging request, client: 127.0.0.1, server: localhost, request: "GET /noroot?n=a HTTP/1.1", host: "127.0.0.1:P"',
    'TIME [crit] PID: *3 open() "PREFIX/logs/none/r_b.log" failed (2: No such file or directory) while logging request, client: 127.0.0.1, server: localhost, request: "GET /nodir?n=b HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  expect(existsSync(join(p.prefix, 'logs', 'r_a.log'))).toBe(false);
});

test('open_log_file_cache: a file used min_uses times stays open (its moved folder still gets lines), one used less is opened by name; the least recently used of max is closed', async ({ startProxy }) => {
  const p = await startProxy({
    conf: conf('', `location /c {
            open_log_file_cache max=3 inactive=20s valid=1m min_uses=2;
            access_log logs/dir/c_$arg_n uri;
            return 200 "c";
        }`),
  });
  const dir = join(p.prefix, 'logs', 'dir');
  mkdirSync(dir);
  const hit = async (n: string) => expect((await p.send(get(`/c?n=${n}`, p.port))).status).toBe(200);
  // lru: kept open after its second use; once: used once; first and second fill the cache, and
  // second's arrival closes lru, the least recently used.
  for (const n of ['lru', 'lru', 'once', 'first', 'first', 'second', 'second']) await hit(n);
  renameSync(dir, `${dir}_moved`);
  for (const n of ['lru', 'once', 'first', 'second']) await hit(n);
  const lines = (n: string) => text(join(`${dir}_moved`, `c_${n}`)).split('\n').filter(Boolean).length;
  await expect.poll(() => ['lru', 'once', 'first', 'second'].map(lines)).toEqual([2, 1, 3, 3]);
  // The two opened by name in the moved folder's place lost their lines, each with a [crit].
  await expect.poll(() => p.requestLog().map((l) => /\[crit\] .*open\(\) "PREFIX\/logs\/dir\/(c_\w+)" failed/.exec(l)?.[1])).toEqual(['c_lru', 'c_once']);
});

test('access_log parameters nginx refuses: a compression level out of 1-9, a buffer with variables in the path, one file buffered two ways', async ({ engine }, testInfo) => {
  const cases: [server: string, at: string, message: string][] = [
    ['access_log logs/a.log combined gzip=10;', 'access_log', 'invalid compression level "10"'],
    ['access_log logs/$host.log combined buffer=4k;', 'access_log', 'buffered logs cannot have variables in name'],
    ['location /a { access_log logs/a.log combined buffer=4k; }\n        location /b { access_log logs/a.log combined buffer=8k; }', 'location /b', 'access_log "logs/a.log" already defined with conflicting parameters'],
  ];
  for (const [i, [server, at, message]] of cases.entries()) {
    const text = conf('', server);
    const line = text.split('\n').findIndex((l) => l.trim().startsWith(at)) + 1;
    const f = await startExpectingFailure(engine, testInfo.outputPath(`bad-${i}`), { conf: text });
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  }
});
