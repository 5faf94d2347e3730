// An explicit `upstream` block with the parameters of `server` (ngx_http_upstream_round_robin.c):
// weight= in the smooth weighted round robin, max_fails= and fail_timeout= deciding when a peer is
// skipped, down, and backup peers, which are tried, in a round robin of their own, only when no
// primary peer can be. The test upstream listens on 127.0.0.1, [::1] or both, so that the peers
// `[::1]:U` and `127.0.0.1:U` can be up or down one by one; it names the loopback it answered on.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { wholeSecondsLater } from '../support/clock.js';
import type { ProxyUnderTest, StartOptions } from '../support/proxy-under-test.js';
import { freePort } from '../support/ports.js';

const where = (path: string, upstream: string) =>
  `client: 127.0.0.1, server: localhost, request: "GET /api/${path} HTTP/1.1", upstream: "http://${upstream}/admin/${path}", host: "127.0.0.1:P"`;
const refused = (conn: number, path: string, peer: string) =>
  `TIME [error] PID: *${conn} connect() failed (111: Connection refused) while connecting to upstream, ${where(path, peer)}`;
const disabled = (conn: number, path: string, peer: string) =>
  `TIME [warn] PID: *${conn} upstream server temporarily disabled while connecting to upstream, ${where(path, peer)}`;
const noLive = (conn: number, path: string) => `TIME [error] PID: *${conn} no live upstreams while connecting to upstream, ${where(path, 'u')}`;

/** `upstream u { <servers> }`, proxied to from /api/ as http://u/admin/. */
const upstreamU = (servers: string): StartOptions => ({ http: `upstream u {\n${servers}\n}`, proxyPass: 'http://u/admin/' });

/** GET /api/<path> for each path: the loopback each answer came from (X-Up), or the status when it is not 200. */
async function run(p: ProxyUnderTest, ...paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const r = await p.send(get(`/api/${path}`, p.port));
    out.push(r.status === 200 ? (r.headers.find(([n]) => n === 'X-Up')?.[1] ?? '-') : String(r.status));
  }
  return out;
}

test('upstream: weight=2 against weight=1 gives the smooth order A B A A B A', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'dual', ...upstreamU('server [::1]:U weight=2; server 127.0.0.1:U;') });
  expect(await run(p, 'r1', 'r2', 'r3', 'r4', 'r5', 'r6')).toEqual(['::1', '127.0.0.1', '::1', '::1', '127.0.0.1', '::1']);
  expect(p.errorLog()).toEqual([]);
});

test('upstream: max_fails=2: the first failure keeps the peer in the rotation, the second disables it', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4', errorLogLevel: 'warn', ...upstreamU('server [::1]:U max_fails=2; server 127.0.0.1:U;') });
  // r1: [::1] fails (1 of 2), 127.0.0.1 answers; r2 is 127.0.0.1's turn; r3: [::1] fails again and
  // is disabled; r4 and r5 skip it for fail_timeout.
  expect(await run(p, 'r1', 'r2', 'r3', 'r4', 'r5')).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
  expect(p.upstream.received.map((r) => r.address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
  expect(p.requestLog()).toEqual([refused(2, 'r1', '[::1]:U'), refused(7, 'r3', '[::1]:U'), disabled(7, 'r3', '[::1]:U')]);
});

test('upstream: a backup peer answers only while the primary is failed, and the primary is back after fail_timeout', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'ipv4', errorLogLevel: 'warn', ...upstreamU('server [::1]:U fail_timeout=1s; server 127.0.0.1:U backup;') });
  // r1: the primary is refused and disabled, the backup answers; r2: straight to the backup.
  expect(await run(p, 'r1', 'r2')).toEqual(['127.0.0.1', '127.0.0.1']);
  await p.upstream.listen('dual');
  // Both up, but the primary stays out until its fail_timeout has passed.
  expect(await run(p, 'r3')).toEqual(['127.0.0.1']);
  await wholeSecondsLater(2);
  expect(await run(p, 'r4', 'r5', 'r6')).toEqual(['::1', '::1', '::1']);
  expect(p.requestLog()).toEqual([refused(2, 'r1', '[::1]:U'), disabled(2, 'r1', '[::1]:U')]);
});

test('upstream: backup peers have a round robin of their own, after the only primary (no longer a single peer) failed', async ({ startProxy }) => {
  // A port nothing listens on, for the primary.
  const dead = await freePort();
  const p = await startProxy({ upstream: 'dual', errorLogLevel: 'warn', ...upstreamU(`server 127.0.0.1:${dead}; server 127.0.0.1:U backup; server [::1]:U backup weight=3;`) });
  // Weighted 1 and 3, in the order nginx's smooth round robin gives; the primary is tried once.
  expect(await run(p, 'r1', 'r2', 'r3', 'r4', 'r5')).toEqual(['::1', '127.0.0.1', '::1', '::1', '::1']);
  // With backups the primary is not a single peer: its failure counts, and disables it.
  const peer = `127.0.0.1:${dead}`;
  expect(p.requestLog()).toEqual([refused(2, 'r1', peer), disabled(2, 'r1', peer)]);
});

test('upstream: primary and backup both refused: both lines, 502; then "no live upstreams" with the upstream\'s name', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', ...upstreamU('server [::1]:U; server 127.0.0.1:U backup;') });
  const r1 = await p.send(get('/api/r1', p.port));
  const r2 = await p.send(get('/api/r2', p.port));
  for (const r of [r1, r2]) {
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(r.body).toBe(PAGES[502]);
  }
  expect(p.requestLog()).toEqual([refused(2, 'r1', '[::1]:U'), refused(2, 'r1', '127.0.0.1:U'), noLive(5, 'r2')]);
});

test('upstream: a down peer takes no try: one failure of the other peer is the 502, without "no live upstreams"', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down', ...upstreamU('server [::1]:U down; server 127.0.0.1:U;') });
  expect(await run(p, 'r1')).toEqual(['502']);
  expect(p.requestLog()).toEqual([refused(2, 'r1', '127.0.0.1:U')]);
});
