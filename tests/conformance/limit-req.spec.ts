// ngx_http_limit_req_module (nginx 1.22.1): a zone counts each key's requests against its rate; a
// request over the burst is refused (503, or limit_req_status) with "limiting requests, excess: …
// by zone" at limit_req_log_level, one within the burst passes at once (nodelay) or is held until
// the rate allows it ("delaying request"); dry run only logs. The zone is the workers' together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import { get, header, post } from '../support/raw-http.js';
import { PAGES, pageHeaders, withoutDate } from '../support/pages.js';
import { startExpectingFailure } from '../support/startup.js';

const LOGIN = '/api/employee/login';
const CREDENTIALS = '{"username":"admin","password":"123456"}';
const login = (port: number) => post(LOGIN, port, CREDENTIALS, ['Content-Type: application/json']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/**
 * The refusal's line. `excess` is a pattern: at 1r/m (16 thousandths a second) the excess drops by
 * one thousandth every 62.5 ms between two requests.
 */
const limiting = (n: number, excess: string, o: { level?: string; dry?: boolean } = {}) =>
  expect.stringMatching(
    new RegExp(
      `^${escape(`TIME [${o.level ?? 'error'}] PID: *${n} limiting requests${o.dry ? ', dry run' : ''}, excess: `)}${excess}${escape(` by zone "login", client: 127.0.0.1, server: localhost, request: "POST ${LOGIN} HTTP/1.1", host: "127.0.0.1:P"`)}$`,
    ),
  );
/** One request over at 1r/m, a moment (under 1.6 s on a loaded machine) after the last. */
const ONE = '(?:1\\.000|0\\.9\\d\\d)';

test('a burst of logins: the first passes, the next ones get 503 and "limiting requests, excess: 1.000"', async ({ startProxy }) => {
  const p = await startProxy({ http: 'limit_req_zone $binary_remote_addr zone=login:1m rate=1r/m;', api: 'limit_req zone=login;' });
  const first = await p.send(login(p.port));
  expect(first.status).toBe(200);
  for (let i = 0; i < 2; i++) {
    const r = await p.send(login(p.port));
    expect(r.statusLine).toBe('HTTP/1.1 503 Service Temporarily Unavailable');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(PAGES[503].length));
    expect(r.body).toBe(PAGES[503]);
  }
  expect(p.upstream.received.length).toBe(1);
  // *3 is the first login's upstream connection.
  await expect.poll(() => p.requestLog()).toEqual([limiting(4, ONE), limiting(5, ONE)]);
  await expect.poll(() => p.access().map((l) => l.split('"')[2].trim())).toEqual([`200 ${first.body.length}`, '503 197', '503 197']);
});

