// nginx 1.22.1's static files: `location / { root html; index index.html index.htm; }`. The
// prefix's html/ holds x ("hello\n"), index.html, style.css and an empty directory dir/.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { ProxyUnderTest } from '../support/proxy-under-test.js';
import { firstClosedFolder, workerUser } from '../../harness/embedded/files/worker-user.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, withoutDate, names, pageHeaders } from '../support/pages.js';

test('7f: a missing file: 404 page and open() "..." failed (2: No such file or directory) at [error]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/ap', p.port, ['Referer: http://r.example/']));
  expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(153));
  expect(r.body).toBe(PAGES[404]);
  expect(r.closed).toBe(false);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 open() "PREFIX/html/ap" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /ap HTTP/1.1", host: "127.0.0.1:P", referrer: "http://r.example/"',
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /ap HTTP/1.1" 404 153 "http://r.example/" "-"']);
});

test('7f: a missing directory on the way is the same ENOENT line on Linux', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/Api/x', p.port));
  expect(r.status).toBe(404);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 open() "PREFIX/html/Api/x" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /Api/x HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('7f: a path through a file (/x/y): open() fails with ENOTDIR (20: Not a directory), 404', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/x/y', p.port));
  expect(r.status).toBe(404);
  expect(r.body).toBe(PAGES[404]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 open() "PREFIX/html/x/y" failed (20: Not a directory), client: 127.0.0.1, server: localhost, request: "GET /x/y HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('7f: a file: 200 with nginx\'s static header order, default_type for a name without extension', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/x', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  const st = statSync(join(p.prefix, 'html', 'x'));
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'application/octet-stream'],
    ['Content-Length', '6'],
    ['Last-Modified', st.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['ETag', `"${Math.floor(st.mtimeMs / 1000).toString(16)}-6"`],
    ['Accept-Ranges', 'bytes'],
  ]);
  expect(r.body).toBe('hello\n');
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 200 6 "-" "-"']);
});

test('7f: the Content-Type comes from mime.types by extension', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/style.css', p.port));
  expect(r.headers.find(([n]) => n === 'Content-Type')).toEqual(['Content-Type', 'text/css']);
  expect(r.body).toBe('body{}\n');
});

test('7f: / is served by index.html (internal redirect)', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(names(r.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  expect(r.headers.find(([n]) => n === 'Content-Type')).toEqual(['Content-Type', 'text/html']);
  expect(r.body).toBe('<h1>index</h1>\n');
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET / HTTP/1.1" 200 15 "-" "-"']);
});

test('7f: a directory without an index file: 403 and "directory index of ... is forbidden"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/dir/', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 403 Forbidden');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(153));
  expect(r.body).toBe(PAGES[403]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 directory index of "PREFIX/html/dir/" is forbidden, client: 127.0.0.1, server: localhost, request: "GET /dir/ HTTP/1.1", host: "127.0.0.1:P"',
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /dir/ HTTP/1.1" 403 153 "-" "-"']);
});

test('7f: a directory without its slash: 301 to the slash, made absolute from Host and the listen port', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/dir?a=1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', '169'],
    ['Location', `http://127.0.0.1:${p.port}/dir/?a=1`],
    ['Connection', 'keep-alive'],
  ]);
  expect(r.body).toBe(PAGES[301]);
  expect(p.errorLog()).toEqual([]);
});

test('7f: a missing directory with a slash: ".../index.html" is not found', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/nodir/', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 404 Not Found');
  expect(r.body).toBe(PAGES[404]);
  expect(p.requestLog()).toEqual([
    'TIME [error] PID: *2 "PREFIX/html/nodir/index.html" is not found (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /nodir/ HTTP/1.1", host: "127.0.0.1:P"',
  ]);
});

test('7f: POST to a static file: 405 Not Allowed, no log line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(post('/x', p.port, 'a=1'));
  expect(r.statusLine).toBe('HTTP/1.1 405 Not Allowed');
  expect(withoutDate(r.headers)).toEqual(pageHeaders(157));
  expect(r.body).toBe(PAGES[405]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "POST /x HTTP/1.1" 405 157 "-" "-"']);
  expect(p.errorLog()).toEqual([]);
});

test('7f: DELETE on a static path: 405 whether or not the file exists', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r1 = await p.send(get('/x', p.port, [], 'DELETE'));
  const r2 = await p.send(get('/nothing', p.port, [], 'DELETE'));
  expect([r1.status, r2.status]).toEqual([405, 405]);
  expect(r2.body).toBe(PAGES[405]);
  expect(p.errorLog()).toEqual([]);
});

test('7f: HEAD on a file: the headers of the GET, no body', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const r = await p.send(get('/x', p.port, [], 'HEAD'), { head: true });
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(names(r.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  expect(r.raw.endsWith('\r\n\r\n')).toBe(true);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "HEAD /x HTTP/1.1" 200 0 "-" "-"']);
});

test('7f: If-Modified-Since with the file\'s own date: 304 with no body', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  const st = statSync(join(p.prefix, 'html', 'x'));
  const r = await p.send(get('/x', p.port, [`If-Modified-Since: ${st.mtime.toUTCString()}`]));
  expect(r.statusLine).toBe('HTTP/1.1 304 Not Modified');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Last-Modified', st.mtime.toUTCString()],
    ['Connection', 'keep-alive'],
    ['ETag', `"${Math.floor(st.mtimeMs / 1000).toString(16)}-6"`],
  ]);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /x HTTP/1.1" 304 0 "-" "-"']);
});

