// The pass-through's fast path: while no fault is in force, a request that is its connection's last
// is relayed as bytes, on a kept connection to the user's server; it closes with the pass-through.
// Its connections to the user's server, on either way: kept alive, and a kept one that the server
// closes just as it is reused is not taken for a failure of the server (a body is never sent twice).
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { passThroughTo, RAW_ANSWER, startRawServer, type OwnServerBehind, type RawServer } from '../../tests/support/own-server.js';
import { get as request, post, send } from '../../tests/support/raw-http.js';
import { exchange, upstreamRequest, type Exchanged } from '../../tests/support/stand-in.js';
import { freePort } from '../../tests/support/ports.js';

const WAYS = [
  ['the HTTP way (keep-alive)', (port: number) => request('/admin/employee/page', port), (port: number) => post('/admin/employee/login', port, '{}')],
  ['the fast path (nginx\'s HTTP/1.0)', (port: number) => upstreamRequest('GET', '/admin/employee/page', port), (port: number) => upstreamRequest('POST', '/admin/employee/login', port, '{}')],
] as const;

/** A user's server that answers the first request of each connection, keeping it open, and does
 *  `second` to the connection at its second request; the pass-through in front of it. */
async function keptThen(second: (socket: net.Socket) => void) {
  const seen: number[] = [];
  const server = net.createServer((socket) => {
    const conn = seen.push(0) - 1;
    socket.on('data', (d) => {
      seen[conn] += d.toString('latin1').split('\r\n\r\n').length - 1;
      if (seen[conn] === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nKeep-Alive: timeout=60\r\n\r\nok');
      else second(socket);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port }, resolve));
  const behind = await passThroughTo(port);
  const close = async () => {
    await behind.close();
    await new Promise((resolve) => server.close(resolve));
  };
  return { seen, behind, close };
}

for (const [way, getTo, postTo] of WAYS) {
  test(`${way}: a kept connection the user's server closes as it is reused: the GET goes again on a new one and is answered; nginx never sees the close`, async () => {
    const { seen, behind, close } = await keptThen((socket) => socket.destroy());
    try {
      const get = () => send(behind.port, getTo(behind.port)).then((r) => r.raw);
      expect(await get()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok$/);
      expect(await get()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok$/);
      // The first connection was reused (its second request closed it), the retry went on a new one.
      expect(seen).toEqual([2, 1]);
    } finally {
      await close();
    }
  });

  test(`${way}: a POST on a kept connection the user's server resets is not sent again: nginx's connection is reset`, async () => {
    const { seen, behind, close } = await keptThen((socket) => socket.resetAndDestroy());
    try {
      expect((await send(behind.port, getTo(behind.port))).body).toBe('ok');
      expect((await exchange(behind.port, postTo(behind.port))).ended).toBe('ECONNRESET');
      expect(seen).toEqual([2]);
    } finally {
      await close();
    }
  });
}

const fastPath = test.extend<{ raw: RawServer; behind: OwnServerBehind }>({
  raw: async ({}, use) => {
    const raw = await startRawServer();
    await use(raw);
    await raw.close();
  },
  behind: async ({ raw }, use) => {
    const behind = await passThroughTo(raw.port);
    await use(behind);
    await behind.close();
  },
});

/** nginx's request, and the same as the fast path sends it on its kept connection. */
const nginxRequest = (port: number) => upstreamRequest('GET', '/admin/employee/page', port);
const asKept = (request: string) => request.replace('Connection: close', 'Connection: keep-alive');

fastPath('requests that are their connection\'s last go to the user\'s server as they came, on one kept connection, and their answers come back byte for byte; a keep-alive one goes the HTTP way', async ({ raw, behind }) => {
  const last = nginxRequest(behind.port);
  for (let i = 0; i < 2; i++) expect((await exchange(behind.port, last)).bytes.toString('latin1')).toBe(RAW_ANSWER);
  expect(raw.connections).toEqual([{ bytes: asKept(last).repeat(2), closed: false }]);
  // Node's HTTP layer writes the answer's head again (adding a Date), and the request, on its own kept connection.
  const sent = request('/admin/x', behind.port);
  const kept = await send(behind.port, sent);
  expect([kept.status, kept.body, kept.raw.includes('\r\nDate: ')]).toEqual([200, 'ok', true]);
  expect(raw.connections[1].bytes).toMatch(/^GET \/admin\/x HTTP\/1\.1\r\n/);
  expect(raw.connections[1].bytes).not.toBe(sent);
  // The journal (the timeline, the control page) has both, with their status, once ended.
  await expect
    .poll(() => behind.passThrough.journal.map((e) => `${e.method} ${e.url} ${e.httpVersion} ${e.status} ${e.end! >= e.start}`))
    .toEqual(['GET /admin/employee/page 1.0 200 true', 'GET /admin/employee/page 1.0 200 true', 'GET /admin/x 1.1 200 true']);
});

/** nginx's request, relayed: at the user's server, which holds its answer back. */
async function held(raw: RawServer, behind: OwnServerBehind): Promise<{ last: string; waiting: Promise<Exchanged> }> {
  const last = nginxRequest(behind.port);
  raw.holding = true;
  const waiting = exchange(behind.port, last);
  await expect.poll(() => raw.connections[0]?.bytes).toBe(asKept(last));
  return { last, waiting };
}

fastPath('a fault applied while a relayed request waits for its answer acts from the next request', async ({ raw, behind }) => {
  const { last, waiting: first } = await held(raw, behind);
  await behind.inject('admin.status 503');
  raw.holding = false;
  raw.release();
  expect((await first).bytes.toString('latin1')).toBe(RAW_ANSWER);
  expect((await exchange(behind.port, last)).bytes.toString('latin1')).toMatch(/^HTTP\/1\.1 503 /);
  expect(raw.connections).toHaveLength(1);
});

fastPath('admin.stop closes a relayed connection at once, and the relay\'s connection to the user\'s server', async ({ raw, behind }) => {
  const { waiting } = await held(raw, behind);
  await behind.inject('admin.stop');
  expect(await waiting).toMatchObject({ bytes: Buffer.alloc(0), ended: 'end' });
  await expect.poll(() => raw.connections[0].closed).toBe(true);
  expect(behind.passThrough.journal.map((e) => [e.url, e.status, e.end !== undefined])).toEqual([['/admin/employee/page', undefined, true]]);
});
