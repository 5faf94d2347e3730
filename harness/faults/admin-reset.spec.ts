import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';
import { passThroughTo, startOwnServer } from '../../tests/support/own-server.js';

test('admin.reset: the request is read whole (its body too), then the connection is reset: no byte of an answer', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.reset');
    const port = s.admin.port;
    const get = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    expect(get).toMatchObject({ ended: 'ECONNRESET', bytes: Buffer.alloc(0) });
    // A body the controller never reads is read all the same before the RST.
    const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(100_000) });
    const post = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, body), '::1');
    expect(post).toMatchObject({ ended: 'ECONNRESET', bytes: Buffer.alloc(0) });
    expect(s.admin.journal.map((e) => [e.method, e.url, e.localAddress, e.status, e.faults])).toEqual([
      ['GET', '/admin/employee/page', '127.0.0.1', undefined, ['admin.reset']],
      ['POST', '/admin/employee/login', '::1', undefined, ['admin.reset']],
    ]);
  } finally {
    await s.close();
  }
});

test('admin.reset in front of your own server (the pass-through): the request is reset there and never reaches it; --times 1 lets the next one through', async () => {
  const own = await startOwnServer();
  const behind = await passThroughTo(own.port);
  let reached = 0;
  own.server.on('request', () => reached++);
  try {
    await behind.inject('admin.reset --times 1');
    const port = behind.port;
    expect(await exchange(port, upstreamRequest('GET', '/admin/employee/page', port))).toMatchObject({ ended: 'ECONNRESET', bytes: Buffer.alloc(0) });
    expect(reached).toBe(0);
    const next = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    expect(next.bytes.toString()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(reached).toBe(1);
  } finally {
    await behind.close();
    await own.close();
  }
});
