// try_files (ngx_http_core_try_files_phase()): a Vue/React SPA in history mode, the fallbacks
// (a URI, `=code`, `@name`), alias, and the redirect cycle, as nginx 1.22.1 answers them.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { ProxyUnderTest } from '../support/proxy-under-test.js';
import { firstClosedFolder, workerUser } from '../../harness/embedded/files/worker-user.js';
import { get } from '../support/raw-http.js';
import { PAGES, withoutDate, pageHeaders } from '../support/pages.js';
import { logLine, serverConf, writeFiles } from '../support/locations-conf.js';

const SPA = serverConf(`
        location / {
            try_files $uri $uri/ /index.html;
        }
        location /assets/ {
            try_files $uri =404;
        }`);

test('a history-mode SPA: a file is served, a route and a miss get index.html, a directory its 301', async ({ startProxy }) => {
  const p = await startProxy({ conf: SPA });
  writeFiles(p.prefix, { 'html/assets/app.js': 'app();\n' });
  const index = statSync(join(p.prefix, 'html', 'index.html'));
  const js = statSync(join(p.prefix, 'html', 'assets', 'app.js'));
  const root = await p.send(get('/', p.port));
  expect(root.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(root.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '15'],
    ['Last-Modified', index.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['ETag', `"${Math.floor(index.mtimeMs / 1000).toString(16)}-f"`],
    ['Accept-Ranges', 'bytes'],
  ]);
  expect(root.body).toBe('<h1>index</h1>\n');
  for (const route of ['/login', '/users/42?tab=1', '/missing.css']) {
    const r = await p.send(get(route, p.port));
    expect(r.statusLine, route).toBe('HTTP/1.1 200 OK');
    expect(r.body, route).toBe('<h1>index</h1>\n');
  }
  const app = await p.send(get('/assets/app.js', p.port));
  expect(withoutDate(app.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/javascript'],
    ['Content-Length', '7'],
    ['Last-Modified', js.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['ETag', `"${Math.floor(js.mtimeMs / 1000).toString(16)}-7"`],
    ['Accept-Ranges', 'bytes'],
  ]);
  expect(app.body).toBe('app();\n');
  // `$uri/` finds the directory, the URI stays /dir, and the static handler redirects to the slash.
  const dir = await p.send(get('/dir?a=1', p.port));
  expect(dir.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(dir.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/dir/?a=1`]);
  // With the slash, `$uri` is a directory (not a file) and `$uri/` is it: the index module, no index.html.
  const slash = await p.send(get('/dir/', p.port));
  expect(slash.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(slash.body).toBe(PAGES[403]);
  // A missing asset under `=404`: nginx's page, and no error-log line at all.
  const miss = await p.send(get('/assets/nothing.js', p.port));
  expect(miss.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(withoutDate(miss.headers)).toEqual(pageHeaders(153));
  expect(miss.body).toBe(PAGES[404]);
  expect(p.requestLog()).toEqual([logLine(8, 'error', 'directory index of "PREFIX/html/dir/" is forbidden', 'GET /dir/ HTTP/1.1')]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET / HTTP/1.1" 200 15 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /login HTTP/1.1" 200 15 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /users/42?tab=1 HTTP/1.1" 200 15 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /missing.css HTTP/1.1" 200 15 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /assets/app.js HTTP/1.1" 200 7 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /dir?a=1 HTTP/1.1" 301 169 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /dir/ HTTP/1.1" 403 153 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /assets/nothing.js HTTP/1.1" 404 153 "-" "-"',
  ]);
});

test('an SPA under a sub-path by alias without slashes: /admin, /admin/, a route, an asset', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /admin {
            alias dist/admin;
            try_files $uri $uri/ /admin/index.html;
        }`),
  });
  writeFiles(p.prefix, { 'dist/admin/index.html': '<h1>admin</h1>\n', 'dist/admin/js/app.js': 'app();\n' });
  const rs: [string, number, string][] = [];
  for (const u of ['/admin', '/admin/', '/admin/users/7', '/admin/js/app.js', '/adminx']) {
    const r = await p.send(get(u, p.port));
    rs.push([u, r.status, r.headers.find(([n]) => n === 'Location')?.[1] ?? r.body]);
  }
  expect(rs).toEqual([
    ['/admin', 301, `http://127.0.0.1:${p.port}/admin/`],
    ['/admin/', 200, '<h1>admin</h1>\n'],
    ['/admin/users/7', 200, '<h1>admin</h1>\n'],
    ['/admin/js/app.js', 200, 'app();\n'],
    ['/adminx', 200, '<h1>admin</h1>\n'],
  ]);
  expect(p.requestLog()).toEqual([]);
});

