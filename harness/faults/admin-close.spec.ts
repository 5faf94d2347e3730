import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

test('admin.close: the request is read whole, then the connection is closed (a FIN, not a reset) without a byte', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.close');
    const port = s.admin.port;
    expect(await exchange(port, upstreamRequest('GET', '/admin/employee/page', port))).toMatchObject({ ended: 'end', bytes: Buffer.alloc(0) });
    const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(100_000) });
    expect(await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, body))).toMatchObject({ ended: 'end', bytes: Buffer.alloc(0) });
  } finally {
    await s.close();
  }
});
