// The pass-through (harness up --admin-upstream) in front of a user's own admin server: a plain Node
// server of the test's. With no fault, nginx gets the user's server's answers as they are; each
// admin.* fault does to nginx what it does in front of the stand-in: the client's answer, nginx's
// error-log lines and the doctor's condition for them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '../fixtures.js';
import { get, post, RawConnection } from '../support/raw-http.js';
import { PAGES, withoutDate } from '../support/pages.js';
import { exchange, split, upstreamRequest } from '../support/stand-in.js';
import { ProxyUnderTest } from '../support/proxy-under-test.js';
import { ownAnswer, passThroughTo, startOwnServer, type OwnServerBehind } from '../support/own-server.js';
import { garbageBytes } from '../../harness/faults/admin-garbage.js';
import { seededRandom } from '../../stand-in/admin-server/random.js';
import { diagnose } from '../../harness/doctor/index.js';
import { freePort } from '../support/ports.js';
import { ComponentsView } from '../../harness/control/components.js';
import { up } from '../../harness/api/index.js';

type Behind = ProxyUnderTest<OwnServerBehind>;

const TIMEOUTS = 'proxy_read_timeout 1s; proxy_connect_timeout 1s;';
const WS = 'location /ws/ { proxy_pass http://localhost:U/ws/; proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection "upgrade"; }';

const test = base.extend<{ own: Awaited<ReturnType<typeof startOwnServer>>; behind: () => Promise<Behind> }>({
  own: async ({}, use) => {
    const own = await startOwnServer();
    await use(own);
    await own.close();
  },
  behind: async ({ engine, own }, use, testInfo) => {
    const started: Behind[] = [];
    await use(async () => {
      const p = await ProxyUnderTest.around(engine, testInfo.outputPath(`proxy-${started.length}`), await passThroughTo(own.port), { api: TIMEOUTS, server: WS });
      started.push(p);
      return p;
    });
    await Promise.all(started.map((p) => p.stop()));
  },
});

const PAGE = '/api/employee/page?page=1&pageSize=10';
const REQUEST = `GET ${PAGE} HTTP/1.1`;
const ANSWER = ownAnswer('GET', '/admin/employee/page?page=1&pageSize=10');

