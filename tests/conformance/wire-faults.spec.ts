// The admin stand-in's wire faults in front of each engine: the client's bytes, the error-log
// lines and the access-log line are the ones nginx 1.22.1 gives for the same upstream behaviour
// (taken from nginx itself, in front of an upstream that misbehaves the same way), and the retry
// rules are visible: a GET that failed on [::1] goes on to 127.0.0.1 (proxy_next_upstream error
// timeout), a POST already sent does not, an invalid header is not retried unless
// proxy_next_upstream says invalid_header, and a failed peer sits out fail_timeout.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '../fixtures.js';
import { get, post } from '../support/raw-http.js';
import { PAGES, pageHeaders, withoutDate } from '../support/pages.js';
import { ProxyUnderTest, type StartOptions } from '../support/proxy-under-test.js';
import { startStandIn, type StandIn } from '../support/stand-in.js';
import { BAD_HEADER_ANSWER } from '../../harness/faults/admin-bad-header.js';
import { garbageBytes } from '../../harness/faults/admin-garbage.js';
import { seededRandom } from '../../stand-in/admin-server/random.js';

type Faulty = ProxyUnderTest<StandIn>;

/** The request log without the Windows profile's CR line ends. */
const lines = (p: Faulty) => p.requestLog().map((l) => l.replace(/\r$/, ''));

const test = base.extend<{ faulty: (o?: Omit<StartOptions, 'upstream'>) => Promise<Faulty> }>({
  faulty: async ({ engine }, use, testInfo) => {
    const started: Faulty[] = [];
    await use(async (o = {}) => {
      const p = await ProxyUnderTest.around(engine, testInfo.outputPath(`proxy-${started.length}`), await startStandIn(), o);
      started.push(p);
      return p;
    });
    await Promise.all(started.map((p) => p.stop()));
  },
});

const LOGIN = '{"username":"admin","password":"123456"}';
const PAGE = '/api/employee/page?page=1&pageSize=10';
const login = (port: number) => post('/api/employee/login', port, LOGIN, ['Content-Type: application/json']);

/** An [error] line of the request on connection *2 (the first after the ready check's *1). */
const line = (message: string, request: string, peer: string, level = 'error', conn = 2) => {
  const path = request.split(' ')[1].replace(/^\/api\//, '');
  return `TIME [${level}] PID: *${conn} ${message}, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "http://${peer}/admin/${path}", host: "127.0.0.1:P"`;
};
const RESET = 'recv() failed (104: Connection reset by peer) while reading response header from upstream';
const CLOSED = 'upstream prematurely closed connection while reading response header from upstream';
const TIMED_OUT = 'upstream timed out (110: Connection timed out) while reading response header from upstream';
const access = (request: string, status: string, bytes: number) => `127.0.0.1 - - [TIME] "${request}" ${status} ${bytes} "-" "-"`;
const journal = (p: Faulty) => p.upstream.admin.journal.map((e) => `${e.method} ${e.localAddress}`);

test.describe('admin.reset', () => {
  test('a GET is reset on [::1], tried on 127.0.0.1, reset again: 502, a line per peer; both then sit out fail_timeout', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.reset');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(157));
    expect(r.body).toBe(PAGES[502]);
    expect(journal(p)).toEqual(['GET ::1', 'GET 127.0.0.1']);
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(p.requestLog()).toEqual([line(RESET, request, '[::1]:U'), line(RESET, request, '127.0.0.1:U')]);
    // Within fail_timeout (10 s) neither peer is tried: 502 at once.
    const again = await p.send(get(PAGE, p.port));
    expect(again.status).toBe(502);
    expect(journal(p)).toHaveLength(2);
    expect(p.requestLog().at(-1)).toBe(`TIME [error] PID: *5 no live upstreams while connecting to upstream, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "http://localhost/admin/employee/page?page=1&pageSize=10", host: "127.0.0.1:P"`);
    await expect.poll(() => p.access()).toEqual([access(request, '502', 157), access(request, '502', 157)]);
  });

  test('--times 1: the GET\'s retry on 127.0.0.1 is answered: the client never knows, the log does', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.reset --times 1');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 401 Unauthorized');
    expect(journal(p)).toEqual(['GET ::1', 'GET 127.0.0.1']);
    expect(p.requestLog()).toEqual([line(RESET, `GET ${PAGE} HTTP/1.1`, '[::1]:U')]);
  });

  test('a POST already sent is not passed to the next peer: one line, 502', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.reset');
    const r = await p.send(login(p.port));
    expect(r.status).toBe(502);
    expect(r.body).toBe(PAGES[502]);
    expect(journal(p)).toEqual(['POST ::1']);
    expect(p.requestLog()).toEqual([line(RESET, 'POST /api/employee/login HTTP/1.1', '[::1]:U')]);
  });

  test('Windows profile: WSARecv() failed (10054: An existing connection was forcibly closed by the remote host)', async ({ faulty, engine }) => {
    test.skip(engine === 'nginx', 'real nginx on Linux writes Linux wording');
    const p = await faulty({ os: 'windows' });
    await p.upstream.inject('admin.reset');
    expect((await p.send(get(PAGE, p.port))).status).toBe(502);
    const wsarecv = 'WSARecv() failed (10054: An existing connection was forcibly closed by the remote host) while reading response header from upstream';
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(lines(p)).toEqual([line(wsarecv, request, '[::1]:U'), line(wsarecv, request, '127.0.0.1:U')]);
  });
});

