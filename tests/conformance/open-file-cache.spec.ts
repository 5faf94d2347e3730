// open_file_cache and its settings, as confs copied from tutorials set them: checked as nginx
// checks them, and the same answers with them (a file, a missing file twice, a proxied request).
// What the engine does not do is in docs/nginx-parity.md: it never answers from a cached stat.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { startExpectingFailure } from '../support/startup.js';

const CACHE = `open_file_cache max=1000 inactive=20s; open_file_cache_valid 30s; open_file_cache_min_uses 2;
    open_file_cache_errors on; open_file_cache_events on; fastcgi_intercept_errors on;`;

test('open_file_cache max=1000 inactive=20s with valid, min_uses, errors, events (and fastcgi_intercept_errors): the same answers as without', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: CACHE });
  for (let i = 0; i < 3; i++) {
    const r = await p.send(get('/x', p.port));
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(r.body).toBe('hello\n');
  }
  // A missing file is a 404 and an error line each time, cached error or not.
  for (let i = 0; i < 2; i++) expect((await p.send(get('/missing', p.port))).statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(p.requestLog().filter((l) => l.includes('open() "PREFIX/html/missing" failed (2: No such file or directory)'))).toHaveLength(2);
  expect((await p.send(get('/api/x', p.port))).statusLine).toBe('HTTP/1.1 200 OK');
});

test('open_file_cache off, and the cache set in a server and a location: started and served', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', http: 'open_file_cache off;', server: 'open_file_cache max=10;', static: 'open_file_cache max=5 inactive=1m; open_file_cache_valid 1h;' });
  expect((await p.send(get('/x', p.port))).body).toBe('hello\n');
});

for (const [directive, message] of [
  ['open_file_cache max=0', 'invalid "open_file_cache" parameter "max=0"'],
  ['open_file_cache max=x', 'invalid "open_file_cache" parameter "max=x"'],
  ['open_file_cache max=10 inactive=5ms', 'invalid "open_file_cache" parameter "inactive=5ms"'],
  ['open_file_cache max=10 on', 'invalid "open_file_cache" parameter "on"'],
  ['open_file_cache inactive=20s', '"open_file_cache" must have the "max" parameter'],
  ['open_file_cache max=1 a b', 'invalid number of arguments in "open_file_cache" directive'],
  ['open_file_cache max=1; open_file_cache off', '"open_file_cache" directive is duplicate'],
  ['open_file_cache_valid 5ms', '"open_file_cache_valid" directive invalid value'],
  ['open_file_cache_min_uses two', '"open_file_cache_min_uses" directive invalid number'],
  ['open_file_cache_errors yes', 'invalid value "yes" in "open_file_cache_errors" directive, it must be "on" or "off"'],
  ['fastcgi_intercept_errors 1', 'invalid value "1" in "fastcgi_intercept_errors" directive, it must be "on" or "off"'],
]) {
  test(`${directive}: refused at start, "${message}"`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { http: `${directive};` });
    const last = directive.split(';').pop()!.trim().split(' ')[0];
    const lines = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n');
    const line = lines.findIndex((l) => l.includes(last)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${line}`);
  });
}
