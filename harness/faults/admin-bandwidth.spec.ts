import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';
import { pacedPieces } from './admin-bandwidth.js';

const LOGIN = '{"username":"admin","password":"123456"}';

test('admin.bandwidth KBPS: the body comes at KBPS KiB/s, whole', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    const whole = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN))).bytes);
    await s.inject('admin.bandwidth 1');
    const r = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN));
    expect(split(r.bytes).body).toEqual(whole.body);
    // 1 KiB/s: a 51-byte piece every 50 ms, so the body takes about its length in ms.
    const took = r.reads.at(-1)!.at - r.reads[0].at;
    const expected = (Math.ceil(whole.body.length / 51) - 1) * 50;
    expect(took).toBeGreaterThanOrEqual(expected - 10);
  } finally {
    await s.close();
  }
});

test('pacedPieces: a piece of KBPS×1024/20 bytes every 50 ms, the first at once', () => {
  const pieces = pacedPieces(Buffer.alloc(250), 2);
  expect(pieces.map((p) => [p.bytes.length, p.afterMs])).toEqual([[102, 0], [102, 50], [46, 50]]);
});