/** An [error] line of the request on connection *2, its upstream `peer`. */
const line = (message: string, peer: string, request = REQUEST) => {
  const path = request.split(' ')[1].replace(/^\/api\//, '');
  return `TIME [error] PID: *2 ${message}, client: 127.0.0.1, server: localhost, request: "${request}", upstream: "http://${peer}/admin/${path}", host: "127.0.0.1:P"`;
};
const BOTH = (message: string) => [line(message, '[::1]:U'), line(message, '127.0.0.1:U')];
const TIMED_OUT = 'upstream timed out (110: Connection timed out) while reading response header from upstream';

/** The doctor's conditions for the error log the test left. */
const conditions = (p: Behind) => [...new Set(diagnose(readFileSync(join(p.prefix, 'logs', 'error.log'))).incidents.map((i) => i.condition))];

test.describe('no fault', () => {
  test('nginx gets the answer the user\'s server gives directly: status, headers, body', async ({ behind, own }) => {
    const p = await behind();
    const direct = split((await exchange(own.port, upstreamRequest('POST', '/admin/employee/login', own.port, '{"a":1}'))).bytes);
    const passed = split((await exchange(p.upstream.port, upstreamRequest('POST', '/admin/employee/login', own.port, '{"a":1}'))).bytes);
    const head = (h: string) => h.split('\r\n').filter((l) => !/^(Date|Connection|Keep-Alive):/i.test(l));
    expect(head(passed.head)).toEqual(head(direct.head));
    expect(passed.body.toString()).toBe(direct.body.toString());
    expect(passed.body.toString()).toBe(ownAnswer('POST', '/admin/employee/login', '{"a":1}'));
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 200 OK');
    expect(withoutDate(r.headers).map(([name, value]) => `${name}: ${value}`)).toEqual(['Server: nginx/1.22.1', 'Content-Type: application/json', `Content-Length: ${ANSWER.length}`, 'Connection: keep-alive', 'X-Own-Server: yes']);
    expect(r.body).toBe(ANSWER);
    expect(p.requestLog()).toEqual([]);
    // The journal (what the timeline and the control page show) has the user's server's answer.
    expect(p.upstream.passThrough.journal.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual(['POST /admin/employee/login 200', `GET ${PAGE.replace('/api/', '/admin/')} 200`]);
  });

  test('a WebSocket handshake and its frames pass through both ways', async ({ behind }) => {
    const p = await behind();
    const c = await RawConnection.open(p.port);
    c.write(get('/ws/7', p.port, ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13']));
    const head = await c.next({ head: true });
    expect(head.statusLine).toBe('HTTP/1.1 101 Switching Protocols');
    // The names as the user's server wrote them (http-proxy would lower-case them).
    expect(withoutDate(head.headers).map(([name, value]) => `${name}: ${value}`)).toEqual(['Server: nginx/1.22.1', 'Connection: upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=']);
    expect(await c.until('hello')).toContain('hello');
    c.close();
  });
});

test.describe('the user\'s server is down, no fault applied', () => {
  test('each connection nginx makes is reset once its request is read: 502, a reset line per peer, and the harness says why once', async ({ behind, own }) => {
    const p = await behind();
    await own.close();
    const r = await p.send(get(PAGE, p.port));
    expect(r.statusLine).toBe('HTTP/1.1 502 Bad Gateway');
    expect(r.body).toBe(PAGES[502]);
    expect(p.requestLog()).toEqual(BOTH('recv() failed (104: Connection reset by peer) while reading response header from upstream'));
    expect(conditions(p)).toEqual(['upstream-reset']);
    expect(p.upstream.notes).toEqual([expect.stringMatching(/^your admin server on 127\.0\.0\.1:\d+ refuses connections \(ECONNREFUSED\): is it running\?/)]);
  });
});

/** Each fault, applied to the pass-through: the client's status, nginx's lines, the doctor's condition. */
const FAULTS: { fault: string; status: number; lines: string[]; condition: string }[] = [
  { fault: 'admin.stop', status: 502, lines: BOTH('connect() failed (111: Connection refused) while connecting to upstream'), condition: 'upstream-refused' },
  { fault: 'admin.listen ipv4', status: 200, lines: [line('connect() failed (111: Connection refused) while connecting to upstream', '[::1]:U')], condition: 'upstream-refused' },
  { fault: 'admin.reset', status: 502, lines: BOTH('recv() failed (104: Connection reset by peer) while reading response header from upstream'), condition: 'upstream-reset' },
  { fault: 'admin.close', status: 502, lines: BOTH('upstream prematurely closed connection while reading response header from upstream'), condition: 'upstream-closed' },
  { fault: 'admin.bad-header', status: 502, lines: [line('upstream sent invalid header: "Content\\x20..." while reading response header from upstream', '[::1]:U')], condition: 'upstream-invalid-header' },
  { fault: 'admin.big-header 16384', status: 502, lines: [line('upstream sent too big header while reading response header from upstream', '[::1]:U')], condition: 'upstream-header-too-big' },
  { fault: 'admin.hang', status: 504, lines: BOTH(TIMED_OUT), condition: 'upstream-timeout' },
  { fault: 'admin.latency 1500', status: 504, lines: BOTH(TIMED_OUT), condition: 'upstream-timeout' },
  { fault: 'admin.blackhole', status: 504, lines: BOTH('upstream timed out (110: Connection timed out) while connecting to upstream'), condition: 'upstream-connect-timeout' },
];

for (const f of FAULTS) {
  test(`${f.fault}: ${f.status}, ${f.lines.length} line(s), the doctor's ${f.condition}`, async ({ behind }) => {
    const p = await behind();
    await p.upstream.inject(f.fault);
    const r = await p.send(get(PAGE, p.port));
    expect(r.status).toBe(f.status);
    expect(r.body).toBe(f.status === 200 ? ANSWER : PAGES[f.status as 502 | 504]);
    expect(p.requestLog()).toEqual(f.lines);
    expect(conditions(p)).toEqual([f.condition]);
    await p.upstream.faults.restore();
  });
}

test('admin.start: a pass-through stopped listens again, and answers', async ({ behind }) => {
  const p = await behind();
  await p.upstream.passThrough.setMode('down');
  await p.upstream.inject('admin.start');
  expect((await p.send(get(PAGE, p.port))).body).toBe(ANSWER);
});

test('admin.garbage: the bytes as they came (HTTP/0.9), "upstream sent no valid HTTP/1.0 header"', async ({ behind }) => {
  const p = await behind();
  await p.upstream.inject('admin.garbage --seed 5');
  const r = await p.send(get(PAGE, p.port, ['Connection: close']), { untilClose: true });
  expect(r.raw).toBe(garbageBytes(64, seededRandom(5)).toString('latin1'));
  expect(p.requestLog()).toEqual([line('upstream sent no valid HTTP/1.0 header while reading response header from upstream', '[::1]:U')]);
  expect(conditions(p)).toEqual(['upstream-invalid-header']);
});

test('admin.bad-chunked and admin.truncate: the user\'s answer cut, and nginx\'s line "while reading upstream"', async ({ behind }) => {
  const p = await behind();
  await p.upstream.inject('admin.bad-chunked');
  const chunked = await p.send(get(PAGE, p.port, ['Connection: close']), { untilClose: true });
  expect(chunked.raw).toBe('');
  expect(p.requestLog()).toEqual([line('upstream sent invalid chunked response while reading upstream', '[::1]:U')]);
  expect(conditions(p)).toEqual(['upstream-bad-chunked']);
  const q = await behind();
  await q.upstream.inject('admin.truncate 10');
  const cut = await q.send(get(PAGE, q.port), { untilClose: true });
  expect(cut.statusLine).toBe('HTTP/1.1 200 OK');
  expect(cut.body).toBe(ANSWER.slice(0, 10));
  expect(q.requestLog()).toEqual([line('upstream prematurely closed connection while reading upstream', '[::1]:U')]);
  expect(conditions(q)).toEqual(['upstream-closed']);
});

test('admin.status 500: Spring Boot\'s error JSON in place of the user\'s answer, passed on, no line', async ({ behind }) => {
  const p = await behind();
  await p.upstream.inject('admin.status 500');
  const r = await p.send(get(PAGE, p.port));
  expect(r.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
  expect(JSON.parse(r.body)).toMatchObject({ status: 500, error: 'Internal Server Error', path: '/admin/employee/page' });
  expect(p.requestLog()).toEqual([]);
});

test('latency with jitter, dribble, bandwidth, slow-close: the user\'s answer, later, no line', async ({ behind }) => {
  const p = await behind();
  const cases: [string, number][] = [
    ['admin.latency 300 --jitter 50 --distribution uniform --seed 3', 250],
    // The last of 3 pieces comes 200 ms after the head; nginx has the whole body then.
    ['admin.dribble 3 300', 190],
    ['admin.bandwidth 1', 0],
    ['admin.slow-close 300', 290],
  ];
  for (const [fault, ms] of cases) {
    await p.upstream.inject(`${fault} --path /admin/employee/**`);
    const r = await p.send(get(PAGE, p.port));
    expect(r.body, fault).toBe(ANSWER);
    expect(r.ms, fault).toBeGreaterThanOrEqual(ms);
    await p.upstream.faults.restore();
  }
  expect(p.requestLog()).toEqual([]);
});

test('--times and --rate count the user\'s requests: the first one reset, the retry answered', async ({ behind }) => {
  const p = await behind();
  await p.upstream.inject('admin.reset --times 1 --rate 1');
  expect((await p.send(get(PAGE, p.port))).body).toBe(ANSWER);
  expect(p.upstream.passThrough.journal.map((e) => `${e.localAddress} ${e.status ?? 'reset'} ${e.faults ?? ''}`)).toEqual(['::1 reset admin.reset --times 1 --rate 1', '127.0.0.1 200 ']);
});

test('a POST is passed through with its body; a POST reset is not retried', async ({ behind }) => {
  const p = await behind();
  const ok = await p.send(post('/api/employee/login', p.port, '{"username":"admin"}', ['Content-Type: application/json']));
  expect(ok.body).toBe(ownAnswer('POST', '/admin/employee/login', '{"username":"admin"}'));
  await p.upstream.inject('admin.reset');
  expect((await p.send(post('/api/employee/login', p.port, '{}'))).status).toBe(502);
  expect(p.upstream.passThrough.journal.filter((e) => e.faults)).toHaveLength(1);
});

test('the stack with --admin-upstream: the user\'s server answers through it, and still runs once the stack has stopped', async ({ startStack, own }) => {
  const stack = await startStack({ admin: 'external', adminUpstream: { host: '127.0.0.1', port: own.port } });
  // What the control page shows of it.
  const { admin } = await new ComponentsView(stack, new Date(), () => undefined).read();
  expect(admin).toEqual({ port: stack.spec.adminPort, mode: 'dual', addresses: [`[::1]:${stack.spec.adminPort}`, `127.0.0.1:${stack.spec.adminPort}`], upstream: `127.0.0.1:${own.port}` });
  const r = await fetch(`${stack.proxyUrl}/api/employee/page`);
  expect(await r.text()).toBe(ownAnswer('GET', '/admin/employee/page'));
  await stack.stop();
  expect(await (await fetch(`http://127.0.0.1:${own.port}/admin/x`)).text()).toBe(ownAnswer('GET', '/admin/x'));
  await expect(fetch(`http://127.0.0.1:${stack.spec.adminPort}/admin/x`)).rejects.toThrow();
});

test('--admin ipv4 with --admin-upstream: the pass-through listens on 127.0.0.1 only', async ({ startStack, own }) => {
  const stack = await startStack({ admin: 'ipv4', adminUpstream: { host: '127.0.0.1', port: own.port }, adminPort: await freePort() });
  expect(stack.addresses().admin).toEqual([`127.0.0.1:${stack.spec.adminPort}`]);
});

test('the package\'s up({ adminUpstream }): the same pass-through, its faults through inject()', async ({ engine, own }) => {
  const stack = await up({ proxy: engine, os: 'linux', adminUpstream: { host: '127.0.0.1', port: own.port } });
  try {
    expect(await (await fetch(`${stack.url.replace('localhost', '127.0.0.1')}api/x`)).text()).toBe(ownAnswer('GET', '/admin/x'));
    await stack.inject('admin.status', '503');
    expect((await fetch(`${stack.url.replace('localhost', '127.0.0.1')}api/x`)).status).toBe(503);
  } finally {
    await stack.stop();
  }
});