test.describe('admin.close', () => {
  test('a GET: "upstream prematurely closed connection" on each peer, then 502; a POST: one try', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.close');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(r.body).toBe(PAGES[502]);
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(p.requestLog()).toEqual([line(CLOSED, request, '[::1]:U'), line(CLOSED, request, '127.0.0.1:U')]);
    const q = await faulty();
    await q.upstream.inject('admin.close');
    expect((await q.send(login(q.port))).status).toBe(502);
    expect(journal(q)).toEqual(['POST ::1']);
    expect(q.requestLog()).toEqual([line(CLOSED, 'POST /api/employee/login HTTP/1.1', '[::1]:U')]);
  });
});

test.describe('admin.garbage', () => {
  test('the bytes as they came, no status line of nginx\'s own (HTTP/0.9), 009 in the access log; the peer is not failed', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.garbage --seed 5');
    const bytes = garbageBytes(64, seededRandom(5)).toString('latin1');
    const r = await p.send(get(PAGE, p.port, ['Connection: close']), { untilClose: true });
    expect(r.raw).toBe(bytes);
    expect(r.closed).toBe(true);
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(p.requestLog()).toEqual([line('upstream sent no valid HTTP/1.0 header while reading response header from upstream', request, '[::1]:U')]);
    await expect.poll(() => p.access()).toEqual([access(request, '009', 64)]);
    // Not a failure for nginx: the next request goes to the next peer, as round robin has it.
    await p.upstream.faults.restore();
    expect((await p.send(get(PAGE, p.port))).status).toBe(401);
    expect(journal(p)).toEqual(['GET ::1', 'GET 127.0.0.1']);
  });

  test('a client that keeps its connection gets the bytes and may send its next request on it', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.garbage 16 --seed 5 --path /admin/employee/page');
    const bytes = garbageBytes(16, seededRandom(5)).toString('latin1');
    const r = await p.send(get(PAGE, p.port) + get('/x', p.port), { untilClose: true, timeoutMs: 1500 });
    expect(r.closed).toBe(false);
    expect(r.raw.slice(0, 16)).toBe(bytes);
    expect(r.raw.slice(16)).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nhello\n$/);
  });
});

