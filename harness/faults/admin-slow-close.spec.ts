import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

test('admin.slow-close MS: the answer comes at once, without a Content-Length, and its connection closes MS later', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    await s.inject('admin.slow-close 400');
    // The 401 has a Content-Length of its own (0): it goes, and the body is then delimited by the close.
    const r = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    const { head } = split(r.bytes);
    expect(head).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(head).not.toMatch(/content-length/i);
    expect(r.reads[0].at).toBeLessThan(300);
    expect(r.ms - r.reads.at(-1)!.at).toBeGreaterThanOrEqual(390);
    expect(r.ended).toBe('end');
  } finally {
    await s.close();
  }
});
