import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

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
