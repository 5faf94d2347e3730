// worker_connections (nginx 1.22.1, ngx_get_connection()): a worker's two listening sockets and its
// channel to the master hold 3 of 16, a client 1 more, a proxied request 2 (the client, the
// upstream). With all taken, a new client is closed at once ([alert], no answer, no `*N`); with one
// left, a connect to the upstream fails ([alert] ... while connecting to upstream, a 500). Busy
// connections are never closed to make room (only idle ones are). What is given back is taken again.
import { test, expect } from '../fixtures.js';
import { get, RawConnection } from '../support/raw-http.js';

test('worker_connections 16: a client refused when all are taken, an upstream connect when one is left; all given back when they end', async ({ startProxy }) => {
  const p = await startProxy({ workerConnections: 16, errorLogLevel: 'info', proxyPass: 'http://127.0.0.1:U/admin/' });
  p.upstream.behaviour = { kind: 'hang' };
  const held: RawConnection[] = [];
  const hold = async () => {
    const c = await RawConnection.open(p.port);
    c.write(get('/api/held', p.port, ['User-Agent: t']));
    held.push(c);
    await expect.poll(() => p.upstream.accepted).toBe(held.length);
  };
  for (let i = 0; i < 5; i++) await hold();
  // A client in the middle of its request line is busy: 3 + 5 × 2 + 1 = 14.
  const partial = await RawConnection.open(p.port);
  partial.write('GET /x HTTP/1.1\r\n');
  // Sent after it, a sixth proxied request is read after it: 16, and the upstream has it.
  await hold();
  const refused = await RawConnection.open(p.port);
  refused.write(get('/x', p.port));
  await expect(refused.next({ timeoutMs: 5000 })).rejects.toThrow('connection closed; got ""');
  // One given back: a client gets it, its upstream none.
  partial.close();
  await expect.poll(() => p.requestLog().filter((l) => l.includes('*12 client prematurely closed connection'))).toHaveLength(1);
  const last = await p.send(get('/api/x', p.port, ['User-Agent: t']));
  expect(last.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
  expect(last.headers).toContainEqual(['Connection', 'close']);
  expect(p.upstream.accepted).toBe(6);
  const lines = () => p.errorLog().filter((l) => l.includes('worker_connections')).map((l) => p.normalise(l));
  await expect.poll(lines).toEqual([
    'TIME [alert] PID: 16 worker_connections are not enough',
    'TIME [alert] PID: *15 16 worker_connections are not enough while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/x HTTP/1.1", upstream: "http://127.0.0.1:U/admin/x", host: "127.0.0.1:P"',
  ]);
  // The held requests end: their connections are given back, and a proxied request goes through again.
  p.upstream.behaviour = { kind: 'echo' };
  for (const c of held) c.close();
  // Until the worker has read all six closes it is still full, and a new client would be refused.
  const closedHeld = () => p.errorLog().filter((l) => l.includes('client prematurely closed connection, so upstream connection is closed too'));
  await expect.poll(closedHeld).toHaveLength(held.length);
  expect((await p.send(get('/api/y', p.port))).status).toBe(200);
});
