import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';
import { BAD_CHUNKED_ANSWER } from './admin-bad-chunked.js';

test('admin.bad-chunked: a head that says chunked, a body that is not, then a close', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.bad-chunked');
    const r = await exchange(s.port, upstreamRequest('GET', '/admin/employee/page', s.port));
    expect(r.bytes.toString('latin1')).toBe(BAD_CHUNKED_ANSWER);
    expect(r.ended).toBe('end');
  } finally {
    await s.close();
  }
});