test('the fallback URI drops the request\'s args unless it names them; a named location keeps the URI', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /a/ { try_files $uri /api/fallback; }
        location /b/ { try_files $uri /api/fallback?from=$uri&$args; }
        location /c/ { try_files $uri @backend; }
        location /api/ { proxy_pass http://localhost:U/admin/; }
        location @backend { proxy_pass http://localhost:U; }`),
  });
  for (const t of ['/a/x?q=1', '/b/x?q=1', '/c/x%41?q=1']) expect((await p.send(get(t, p.port))).status, t).toBe(200);
  expect(p.upstream.received.map((r) => r.raw.split('\r\n')[0])).toEqual([
    'GET /admin/fallback HTTP/1.0',
    'GET /admin/fallback?from=/b/x&q=1 HTTP/1.0',
    'GET /c/x%41?q=1 HTTP/1.0',
  ]);
});

test('a named location by try_files and by error_page: `= @name` answers with its status, `@name` with the error\'s', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location / { try_files $uri $uri/ @router; }
        location @router { try_files /index.html =500; }
        location /e/ { error_page 404 = @router; }
        location /f/ { error_page 404 @router; }`),
  });
  const routed = await p.send(get('/some/route', p.port));
  expect(routed.statusLine).toBe('HTTP/1.1 200 OK');
  expect(routed.body).toBe('<h1>index</h1>\n');
  const overwritten = await p.send(get('/e/a', p.port));
  expect(overwritten.statusLine).toBe('HTTP/1.1 200 OK');
  expect(overwritten.body).toBe('<h1>index</h1>\n');
  const kept = await p.send(get('/f/a', p.port));
  expect(kept.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(kept.body).toBe('<h1>index</h1>\n');
  expect(p.requestLog()).toEqual([
    logLine(3, 'error', 'open() "PREFIX/html/e/a" failed (2: No such file or directory)', 'GET /e/a HTTP/1.1'),
    logLine(4, 'error', 'open() "PREFIX/html/f/a" failed (2: No such file or directory)', 'GET /f/a HTTP/1.1'),
  ]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /some/route HTTP/1.1" 200 15 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /e/a HTTP/1.1" 200 15 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /f/a HTTP/1.1" 404 15 "-" "-"',
  ]);
});

test('a redirect cycle ends after 10 with a 500 (to a URI or to a named location), a missing named location at once', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /loop/ { try_files $uri /loop/again; }
        location /n/ { try_files $uri @nosuch; }
        location /named/ { try_files /nothing @again; }
        location @again { try_files /nothing @again; }`),
  });
  for (const t of ['/loop/a', '/n/a', '/named/a']) {
    const r = await p.send(get(t, p.port));
    expect(r.statusLine, t).toBe('HTTP/1.1 500 Internal Server Error');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(177, 'close'));
    expect(r.body).toBe(PAGES[500]);
  }
  expect(p.requestLog()).toEqual([
    logLine(2, 'error', 'rewrite or internal redirection cycle while internally redirecting to "/loop/again"', 'GET /loop/a HTTP/1.1'),
    logLine(3, 'error', 'could not find named location "@nosuch"', 'GET /n/a HTTP/1.1'),
    logLine(4, 'error', 'rewrite or internal redirection cycle while redirect to named location "@again"', 'GET /named/a HTTP/1.1'),
  ]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /loop/a HTTP/1.1" 500 177 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /n/a HTTP/1.1" 500 177 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /named/a HTTP/1.1" 500 177 "-" "-"',
  ]);
});