test('7f: log_not_found off: the same 404 without the open() line', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', static: 'log_not_found off;' });
  const r = await p.send(get('/nothing', p.port));
  expect(r.status).toBe(404);
  await expect.poll(() => p.access()).toEqual(['127.0.0.1 - - [TIME] "GET /nothing HTTP/1.1" 404 153 "-" "-"']);
  expect(p.errorLog()).toEqual([]);
});

test('8: as root, nginx\'s workers run as nobody: what nobody may not open is a 403 with "(13: Permission denied)"', async ({ engine }) => {
  test.skip(process.getuid?.() !== 0, 'nginx keeps its own user when not started as root: nothing to show');
  // A conf without `user`, in a folder nobody may enter (the clone may be in one that it may not).
  const dir = mkdtempSync(join(tmpdir(), 'harness-nobody-'));
  chmodSync(dir, 0o755);
  expect(firstClosedFolder(workerUser({ masterProcess: true }, 'linux')!, dir), `nobody cannot reach ${dir}`).toBeUndefined();
  const p = await ProxyUnderTest.start(engine, dir, { upstream: 'dual', user: null });
  try {
    await forbiddenToNobody(p);
  } finally {
    await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function forbiddenToNobody(p: ProxyUnderTest): Promise<void> {
  const html = join(p.prefix, 'html');
  writeFileSync(join(html, 'secret'), 's');
  chmodSync(join(html, 'secret'), 0o600);
  mkdirSync(join(html, 'locked'));
  writeFileSync(join(html, 'locked', 'index.html'), 'i');
  chmodSync(join(html, 'locked'), 0o700);
  mkdirSync(join(html, 'noidx'));
  writeFileSync(join(html, 'noidx', 'index.html'), 'i');
  chmodSync(join(html, 'noidx', 'index.html'), 0o600);
  const targets = ['/secret', '/locked/', '/locked/nothing', '/locked', '/noidx/'];
  const rs = [];
  for (const t of targets) rs.push(await p.send(get(t, p.port)));
  expect(rs.map((r) => r.statusLine)).toEqual(targets.map(() => 'HTTP/1.1 403 Forbidden'));
  expect(rs[0].body).toBe(PAGES[403]);
  const line = (n: number, msg: string, t: string) =>
    `TIME [error] PID: *${n} ${msg} (13: Permission denied), client: 127.0.0.1, server: localhost, request: "GET ${t} HTTP/1.1", host: "127.0.0.1:P"`;
  expect(p.requestLog()).toEqual([
    line(2, 'open() "PREFIX/html/secret" failed', '/secret'),
    line(3, '"PREFIX/html/locked/index.html" is forbidden', '/locked/'),
    line(4, 'open() "PREFIX/html/locked/nothing" failed', '/locked/nothing'),
    line(5, 'open() "PREFIX/html/locked" failed', '/locked'),
    line(6, 'open() "PREFIX/html/noidx/index.html" failed', '/noidx/'),
  ]);
  await expect.poll(() => p.access().length).toBe(5);
}

// The course's `error_page 500 502 503 504 /50x.html; location = /50x.html { root html; }`.
const ERROR_PAGE = `error_page   500 502 503 504  /50x.html;
        location = /50x.html {
            root   html;
        }`;

test('the course conf\'s error_page /50x.html: a 502 answered with the 494-byte 50x.html, its ETag, no Last-Modified or Accept-Ranges', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', server: ERROR_PAGE });
  const page = readFileSync(join(p.prefix, 'html', '50x.html'), 'latin1');
  const st = statSync(join(p.prefix, 'html', '50x.html'));
  const tag = `"${Math.floor(st.mtimeMs / 1000).toString(16)}-${st.size.toString(16)}"`;
  const get502 = await p.send(get('/api/x', p.port));
  const post502 = await p.send(post('/api/y', p.port, 'a=1'));
  const head502 = await p.send(get('/api/z', p.port, [], 'HEAD'), { head: true });
  const direct = await p.send(get('/50x.html', p.port));
  for (const r of [get502, post502, head502]) {
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(withoutDate(r.headers)).toEqual([
      ['Server', 'nginx/1.22.1'],
      ['Content-Type', 'text/html'],
      ['Content-Length', String(page.length)],
      ['Connection', 'keep-alive'],
      ['ETag', tag],
    ]);
  }
  expect(page.length).toBe(494);
  expect(get502.body).toBe(page);
  expect(post502.body).toBe(page);
  expect(direct.statusLine).toBe('HTTP/1.1 200 OK');
  expect(names(direct.headers)).toEqual(['Server', 'Date', 'Content-Type', 'Content-Length', 'Last-Modified', 'Connection', 'ETag', 'Accept-Ranges']);
  await expect.poll(() => p.access().map((l) => l.replace(/^.*"(\w+ \S+) HTTP\/1\.1" (\d+ \d+) .*$/, '$1 $2'))).toEqual([
    'GET /api/x 502 494',
    'POST /api/y 502 494',
    'HEAD /api/z 502 0',
    'GET /50x.html 200 494',
  ]);
});
