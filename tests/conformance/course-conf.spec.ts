// The course's own nginx.conf (tests/support/course-conf.ts), only its ports and listen address adapted:
// it sets no pid, access_log or temp path, so each engine's defaults decide where those go. Both
// put them inside the prefix, as the Windows build the course ships does; the system nginx's
// compiled-in ones (Debian: /var/log/nginx, /run/nginx.pid, /var/lib/nginx) must not apply.
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, send } from '../support/raw-http.js';
import { courseConf } from '../support/course-conf.js';
import { openFiles } from '../support/processes.js';
import { startExpectingFailure } from '../support/startup.js';
import { normaliseFor, startEnginePair, type EngineUnderTest } from '../support/engine-pair.js';

const TEMP_PATHS = ['client_body_temp', 'proxy_temp', 'fastcgi_temp', 'uwsgi_temp', 'scgi_temp'];

test('the course conf writes its access log, pid file and temp paths inside the prefix, nothing under /var or /run', async ({ startProxy }) => {
  const p = await startProxy({ conf: courseConf(), upstream: 'dual' });
  mkdirSync(join(p.prefix, 'html', 'sky'));
  writeFileSync(join(p.prefix, 'html', 'sky', 'index.html'), '<h1>sky</h1>\n');
  expect((await p.send(get('/', p.port))).body).toBe('<h1>sky</h1>\n');
  expect((await p.send(get('/api/employee/page', p.port))).status).toBe(200);
  await expect.poll(() => p.access()).toEqual([
    '127.0.0.1 - - [TIME] "GET / HTTP/1.1" 200 13 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/employee/page HTTP/1.1" 200 97 "-" "-"',
  ]);
  expect(readFileSync(join(p.prefix, 'logs', 'nginx.pid'), 'latin1')).toBe(`${p.engine.pid}\n`);
  expect(existsSync('/run/nginx.pid') ? readFileSync('/run/nginx.pid', 'latin1') : '').not.toBe(`${p.engine.pid}\n`);
  for (const t of TEMP_PATHS) expect(existsSync(join(p.prefix, 'temp', t)), t).toBe(true);
  const files = [p.engine.pid, ...(await p.engine.workers())].flatMap(openFiles);
  expect(files).toContain(join(p.prefix, 'logs', 'access.log'));
  expect(files).toContain(join(p.prefix, 'logs', 'error.log'));
  expect(files.filter((f) => /^\/(var|run)\//.test(f) && /nginx/.test(f))).toEqual([]);
});

test('an [emerg] in the course conf names the line of the file as the user wrote it', async ({ engine }, testInfo) => {
  const conf = courseConf().replace('        server_name  localhost;\n', '        server_name  localhost;\n        bogus_directive on;\n');
  const line = conf.split('\n').indexOf('        bogus_directive on;') + 1;
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { conf });
  expect(f.error.message).toBe(`nginx: [emerg] unknown directive "bogus_directive" in ${f.prefix}/conf/nginx.conf:${line}`);
  expect(f.error.exitCode).toBe(1);
});

const req = (line: string, headers: string[] = [], body = '') =>
  `${line}\r\nHost: a\r\nUser-Agent: session\r\n${headers.map((h) => h + '\r\n').join('')}Connection: close\r\n\r\n${body}`;

/** The admin front end's session through the course's conf: its static files, /api/, /user/, /ws/, a miss, a redirect. */
const SESSION = [
  req('GET / HTTP/1.1'),
  req('GET /index.html HTTP/1.1', ['If-Modified-Since: Fri, 02 Jan 2026 03:04:05 GMT']),
  req('POST /api/employee/login HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 37'], '{"username":"admin","password":"123"}'),
  req('GET /api/employee/page?page=1&pageSize=10 HTTP/1.1', ['token: abc', 'Referer: http://a/']),
  req('GET /user/shop/status HTTP/1.1'),
  req('GET /ws/0hrt0xqwd6pm HTTP/1.1', ['Upgrade: websocket', 'Sec-WebSocket-Version: 13']),
  req('GET /ws/0hrt0xqwd6pm HTTP/1.1'),
  req('GET /missing.js HTTP/1.1', ['Referer: http://a/index.html']),
  req('GET /api HTTP/1.1'),
  req('GET /50x.html HTTP/1.1'),
];
/** With the admin server gone: connect() failed to both of localhost's peers, and error_page's /50x.html for /api/ and /user/. */
const DOWN = [req('GET /api/employee/page HTTP/1.1'), req('GET /api/employee/page HTTP/1.1'), req('POST /user/order/submit HTTP/1.1', [], '')];

const logOf = (x: EngineUnderTest, file: string) => normaliseFor(x, readFileSync(join(x.prefix, 'logs', file), 'latin1')).split('\n').filter(Boolean);

test('the course conf, unchanged but for ports, answers a session on both engines with the same bytes and log lines', async ({ engine }, testInfo) => {
  test.skip(engine === 'nginx', 'differential: the test runs both engines itself');
  const pair = await startEnginePair(testInfo.outputPath('pair'), { conf: courseConf() });
  try {
    const mtime = new Date('2026-01-02T03:04:05Z');
    for (const x of [pair.nginx, pair.embedded]) {
      mkdirSync(join(x.prefix, 'html', 'sky'));
      writeFileSync(join(x.prefix, 'html', 'sky', 'index.html'), '<h1>sky</h1>\n');
      utimesSync(join(x.prefix, 'html', 'sky', 'index.html'), mtime, mtime);
      utimesSync(join(x.prefix, 'html', '50x.html'), mtime, mtime);
    }
    const answers = async (requests: string[]) => {
      for (const request of requests) {
        const [n, e] = await Promise.all([pair.nginx, pair.embedded].map((x) => send(x.port, request, { timeoutMs: 5000 })));
        expect(normaliseFor(pair.embedded, e.raw), request.split('\r\n')[0]).toBe(normaliseFor(pair.nginx, n.raw));
      }
    };
    await answers(SESSION);
    await Promise.all([pair.nginx.upstream.close(), pair.embedded.upstream.close()]);
    await answers(DOWN);
    const lines = 1 + SESSION.length + DOWN.length;
    await expect.poll(() => logOf(pair.embedded, 'access.log').length).toBe(lines);
    await expect.poll(() => logOf(pair.nginx, 'access.log').length).toBe(lines);
    expect(logOf(pair.embedded, 'access.log')).toEqual(logOf(pair.nginx, 'access.log'));
    expect(logOf(pair.embedded, 'error.log')).toEqual(logOf(pair.nginx, 'error.log'));
    // The session did reach each of the conf's parts.
    const upstream = (x: EngineUnderTest) => x.upstream.received.map((r) => normaliseFor(x, r.raw));
    expect(upstream(pair.embedded)).toEqual(upstream(pair.nginx));
    expect(upstream(pair.nginx).map((r) => r.split('\r\n')[0])).toEqual([
      'POST /admin/employee/login HTTP/1.0',
      'GET /admin/employee/page?page=1&pageSize=10 HTTP/1.0',
      'GET /user/shop/status HTTP/1.0',
      'GET /ws/0hrt0xqwd6pm HTTP/1.1',
      'GET /ws/0hrt0xqwd6pm HTTP/1.1',
    ]);
    expect(logOf(pair.nginx, 'error.log').join('\n')).toContain('connect() failed (111: Connection refused) while connecting to upstream');
  } finally {
    await pair.stop();
  }
});