test('try_files with alias: the location\'s name replaced by the alias path; a regex alias with $uri finds nothing (nginx\'s own bug)', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /t/ {
            alias data/up/;
            try_files $uri $uri/ =404;
        }
        location ~ ^/rt/(.*)$ {
            alias data/up/$1;
            try_files $uri =404;
        }
        location /m/ {
            alias data/up/;
            index none.html index.html;
            try_files $uri $uri/ =404;
        }
        location /abs/ {
            alias data/up/;
            index none.html /index.html;
        }`),
  });
  writeFiles(p.prefix, { 'data/up/a.txt': 'up\n', 'data/up/sub/index.html': 'idx\n' });
  const file = await p.send(get('/t/a.txt', p.port));
  expect(file.statusLine).toBe('HTTP/1.1 200 OK');
  expect(file.body).toBe('up\n');
  const dir = await p.send(get('/t/sub', p.port));
  expect(dir.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(dir.headers.find(([n]) => n === 'Location')).toEqual(['Location', `http://127.0.0.1:${p.port}/t/sub/`]);
  expect((await p.send(get('/t/sub/', p.port))).body).toBe('idx\n');
  expect((await p.send(get('/t/zz', p.port))).status).toBe(404);
  // The file tested is the alias ($1 evaluated) and then $uri: data/up/a.txt/rt/a.txt.
  const regex = await p.send(get('/rt/a.txt', p.port));
  expect(regex.statusLine).toBe('HTTP/1.1 404 Not Found');
  // The index module after try_files, under the alias: the second of the names is there.
  const index = await p.send(get('/m/sub/', p.port));
  expect(index.statusLine).toBe('HTTP/1.1 200 OK');
  expect(index.body).toBe('idx\n');
  // An absolute index name is a redirect to it, untested, when the names before it are not there.
  expect((await p.send(get('/abs/sub/', p.port))).body).toBe('<h1>index</h1>\n');
  expect(p.requestLog()).toEqual([]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /t/a.txt HTTP/1.1" 200 3 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /t/sub HTTP/1.1" 301 169 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /t/sub/ HTTP/1.1" 200 4 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /t/zz HTTP/1.1" 404 153 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /rt/a.txt HTTP/1.1" 404 153 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /m/sub/ HTTP/1.1" 200 4 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /abs/sub/ HTTP/1.1" 200 15 "-" "-"',
  ]);
});

test('try_files in the server block serves only what no location takes (it is not inherited)', async ({ startProxy }) => {
  const p = await startProxy({ conf: serverConf(`        try_files /index.html =404;\n        location /loc/ { }`) });
  expect((await p.send(get('/other', p.port))).body).toBe('<h1>index</h1>\n');
  expect((await p.send(get('/loc/zz', p.port))).status).toBe(404);
  expect(p.requestLog()).toEqual([logLine(3, 'error', 'open() "PREFIX/html/loc/zz" failed (2: No such file or directory)', 'GET /loc/zz HTTP/1.1')]);
});

test('a fallback to a proxied location\'s name without its slash is the 301 to it a client\'s request would get', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location / { try_files $uri /api; }
        location /e/ { error_page 404 /api; }
        location /api/ { proxy_pass http://localhost:U/admin/; }`),
  });
  for (const t of ['/nothing?q=1', '/e/zz']) {
    const r = await p.send(get(t, p.port));
    expect(r.statusLine, t).toBe('HTTP/1.1 301 Moved Permanently');
    expect(r.headers.find(([n]) => n === 'Location'), t).toEqual(['Location', `http://127.0.0.1:${p.port}/api/`]);
    expect(r.body).toBe(PAGES[301]);
  }
  expect(p.upstream.received).toEqual([]);
  expect(p.requestLog()).toEqual([logLine(3, 'error', 'open() "PREFIX/html/e/zz" failed (2: No such file or directory)', 'GET /e/zz HTTP/1.1')]);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET /nothing?q=1 HTTP/1.1" 301 169 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /e/zz HTTP/1.1" 301 169 "-" "-"',
  ]);
});

test('as root, nginx\'s workers run as nobody: try_files only stat()s, so an unreadable file fails at the handler\'s open(), a closed folder at a [crit] stat()', async ({ engine }) => {
  test.skip(process.getuid?.() !== 0, 'nginx keeps its own user when not started as root: nothing to show');
  const dir = mkdtempSync(join(tmpdir(), 'harness-nobody-'));
  chmodSync(dir, 0o755);
  expect(firstClosedFolder(workerUser({ masterProcess: true }, 'linux')!, dir), `nobody cannot reach ${dir}`).toBeUndefined();
  const p = await ProxyUnderTest.start(engine, dir, { upstream: 'dual', user: null, conf: serverConf('        location / { try_files $uri $uri/ =404; }') });
  try {
    writeFiles(p.prefix, { 'html/secret': 's', 'html/locked/f': 'f' });
    chmodSync(join(p.prefix, 'html', 'secret'), 0o600);
    chmodSync(join(p.prefix, 'html', 'locked'), 0o700);
    const statuses = [];
    for (const t of ['/secret', '/locked/f', '/locked']) statuses.push((await p.send(get(t, p.port))).status);
    expect(statuses).toEqual([403, 404, 403]);
    const denied = (n: number, level: string, call: string, path: string, t: string) => logLine(n, level, `${call} "PREFIX/html/${path}" failed (13: Permission denied)`, `GET ${t} HTTP/1.1`);
    expect(p.requestLog()).toEqual([
      denied(2, 'error', 'open()', 'secret', '/secret'),
      denied(3, 'crit', 'stat()', 'locked/f', '/locked/f'),
      denied(3, 'crit', 'stat()', 'locked/f', '/locked/f'),
      denied(4, 'error', 'open()', 'locked', '/locked'),
    ]);
  } finally {
    await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
