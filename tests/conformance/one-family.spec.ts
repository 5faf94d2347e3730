// The upstream listens on one address family only, on both, or
// dies between requests. The test upstream echoes the request and names the loopback it came in on.
import { test, expect } from '../fixtures.js';
import { localhostPeers } from '../support/proxy-under-test.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { wholeSecondsLater } from '../support/clock.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

const refused = (conn: number, path: string, peer: string) =>
  `TIME [error] PID: *${conn} connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/${path} HTTP/1.1", upstream: "http://${peer}/admin/${path}", host: "127.0.0.1:P"`;
const noLive = (conn: number, path: string) =>
  `TIME [error] PID: *${conn} no live upstreams while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/${path} HTTP/1.1", upstream: "http://localhost/admin/${path}", host: "127.0.0.1:P"`;

/** Sends GET /api/<name> for each name; returns the loopback each answer came from (X-Up). */
async function run(p: ProxyUnderTest, ...paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const r = await p.send(get(`/api/${path}`, p.port));
    expect(r.status, `GET /api/${path}`).toBe(200);
    out.push(r.headers.find(([n]) => n === 'X-Up')?.[1] ?? '-');
  }
  return out;
}

test('3a: upstream on 127.0.0.1 only: the first request logs one [::1] line and succeeds on 127.0.0.1', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4' });
  const r = await p.send(get('/api/r1', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  const body = `UPSTREAM 127.0.0.1 GOT:\nGET /admin/r1 HTTP/1.0\r\nHost: localhost:${p.upstream.port}\r\nConnection: close\r\n\r\n`;
  expect(r.body).toBe(body);
  // Then [::1] is skipped silently: no line, no attempt.
  expect(await run(p, 'r2', 'r3')).toEqual(['127.0.0.1', '127.0.0.1']);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  expect(p.requestLog()).toEqual([refused(2, 'r1', '[::1]:U')]);
  await expect.poll(() => p.access()).toEqual([
    `127.0.0.1 - - [TIME] "GET /api/r1 HTTP/1.1" 200 ${body.length} "-" "-"`,
    `127.0.0.1 - - [TIME] "GET /api/r2 HTTP/1.1" 200 ${body.length} "-" "-"`,
    `127.0.0.1 - - [TIME] "GET /api/r3 HTTP/1.1" 200 ${body.length} "-" "-"`,
  ]);
});

// fail_timeout=1s (the peers written out, which log the same lines as the implicit upstream) so that
// the window ends in 1-2 s.
test('3a: after the window [::1] is probed again only by the 3rd request, which falls back to 127.0.0.1', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4', http: localhostPeers('fail_timeout=1s'), proxyPass: 'http://localhost/admin/' });
  expect(await run(p, 'r1', 'r2', 'r3')).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  await wholeSecondsLater(2);
  expect(await run(p, 'r4', 'r5', 'r6', 'r7')).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
  // r1 is *2 (*3 refused, *4), r2 *5 (*6), r3 *7 (*8), r4 *9 (*10), r5 *11 (*12), r6 *13.
  expect(p.requestLog()).toEqual([refused(2, 'r1', '[::1]:U'), refused(13, 'r6', '[::1]:U')]);
  // The explicit upstream's $proxy_host is its name: the upstream gets `Host: localhost`.
  expect(p.upstream.received[0].raw).toBe('GET /admin/r1 HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n');
});

test('3b: upstream on [::1] only: the second request tries 127.0.0.1, logs one line and retries [::1]', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv6' });
  expect(await run(p, 'r1', 'r2', 'r3', 'r4')).toEqual(['::1', '::1', '::1', '::1']);
  // r1 is *2 (*3), r2 *4 (*5 refused, *6).
  expect(p.requestLog()).toEqual([refused(4, 'r2', '127.0.0.1:U')]);
  expect(p.upstream.received.map((x) => x.address)).toEqual(['::1', '::1', '::1', '::1']);
});