test.describe('admin.bad-header', () => {
  test('502 and the header quoted up to its bad byte; not retried (invalid_header is not in proxy_next_upstream\'s default), yet the peer sits out fail_timeout', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.bad-header --times 1');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(r.body).toBe(PAGES[502]);
    expect(journal(p)).toEqual(['GET ::1']);
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(p.requestLog()).toEqual([line('upstream sent invalid header: "Content\\x20..." while reading response header from upstream', request, '[::1]:U')]);
    // [::1] failed: the next request goes to 127.0.0.1.
    expect((await p.send(get(PAGE, p.port))).status).toBe(401);
    expect(journal(p)).toEqual(['GET ::1', 'GET 127.0.0.1']);
    expect(BAD_HEADER_ANSWER).toContain('\r\nContent Type:');
  });

  test('with proxy_next_upstream error timeout invalid_header the GET goes on to 127.0.0.1', async ({ faulty }) => {
    const p = await faulty({ api: 'proxy_next_upstream error timeout invalid_header;' });
    await p.upstream.inject('admin.bad-header --times 1');
    expect((await p.send(get(PAGE, p.port))).status).toBe(401);
    expect(journal(p)).toEqual(['GET ::1', 'GET 127.0.0.1']);
    expect(p.requestLog()).toHaveLength(1);
  });
});

test.describe('admin.big-header, admin.bad-chunked', () => {
  test('a head over proxy_buffer_size: 502, "upstream sent too big header", not retried', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.big-header 16384');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(r.body).toBe(PAGES[502]);
    expect(journal(p)).toEqual(['GET ::1']);
    expect(lines(p)).toEqual([line('upstream sent too big header while reading response header from upstream', `GET ${PAGE} HTTP/1.1`, '[::1]:U')]);
  });

  test('chunked said, not sent: the browser gets nothing at all, and "upstream sent invalid chunked response while reading upstream"', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.bad-chunked');
    const r = await p.send(get(PAGE, p.port, ['Connection: close']), { untilClose: true });
    expect(r.raw).toBe('');
    expect(r.closed).toBe(true);
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(lines(p)).toEqual([line('upstream sent invalid chunked response while reading upstream', request, '[::1]:U')]);
    await expect.poll(() => p.access()).toEqual([access(request, '200', 0)]);
  });
});

test.describe('admin.blackhole', () => {
  test('connects get no answer: proxy_connect_timeout on each loopback (a POST too: nothing was sent), then 504', async ({ faulty }) => {
    const p = await faulty({ api: 'proxy_connect_timeout 1s;' });
    await p.upstream.inject('admin.blackhole');
    const r = await p.send(login(p.port));
    expect(r.statusLine).toBe('HTTP/1.1 504 Gateway Time-out');
    expect(r.ms).toBeGreaterThanOrEqual(1900);
    expect(r.ms).toBeLessThan(4000);
    const request = 'POST /api/employee/login HTTP/1.1';
    const timedOut = 'upstream timed out (110: Connection timed out) while connecting to upstream';
    expect(lines(p)).toEqual([line(timedOut, request, '[::1]:U'), line(timedOut, request, '127.0.0.1:U')]);
    await p.upstream.faults.restore();
  });
});

test.describe('admin.truncate', () => {
  test('the head and Content-Length pass, then the bytes that came, then the client connection is closed: "prematurely closed ... while reading upstream"', async ({ faulty }) => {
    const p = await faulty();
    const whole = await p.send(login(p.port), { untilClose: false });
    expect(whole.status).toBe(200);
    const body = whole.body;
    await p.upstream.inject('admin.truncate 10');
    const r = await p.send(login(p.port), { untilClose: true });
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(withoutDate(r.headers)).toEqual([
      ['Server', 'nginx/1.22.1'],
      ['Content-Type', 'application/json'],
      ['Content-Length', String(body.length)],
      ['Connection', 'keep-alive'],
    ]);
    expect(r.body).toBe(body.slice(0, 10));
    expect(r.closed).toBe(true);
    const request = 'POST /api/employee/login HTTP/1.1';
    // The first request was *2 (its upstream connection *3): this one is *4, on the next peer.
    expect(p.requestLog()).toEqual([line('upstream prematurely closed connection while reading upstream', request, '127.0.0.1:U', 'error', 4)]);
    await expect.poll(() => p.access().at(-1)).toBe(access(request, '200', 10));
  });
});

