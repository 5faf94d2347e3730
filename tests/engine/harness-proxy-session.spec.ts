// `harness proxy -p P -c C` (the command, in the foreground) and
// `nginx -p P -c C -g 'daemon off;'` on the same conf answer a session of requests with the same
// bytes and write the same error- and access-log lines, timestamps, pids, ports and prefixes aside.
// Differential, like the hostile corpus: the test starts both itself, in the `embedded` project.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { send } from '../support/raw-http.js';
import { normaliseFor, startEnginePair, type EngineUnderTest } from '../support/engine-pair.js';

test.skip(({ engine }) => engine === 'nginx', 'differential: the test runs both engines itself');

const req = (line: string, headers: string[] = [], body = '') =>
  `${line}\r\nHost: a\r\nUser-Agent: session\r\n${headers.map((h) => h + '\r\n').join('')}Connection: close\r\n\r\n${body}`;

/** A user's session: static files, the API through the proxy, a miss, a redirect, a refusal. */
const SESSION = [
  req('GET /x HTTP/1.1'),
  req('GET /index.html HTTP/1.1', ['If-Modified-Since: Fri, 02 Jan 2026 03:04:05 GMT']),
  req('HEAD /style.css HTTP/1.1'),
  req('GET /api/employee/page?page=1&pageSize=10 HTTP/1.1', ['token: abc', 'Referer: http://a/']),
  req('POST /api/employee/login HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 37'], '{"username":"admin","password":"123"}'),
  req('GET /missing.js HTTP/1.1', ['Referer: http://a/index.html']),
  req('GET /api HTTP/1.1'),
  req('GET /dir HTTP/1.1'),
  req('GET /%zz HTTP/1.1'),
  req('DELETE /x HTTP/1.1'),
];


const logOf = (x: EngineUnderTest, file: string) => normaliseFor(x, readFileSync(join(x.prefix, 'logs', file), 'latin1')).split('\n').filter(Boolean);

test('harness proxy -p -c and nginx -p -c answer a session with the same bytes and the same log lines', async ({}, testInfo) => {
  const pair = await startEnginePair(testInfo.outputPath('pair'), {}, 'cli');
  try {
    for (const request of SESSION) {
      const [n, e] = await Promise.all([pair.nginx, pair.embedded].map((x) => send(x.port, request, { timeoutMs: 5000 })));
      expect(normaliseFor(pair.embedded, e.raw), request.split('\r\n')[0]).toBe(normaliseFor(pair.nginx, n.raw));
    }
    // Every answer is in: each engine's logs hold the session's lines (the ready check's first).
    await expect.poll(() => logOf(pair.embedded, 'access.log').length).toBe(SESSION.length + 1);
    await expect.poll(() => logOf(pair.nginx, 'access.log').length).toBe(SESSION.length + 1);
    expect(logOf(pair.embedded, 'access.log')).toEqual(logOf(pair.nginx, 'access.log'));
    expect(logOf(pair.embedded, 'error.log')).toEqual(logOf(pair.nginx, 'error.log'));
    // The session does write error lines: the miss's open() failure.
    expect(logOf(pair.nginx, 'error.log').join('\n')).toContain('/missing.js" failed (2: No such file or directory)');
    const upstream = (x: EngineUnderTest) => x.upstream.received.map((r) => normaliseFor(x, r.raw));
    expect(upstream(pair.embedded)).toEqual(upstream(pair.nginx));
    expect(upstream(pair.nginx)).toHaveLength(2);
  } finally {
    await pair.stop();
  }
});