test('3c: both listening: strict alternation starting with [::1], no log lines', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual' });
  expect(await run(p, 'r1', 'r2', 'r3', 'r4', 'r5', 'r6')).toEqual(['::1', '127.0.0.1', '::1', '127.0.0.1', '::1', '127.0.0.1']);
  expect(p.upstream.received.map((x) => x.raw.split('\r\n')[0])).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map((r) => `GET /admin/${r} HTTP/1.0`));
  await expect.poll(() => p.access().length).toBe(6);
  expect(p.errorLog()).toEqual([]);
});

test('3d: a v4-only upstream that dies: connect() failed and no live upstreams in the same request', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4' });
  expect(await run(p, 'a1', 'a2')).toEqual(['127.0.0.1', '127.0.0.1']);
  await p.upstream.close();
  const a3 = await p.send(get('/api/a3', p.port));
  const a4 = await p.send(get('/api/a4', p.port));
  for (const r of [a3, a4]) {
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(r.body).toBe(PAGES[502]);
  }
  // a1 *2 (*3, *4), a2 *5 (*6), a3 *7 (*8 refused, then [::1] still disabled), a4 *9.
  expect(p.requestLog()).toEqual([refused(2, 'a1', '[::1]:U'), refused(7, 'a3', '127.0.0.1:U'), noLive(7, 'a3'), noLive(9, 'a4')]);
  await expect.poll(() => p.access().map((l) => l.replace(/ 200 \d+ /, ' 200 N '))).toEqual([
    '127.0.0.1 - - [TIME] "GET /api/a1 HTTP/1.1" 200 N "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/a2 HTTP/1.1" 200 N "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/a3 HTTP/1.1" 502 157 "-" "-"',
    '127.0.0.1 - - [TIME] "GET /api/a4 HTTP/1.1" 502 157 "-" "-"',
  ]);
});

// nginx's connection counter is one for all its workers (in shared memory): whichever worker
// accepts a request, its number counts every connection before it, the other workers' included.
// Which worker takes which request is the kernel's choice, so the expected numbers are worked
// out from the lines: each request takes one number, each connect() to a peer one more.
test('3d with two workers: the numbers count the connections of both workers', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4', workers: 2 });
  await expect.poll(async () => (await p.engine.workers()).length).toBe(2);
  expect(await run(p, 'a1', 'a2')).toEqual(['127.0.0.1', '127.0.0.1']);
  await p.upstream.close();
  expect((await p.send(get('/api/a3', p.port))).status).toBe(502);
  const lines = p.requestLog();
  const of = (path: string) => lines.filter((l) => l.includes(`"GET /api/${path} `));
  // a1 is *2 (the ready check's is *1) and tries [::1] (refused) then 127.0.0.1. a2 tries [::1]
  // only on the worker that has not seen it fail.
  expect(of('a1')).toEqual([refused(2, 'a1', '[::1]:U')]);
  const a2 = 2 + 1 + 2;
  expect(of('a2')).toEqual(of('a2').length ? [refused(a2, 'a2', '[::1]:U')] : []);
  const a3 = a2 + 1 + of('a2').length + 1;
  // a3's worker skips [::1] if it saw it fail, else it is refused there too; 127.0.0.1 refuses.
  const triedV6 = of('a3')[0]?.includes('[::1]');
  expect(of('a3')).toEqual(triedV6 ? [refused(a3, 'a3', '[::1]:U'), refused(a3, 'a3', '127.0.0.1:U')] : [refused(a3, 'a3', '127.0.0.1:U'), noLive(a3, 'a3')]);
});

test('3d after a worker is replaced: the new worker goes on with the same counter', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4' });
  expect(await run(p, 'a1')).toEqual(['127.0.0.1']);
  await p.engine.crashWorker();
  await p.upstream.close();
  expect((await p.send(get('/api/a2', p.port))).status).toBe(502);
  // a1 *2 (*3 refused, *4); the new worker's round robin has not seen [::1] fail: a2 *5 is refused on both.
  expect(p.requestLog()).toEqual([refused(2, 'a1', '[::1]:U'), refused(5, 'a2', '[::1]:U'), refused(5, 'a2', '127.0.0.1:U')]);
});