test.describe('admin.hang and admin.latency', () => {
  test('hang: a GET times out on both peers (504 after 2 × proxy_read_timeout), a POST on one', async ({ faulty }) => {
    const p = await faulty({ api: 'proxy_read_timeout 1s;' });
    await p.upstream.inject('admin.hang');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 504 Gateway Time-out');
    expect(r.body).toBe(PAGES[504]);
    expect(r.ms).toBeGreaterThanOrEqual(1900);
    expect(r.ms).toBeLessThan(4000);
    const request = `GET ${PAGE} HTTP/1.1`;
    expect(p.requestLog()).toEqual([line(TIMED_OUT, request, '[::1]:U'), line(TIMED_OUT, request, '127.0.0.1:U')]);
    const q = await faulty({ api: 'proxy_read_timeout 1s;' });
    await q.upstream.inject('admin.hang');
    const post = await q.send(login(q.port));
    expect(post.status).toBe(504);
    expect(post.ms).toBeGreaterThanOrEqual(900);
    expect(post.ms).toBeLessThan(1900);
    expect(q.requestLog()).toEqual([line(TIMED_OUT, 'POST /api/employee/login HTTP/1.1', '[::1]:U')]);
  });

  test('hang, Windows profile: 10060', async ({ faulty, engine }) => {
    test.skip(engine === 'nginx', 'real nginx on Linux writes Linux wording');
    const p = await faulty({ api: 'proxy_read_timeout 1s;', os: 'windows' });
    await p.upstream.inject('admin.hang');
    expect((await p.send(login(p.port))).status).toBe(504);
    const timedOut = 'upstream timed out (10060: A connection attempt failed because the connected party did not properly respond after a period of time, or established connection failed because connected host has failed to respond) while reading response header from upstream';
    expect(lines(p)).toEqual([line(timedOut, 'POST /api/employee/login HTTP/1.1', '[::1]:U')]);
  });

  test('latency under proxy_read_timeout: the answer, late, and no line; over it: 504', async ({ faulty }) => {
    const p = await faulty({ api: 'proxy_read_timeout 1s;' });
    await p.upstream.inject('admin.latency 400 --path /admin/employee/login');
    const slow = await p.send(login(p.port));
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(395);
    expect(p.requestLog()).toEqual([]);
    await p.upstream.faults.restore();
    await p.upstream.inject('admin.latency 1500 --path /admin/employee/login');
    const late = await p.send(login(p.port));
    expect(late.status).toBe(504);
    expect(p.requestLog()).toEqual([line(TIMED_OUT, 'POST /api/employee/login HTTP/1.1', '127.0.0.1:U', 'error', 4)]);
  });
});

