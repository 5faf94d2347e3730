import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';

test('admin.garbage: BYTES random bytes that are not HTTP, then a close; the same seed sends the same bytes', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    await s.inject('admin.garbage --seed 7');
    const first = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    expect(first.ended).toBe('end');
    expect(first.bytes).toHaveLength(64);
    expect(first.bytes.subarray(0, 5).toString('latin1')).not.toBe('HTTP/');
    // The generator goes on: the next request gets other bytes.
    const second = await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    expect(second.bytes).toHaveLength(64);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    await s.faults.restore();
    await s.inject('admin.garbage 16 --seed 7');
    const again = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, '{}'));
    expect(again.bytes).toEqual(first.bytes.subarray(0, 16));
  } finally {
    await s.close();
  }
});

test('admin.garbage never starts with H, which nginx would take for the start of a status line', async () => {
  const { garbageBytes } = await import('./admin-garbage.js');
  let n = 0;
  const always = () => [0x48 / 256, 0.5][n++ % 2];
  expect(garbageBytes(2, always)[0]).not.toBe(0x48);
});
