// Issue 4 item 4: the Windows profile changes wording and timing only; every line it writes has
// the shape of the real Windows lines in ../shared/fixtures/nginx-logs/, read by the same parser.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { parseErrorLine, type ErrorLogEntry } from '../../harness/logs/error-log.js';

function login(): string {
  const body = '{"username":"admin","password":"123456"}';
  return `POST /api/employee/login HTTP/1.1\r\nHost: localhost\r\nReferer: http://localhost/\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
}

/** Seconds since midnight of a log line's time (second resolution, as nginx writes it). */
function seconds(e: ErrorLogEntry): number {
  const [h, m, s] = e.time!.split(' ')[1].split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** A real pair from fixture 01 (shuhongfan): [::1] refused, then 127.0.0.1 two seconds later. */
const REAL_PAIR = [
  '2023/07/08 11:07:59 [error] 99408#99960: *2 connect() failed (10061: No connection could be made because the target machine actively refused it) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/employee/login HTTP/1.1", upstream: "http://[::1]:8080/admin/employee/login", host: "localhost", referrer: "http://localhost/"',
  '2023/07/08 11:08:01 [error] 99408#99960: *2 connect() failed (10061: No connection could be made because the target machine actively refused it) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "POST /api/employee/login HTTP/1.1", upstream: "http://127.0.0.1:8080/admin/employee/login", host: "localhost", referrer: "http://localhost/"',
].map((l) => parseErrorLine(l)!);

test.describe('Windows profile', () => {
  test.skip(({ engine }) => engine === 'nginx', 'Linux nginx cannot show the Windows profile');

  test('a login with the admin server down: a refused pair ~2 s apart, and the 502 after ~4 s', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down' });
    const r = await p.send(login());
    expect(r.status).toBe(502);
    expect(r.ms).toBeGreaterThanOrEqual(3900);
    expect(r.ms).toBeLessThan(5500);
    const lines = p.errorLog();
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l.endsWith('\r')).toBe(true);
    const pair = lines.map((l) => parseErrorLine(l)!);
    // 2.0 s apart: the second-resolution times differ by 2 (or 3 across a second boundary).
    expect([2, 3]).toContain(seconds(pair[1]) - seconds(pair[0]));
    expect(pair.map((e) => e.upstream)).toEqual([`http://[::1]:${p.upstream.port}/admin/employee/login`, `http://127.0.0.1:${p.upstream.port}/admin/employee/login`]);
    expect(pair[0].tid).not.toBe(pair[0].pid);
    // Field for field the same shape as the real lines; only the port in upstream differs.
    const shape = (e: ErrorLogEntry) => ({ ...e, time: undefined, pid: undefined, tid: undefined, conn: undefined, upstream: e.upstream?.replace(/:\d+\//, ':PORT/') });
    expect(pair.map(shape)).toEqual(REAL_PAIR.map(shape));
  });

  test('the refused connect delay is configurable', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 300 });
    const r = await p.send(get('/api/x', p.port));
    expect(r.status).toBe(502);
    expect(r.ms).toBeGreaterThanOrEqual(550);
    expect(r.ms).toBeLessThan(2000);
  });

  test('the next request inside fail_timeout: "no live upstreams" at once', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 200 });
    await p.send(get('/api/a', p.port));
    const r = await p.send(get('/api/b', p.port));
    expect(r.status).toBe(502);
    expect(r.ms).toBeLessThan(300);
    const last = parseErrorLine(p.errorLog().at(-1)!)!;
    expect(last.message).toBe('no live upstreams');
    expect(last.upstream).toBe('http://localhost/admin/b');
  });

  test('locations match without case: /API/users is proxied', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    const r = await p.send(get('/API/users', p.port));
    expect(r.status).toBe(200);
    expect(p.upstream.received.at(-1)!.raw.split('\r\n')[0]).toBe('GET /admin/users HTTP/1.0');
  });

  test('static misses: CreateFile() with the Windows path and text, CRLF logs', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows' });
    expect((await p.send(get('/nope', p.port))).status).toBe(404);
    expect((await p.send(get('/no/dir/file.js', p.port))).status).toBe(404);
    const win = 'C:' + p.prefix.replace(/\//g, '\\');
    const lines = p.errorLog().map((l) => parseErrorLine(l)!);
    expect(lines.map((e) => [e.message, e.errno])).toEqual([
      [`CreateFile() "${win}/html/nope" failed`, { code: 2, text: 'The system cannot find the file specified' }],
      [`CreateFile() "${win}/html/no/dir/file.js" failed`, { code: 3, text: 'The system cannot find the path specified' }],
    ]);
    await expect.poll(() => p.accessLog().length).toBe(2);
    for (const l of p.accessLog()) expect(l.endsWith('\r')).toBe(true);
  });

  test('the version is the course\'s nginx 1.20.2 by default', async ({ startProxy }) => {
    const p = await startProxy({ os: 'windows', upstream: 'down', refusedConnectDelayMs: 0 });
    const r = await p.send(get('/api/x', p.port));
    expect(r.headers.find(([n]) => n === 'Server')?.[1]).toBe('nginx/1.20.2');
    expect(r.body).toContain('<hr><center>nginx/1.20.2</center>');
  });
});

test('Linux profile: the refused pair is logged in the same second and the 502 comes at once', async ({ startProxy }) => {
  const p = await startProxy({ upstream: 'down' });
  const r = await p.send(login());
  expect(r.status).toBe(502);
  expect(r.ms).toBeLessThan(500);
  const pair = p.errorLog().map((l) => parseErrorLine(l)!);
  expect(pair).toHaveLength(2);
  expect(seconds(pair[1]) - seconds(pair[0])).toBeLessThanOrEqual(1);
  expect(pair.map((e) => e.errno)).toEqual([{ code: 111, text: 'Connection refused' }, { code: 111, text: 'Connection refused' }]);
  expect(pair[0].tid).toBe(pair[0].pid);
});