test.describe('admin.dribble, admin.bandwidth, admin.slow-close, admin.status', () => {
  test('dribble and bandwidth: the same bytes, later, no line', async ({ faulty }) => {
    const p = await faulty({ api: 'proxy_read_timeout 1s;' });
    const whole = await p.send(login(p.port));
    await p.upstream.inject('admin.dribble 3 450');
    const dribbled = await p.send(login(p.port));
    expect(dribbled.body).toBe(whole.body);
    expect(dribbled.ms).toBeGreaterThanOrEqual(440);
    await p.upstream.faults.restore();
    await p.upstream.inject('admin.bandwidth 1');
    const slow = await p.send(login(p.port));
    expect(slow.body).toBe(whole.body);
    expect(withoutDate(slow.headers)).toEqual(withoutDate(whole.headers));
    expect(p.requestLog()).toEqual([]);
  });

  test('dribble with a pause longer than proxy_read_timeout: the head (the first piece nginx holds back in its buffer), then "upstream timed out ... while reading upstream" and the client connection closed', async ({ faulty }) => {
    const p = await faulty({ api: 'proxy_read_timeout 1s;' });
    await p.upstream.inject('admin.dribble 2 3000');
    const r = await p.send(login(p.port), { untilClose: true });
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(r.body).toBe('');
    expect(r.closed).toBe(true);
    const request = 'POST /api/employee/login HTTP/1.1';
    expect(p.requestLog()).toEqual([line('upstream timed out (110: Connection timed out) while reading upstream', request, '[::1]:U')]);
    await expect.poll(() => p.access()).toEqual([access(request, '200', 0)]);
  });

  test('slow-close: the answer ends when the admin server closes, MS after its last byte', async ({ faulty }) => {
    const p = await faulty();
    const whole = await p.send(login(p.port));
    await p.upstream.inject('admin.slow-close 800');
    const r = await p.send(login(p.port));
    expect(r.ms).toBeGreaterThanOrEqual(790);
    expect(r.raw.replace(/Date: .*\r\n/, '')).toBe(whole.raw.replace(/Date: .*\r\n/, ''));
    expect(p.requestLog()).toEqual([]);
  });

  test('status 500: nginx passes the admin server\'s 500 and its error JSON on, and logs nothing', async ({ faulty }) => {
    const p = await faulty();
    await p.upstream.inject('admin.status 500');
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
    expect(r.body).toBe('{"timestamp":1700000000000,"status":500,"error":"Internal Server Error","path":"/admin/employee/page"}');
    expect(p.requestLog()).toEqual([]);
    // Without a Content-Length from the admin server, the body goes chunked; the access log counts the chunks' bytes.
    const sent = r.raw.length - r.raw.indexOf('\r\n\r\n') - 4;
    await expect.poll(() => p.access()).toEqual([access(`GET ${PAGE} HTTP/1.1`, '500', sent)]);
  });
});

test.describe('proxy.temp-dir-gone', () => {
  const big = (port: number) => post('/api/employee/login', port, `{"username":"admin","password":"${'x'.repeat(20_000)}"}`, ['Content-Type: application/json']);

  test('a body bigger than client_body_buffer_size: 500, Connection: close and the [crit] open() line; a small body still goes', async ({ faulty }) => {
    const p = await faulty();
    rmSync(join(p.prefix, 'temp', 'client_body_temp'), { recursive: true });
    const r = await p.send(big(p.port));
    expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
    expect(withoutDate(r.headers)).toEqual(pageHeaders(177, 'close'));
    expect(r.body).toBe(PAGES[500]);
    const request = 'POST /api/employee/login HTTP/1.1';
    expect(p.requestLog()).toEqual([
      `TIME [crit] PID: *2 open() "PREFIX/temp/client_body_temp/0000000001" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "${request}", host: "127.0.0.1:P"`,
    ]);
    expect(p.upstream.admin.journal).toEqual([]);
    const small = await p.send(login(p.port));
    expect(small.status).toBe(200);
    await expect.poll(() => p.access()).toEqual([access(request, '500', 177), access(request, '200', small.raw.length - small.raw.indexOf('\r\n\r\n') - 4)]);
  });

  test('Windows profile: CreateFile() ... (3: The system cannot find the path specified)', async ({ faulty, engine }) => {
    test.skip(engine === 'nginx', 'real nginx on Linux writes Linux wording');
    const p = await faulty({ os: 'windows' });
    rmSync(join(p.prefix, 'temp', 'client_body_temp'), { recursive: true });
    expect((await p.send(big(p.port))).status).toBe(500);
    expect(lines(p)).toEqual([
      `TIME [crit] PID: *2 CreateFile() "C:${p.prefix.replace(/\//g, '\\')}/temp/client_body_temp/0000000001" failed (3: The system cannot find the path specified), client: 127.0.0.1, server: localhost, request: "POST /api/employee/login HTTP/1.1", host: "127.0.0.1:P"`,
    ]);
  });
});