test('burst=2 nodelay: three pass at once, the fourth is refused with excess 3.000; limit_req_status 429 and limit_req_log_level warn', async ({ startProxy }) => {
  const p = await startProxy({
    errorLogLevel: 'warn',
    http: 'limit_req_zone $binary_remote_addr zone=login:1m rate=1r/m;',
    api: 'limit_req zone=login burst=2 nodelay; limit_req_status 429; limit_req_log_level warn; add_header X-Limit $limit_req_status always;',
  });
  const statuses: number[] = [];
  const marks: (string | undefined)[] = [];
  for (let i = 0; i < 4; i++) {
    const r = await p.send(login(p.port));
    statuses.push(r.status);
    marks.push(header(r, 'X-Limit'));
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect(marks).toEqual(['PASSED', 'PASSED', 'PASSED', 'REJECTED']);
  await expect.poll(() => p.requestLog()).toEqual([limiting(8, '(?:3\\.000|2\\.9\\d\\d)', { level: 'warn' })]);
});

test('limit_req_dry_run on: the request over the limit passes, and is logged as a dry run', async ({ startProxy }) => {
  const p = await startProxy({ http: 'limit_req_zone $binary_remote_addr zone=login:1m rate=1r/m;', api: 'limit_req zone=login; limit_req_dry_run on; add_header X-Limit $limit_req_status;' });
  expect((await p.send(login(p.port))).status).toBe(200);
  const r = await p.send(login(p.port));
  expect(r.status).toBe(200);
  expect(header(r, 'X-Limit')).toBe('REJECTED_DRY_RUN');
  await expect.poll(() => p.requestLog()).toEqual([limiting(4, ONE, { dry: true })]);
});

test('within the burst without nodelay: the request is held until the rate allows it, with "delaying request" one level below', async ({ startProxy }) => {
  const p = await startProxy({ http: 'limit_req_zone $binary_remote_addr zone=login:1m rate=2r/s;', api: 'limit_req zone=login burst=3;', errorLogLevel: 'warn' });
  expect((await p.send(login(p.port))).status).toBe(200);
  const started = Date.now();
  const r = await p.send(login(p.port));
  const held = Date.now() - started;
  expect(r.status).toBe(200);
  const pattern = new RegExp(`^${escape(`TIME [warn] PID: *4 delaying request, excess: `)}(0\\.\\d{3})${escape(`, by zone "login", client: 127.0.0.1, server: localhost, request: "POST ${LOGIN} HTTP/1.1", host: "127.0.0.1:P"`)}$`);
  await expect.poll(() => p.requestLog()).toEqual([expect.stringMatching(pattern)]);
  // The excess is what is left of one request after the time between the two; at 2r/s it takes
  // excess / 2 ms to drain, and the request is held that long.
  const excess = Number(pattern.exec(p.requestLog()[0])![1]) * 1000;
  expect(excess).toBeGreaterThan(0);
  expect(held).toBeGreaterThanOrEqual(Math.floor(excess / 2));
});

test('two workers share the zone: of four logins on four connections, wherever each lands, the fourth is refused', async ({ startProxy }) => {
  const p = await startProxy({ workers: 2, http: 'limit_req_zone $binary_remote_addr zone=login:1m rate=1r/m;', api: 'limit_req zone=login burst=2 nodelay;' });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await p.send(login(p.port))).status);
  expect(statuses).toEqual([200, 200, 200, 503]);
});

/** The zone, the location's directives, the message, and which of the two it is about. */
const BAD: [string, string, string, ('zone' | 'location')?][] = [
  ['limit_req_zone $binary_remote_addr zone=one rate=1r/s;', 'limit_req zone=one;', 'invalid zone size "zone=one"', 'zone'],
  ['limit_req_zone $binary_remote_addr zone=one:1k rate=1r/s;', 'limit_req zone=one;', 'zone "zone=one:1k" is too small', 'zone'],
  ['limit_req_zone $binary_remote_addr zone=one:1m rate=fast;', 'limit_req zone=one;', 'invalid rate "rate=fast"', 'zone'],
  ['limit_req_zone $binary_remote_addr zone=one:1m rate=1r/s;', 'limit_req zone=one burst=0;', 'invalid burst value "burst=0"'],
  ['limit_req_zone $binary_remote_addr zone=one:1m rate=1r/s;', 'limit_req zone=one; limit_req zone=one;', '"limit_req" directive is duplicate'],
  ['limit_req_zone $binary_remote_addr zone=one:1m rate=1r/s;', 'limit_req_status 303;', 'value must be between 400 and 599'],
];

for (const [zone, directive, message, about] of BAD) {
  test(`refused at start: ${message}`, async ({ engine }, testInfo) => {
    const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { http: zone, api: directive });
    const lines = readFileSync(join(f.prefix, 'conf', 'nginx.conf'), 'latin1').split('\n');
    const at = lines.findIndex((l) => l.includes(about === 'zone' ? zone : directive)) + 1;
    expect(f.error.message).toBe(`nginx: [emerg] ${message} in ${f.prefix}/conf/nginx.conf:${at}`);
  });
}

test('a limit_req whose zone no limit_req_zone makes: refused at start, with no file or line', async ({ engine }, testInfo) => {
  const f = await startExpectingFailure(engine, testInfo.outputPath('bad'), { api: 'limit_req zone=none;' });
  expect(f.error.message).toBe('nginx: [emerg] zero size shared memory zone "none"');
});

test('no limit_req: a login is not counted, $limit_req_status is empty', async ({ startProxy }) => {
  const p = await startProxy({ http: 'limit_req_zone $binary_remote_addr zone=login:1m rate=1r/m;', api: 'add_header X-Limit "[$limit_req_status]";' });
  for (let i = 0; i < 3; i++) expect(header(await p.send(login(p.port)), 'X-Limit')).toBe('[]');
  expect((await p.send(get('/x', p.port))).status).toBe(200);
});
