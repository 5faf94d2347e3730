// ngx_http_limit_conn_module (nginx 1.22.1): a zone counts each key's requests in progress; one
// more than limit_conn allows is refused (503, or limit_conn_status) with "limiting connections by
// zone" at limit_conn_log_level; a count is given back when its request ends. The counts are the
// workers' together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header, RawConnection } from '../support/raw-http.js';
import { PAGES } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';
import type { ProxyUnderTest } from '../support/proxy-under-test.js';

const ZONE = 'limit_conn_zone $binary_remote_addr zone=addr:1m;';
const limiting = (n: number, o: { level?: string; dry?: boolean } = {}) =>
  `TIME [${o.level ?? 'error'}] PID: *${n} limiting connections${o.dry ? ', dry run' : ''} by zone "addr", client: 127.0.0.1, server: localhost, request: "GET /api/report HTTP/1.1", host: "127.0.0.1:P"`;

/** One request in progress: the upstream holds it. */
async function holdOne(p: ProxyUnderTest): Promise<RawConnection> {
  p.upstream.behaviour = { kind: 'hang' };
  const c = await RawConnection.open(p.port);
  c.write(get('/api/report', p.port));
  await expect.poll(() => p.upstream.received.length).toBe(1);
  return c;
}

test('limit_conn 1: a second request while the first waits on the upstream is refused; after the first ends, the next passes', async ({ startProxy }) => {
  const p = await startProxy({ workers: 2, http: ZONE, api: 'limit_conn addr 1; add_header X-Conn $limit_conn_status always;' });
  const first = await holdOne(p);
  const second = await p.send(get('/api/report', p.port));
  expect(second.statusLine).toBe('HTTP/1.1 503 Service Temporarily Unavailable');
  expect(second.body).toBe(PAGES[503]);
  expect(header(second, 'X-Conn')).toBe('REJECTED');
  // *3 is the first request's upstream connection.
  await expect.poll(() => p.requestLog()).toEqual([limiting(4)]);
  first.close();
  p.upstream.behaviour = { kind: 'echo' };
  // The first request ends when its client goes away (499): its count is given back.
  await expect.poll(() => p.access().length).toBe(2);
  const third = await p.send(get('/api/report', p.port));
  expect(third.status).toBe(200);
  expect(header(third, 'X-Conn')).toBe('PASSED');
});

test('limit_conn_status 429, limit_conn_log_level warn, and limit_conn_dry_run on', async ({ startProxy }) => {
  const p = await startProxy({
    errorLogLevel: 'warn',
    http: ZONE,
    api: 'limit_conn addr 1; limit_conn_status 429; limit_conn_log_level warn;',
    server: 'location /api/dry/ { proxy_pass http://localhost:U/admin/; limit_conn addr 1; limit_conn_dry_run on; add_header X-Conn $limit_conn_status always; }',
  });
  const first = await holdOne(p);
  const refused = await p.send(get('/api/report', p.port));
  expect(refused.statusLine).toBe('HTTP/1.1 429 Too Many Requests');
  expect(refused.body).toBe(PAGES[429]);
  await expect.poll(() => p.requestLog()).toEqual([limiting(4, { level: 'warn' })]);
  first.close();
});

const BAD: [string, string, string, 'zone' | 'location'][] = [
  ['limit_conn_zone $binary_remote_addr zone=addr;', 'limit_conn addr 1;', 'invalid zone size "zone=addr"', 'zone'],
  ['limit_conn_zone $binary_remote_addr size=1m;', 'limit_conn addr 1;', 'invalid parameter "size=1m"', 'zone'],
  [ZONE, 'limit_conn addr 0;', 'invalid number of connections "0"', 'location'],
  [ZONE, 'limit_conn addr 65536;', 'connection limit must be less 65536', 'location'],
  [ZONE, 'limit_conn addr 1; limit_conn addr 2;', '"limit_conn" directive is duplicate', 'location'],
];

for (const [zone, directive, message, about] of BAD) {
  test(`refused at start: ${message}`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { http: zone, api: directive });
    const at = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n').findIndex((l) => l.includes(about === 'zone' ? zone : directive)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${at}`);
  });
}

test('a limit_conn whose zone no limit_conn_zone makes: refused at start, with no file or line', async ({ engine }, testInfo) => {
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { api: 'limit_conn none 1;' });
  expect(f.error.message).toBe('nginx: [emerg] zero size shared memory zone "none"');
});
