// AdminStandIn's life cycle: the listen modes (which loopback answers, which refuses), setMode,
// stop() freeing the port at once, the journal and onRequest, and port-taken errors.
import { test, expect } from '@playwright/test';
import getPort from 'get-port';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { Client } from 'undici';
import { AdminStandIn, LISTEN_MODES, type JournalEntry, type ListenMode } from './server.js';
import { ADMIN_LOGIN, call, ipv4, ipv6, occupy, release, startAdmin } from '../../tests/support/admin.js';

const login = (base: string) => call(`${base}/admin/employee/login`, { json: ADMIN_LOGIN, fresh: true });

async function expectAnswers(base: string): Promise<void> {
  const r = await login(base);
  expect(r.status, base).toBe(200);
  expect(r.text).toMatch(/^\{"code":1,/);
}

async function expectRefused(base: string): Promise<void> {
  await expect(login(base), base).rejects.toMatchObject({ code: 'ECONNREFUSED' });
}

/** Which of the two loopbacks answer, for each mode. */
const ANSWERS: Record<ListenMode, { v4: boolean; v6: boolean }> = {
  dual: { v4: true, v6: true },
  ipv4: { v4: true, v6: false },
  ipv6: { v4: false, v6: true },
  down: { v4: false, v6: false },
};

async function expectMode(server: AdminStandIn, mode: ListenMode): Promise<void> {
  expect(server.mode).toBe(mode);
  await (ANSWERS[mode].v4 ? expectAnswers : expectRefused)(ipv4(server));
  await (ANSWERS[mode].v6 ? expectAnswers : expectRefused)(ipv6(server));
  const hosts = server.addresses().map((a) => a.host).sort();
  expect(hosts).toEqual([...(ANSWERS[mode].v6 ? ['::1'] : []), ...(ANSWERS[mode].v4 ? ['127.0.0.1'] : [])].sort());
  for (const a of server.addresses()) expect(a.port).toBe(server.port);
}

for (const mode of LISTEN_MODES) {
  test(`mode ${mode}: ${ANSWERS[mode].v6 ? '::1 answers' : '::1 refuses'}, ${ANSWERS[mode].v4 ? '127.0.0.1 answers' : '127.0.0.1 refuses'}`, async () => {
    const server = await startAdmin({ mode });
    try {
      await expectMode(server, mode);
    } finally {
      await server.stop();
    }
  });
}

test('the default mode is dual and the journal records which loopback each request came in on', async () => {
  const server = await startAdmin();
  try {
    expect(server.mode).toBe('dual');
    await login(ipv6(server));
    await login(ipv4(server));
    expect(server.journal.map((e) => e.localAddress)).toEqual(['::1', '127.0.0.1']);
  } finally {
    await server.stop();
  }
});

test('setMode switches live, on the same port', async () => {
  const server = await startAdmin({ mode: 'dual' });
  const port = server.port;
  try {
    for (const mode of ['ipv4', 'ipv6', 'down', 'dual'] as const) {
      await server.setMode(mode);
      expect(server.port).toBe(port);
      await expectMode(server, mode);
    }
  } finally {
    await server.stop();
  }
});

test('stop() frees the port at once, even with an idle keep-alive connection and a request in flight', async () => {
  const server = await startAdmin({ mode: 'dual' });
  const client = new Client(ipv4(server));
  const disconnected = new Promise((resolve) => client.once('disconnect', resolve));
  try {
    expect((await client.request({ path: '/admin/employee/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN_LOGIN) })).statusCode).toBe(200);
    server.faults.add({ label: 'held', action: { stage: 'delay', delayMs: () => 60_000 } });
    const arrived = new Promise<JournalEntry>((resolve) => server.onRequest(resolve));
    const inFlight = call(`${ipv6(server)}/admin/employee/login`, { json: ADMIN_LOGIN });
    await arrived;
    const started = performance.now();
    await server.stop();
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(inFlight).rejects.toThrow();
    await disconnected;
    // the port is free on both loopbacks right away
    for (const host of ['127.0.0.1', '::1']) await release(await occupy(server.port, host));
    await server.stop(); // idempotent
    expect(server.addresses()).toEqual([]);
  } finally {
    await client.destroy();
    await server.stop();
  }
});

test('start() after stop() listens again; start() twice is harmless', async () => {
  const server = await startAdmin({ mode: 'ipv4' });
  try {
    await server.start();
    expect(server.addresses()).toHaveLength(1);
    await server.stop();
    await expectRefused(ipv4(server));
    await server.start();
    await expectAnswers(ipv4(server));
  } finally {
    await server.stop();
  }
});

test('the journal keeps every request in arrival order; onRequest is told on arrival and again when answered', async () => {
  const server = await startAdmin({ mode: 'dual' });
  try {
    const calls: { id: number; answered: boolean; status?: number }[] = [];
    const unsubscribe = server.onRequest((e) => calls.push({ id: e.id, answered: e.end !== undefined, status: e.status }));
    server.faults.add({ label: 'slow', action: { stage: 'delay', delayMs: () => 150 } });
    const before = Date.now();
    await login(ipv4(server));
    await call(`${ipv6(server)}/admin/employee/page?page=1&pageSize=10`, { fresh: true });
    unsubscribe();
    await call(`${ipv4(server)}/nowhere`, { fresh: true });
    expect(calls).toEqual([
      { id: 1, answered: false, status: undefined },
      { id: 1, answered: true, status: 200 },
      { id: 2, answered: false, status: undefined },
      { id: 2, answered: true, status: 401 },
    ]);
    expect(server.journal.map(({ method, url, localAddress, status, httpVersion }) => ({ method, url, localAddress, status, httpVersion }))).toEqual([
      { method: 'POST', url: '/admin/employee/login', localAddress: '127.0.0.1', status: 200, httpVersion: '1.1' },
      { method: 'GET', url: '/admin/employee/page?page=1&pageSize=10', localAddress: '::1', status: 401, httpVersion: '1.1' },
      { method: 'GET', url: '/nowhere', localAddress: '127.0.0.1', status: 404, httpVersion: '1.1' },
    ]);
    expect(server.journal.map((e) => e.id)).toEqual([1, 2, 3]);
    for (const e of server.journal) {
      expect(e.start).toBeGreaterThanOrEqual(before);
      expect(e.end! - e.start).toBeGreaterThanOrEqual(140);
    }
  } finally {
    await server.stop();
  }
});

test('an entry whose connection drops before the answer gets an end but no status', async () => {
  const server = await startAdmin({ mode: 'ipv4' });
  try {
    server.faults.add({ label: 'held', action: { stage: 'delay', delayMs: () => 60_000 } });
    const done = new Promise<JournalEntry>((resolve) => server.onRequest((e) => e.end !== undefined && resolve(e)));
    const socket = net.connect(server.port, '127.0.0.1');
    socket.write('GET /admin/employee/page HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise<JournalEntry>((resolve) => server.onRequest((e) => e.end === undefined && resolve(e)));
    socket.destroy();
    const entry = await done;
    expect(entry.status).toBeUndefined();
    expect(entry.end).toBeGreaterThanOrEqual(entry.start);
  } finally {
    await server.stop();
  }
});

test('recordJournal: false keeps no journal but still tells listeners', async () => {
  const server = await startAdmin({ mode: 'ipv4', recordJournal: false });
  try {
    const urls: string[] = [];
    server.onRequest((e) => e.end === undefined && urls.push(e.url));
    await login(ipv4(server));
    expect(urls).toEqual(['/admin/employee/login']);
    expect(server.journal).toEqual([]);
  } finally {
    await server.stop();
  }
});

test('a taken port: start() rejects naming the port and the address, and leaves nothing listening', async () => {
  const port = await getPort();
  const blocker = await occupy(port, '127.0.0.1');
  try {
    const v4only = new AdminStandIn({ port, mode: 'ipv4' });
    await expect(v4only.start()).rejects.toThrow(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use \\(EADDRINUSE\\)`));
    const dual = new AdminStandIn({ port, mode: 'dual' });
    const error = await dual.start().then(() => undefined, (e: Error & { code?: string }) => e);
    expect(error?.message).toContain(`port ${port} on 127.0.0.1`);
    expect(error?.code).toBe('EADDRINUSE');
    expect(dual.addresses()).toEqual([]);
    await release(await occupy(port, '::1')); // the ::1 socket it had opened was closed again
  } finally {
    await release(blocker);
  }
});

test('port 0 picks one free port and uses it on both loopbacks', async () => {
  const server = new AdminStandIn({ port: 0 });
  await server.start();
  try {
    expect(server.port).toBeGreaterThan(0);
    await expectMode(server, 'dual');
  } finally {
    await server.stop();
  }
});

test('bad options are refused at once', () => {
  expect(() => new AdminStandIn({ port: 65536 })).toThrow(RangeError);
  expect(() => new AdminStandIn({ port: 1.5 })).toThrow(RangeError);
  expect(() => new AdminStandIn({ port: 8080, mode: 'both' as ListenMode })).toThrow(/unknown listen mode "both"/);
});

test('it listens on loopback only: another address of this machine refuses', async () => {
  const other = Object.values(networkInterfaces()).flat().find((a) => a && !a.internal && a.family === 'IPv4');
  test.skip(!other, 'this machine has no non-loopback IPv4 address');
  const server = await startAdmin({ mode: 'dual' });
  try {
    await expectRefused(`http://${other!.address}:${server.port}`);
  } finally {
    await server.stop();
  }
});
