import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../../tests/support/stand-in.js';

const LOGIN = '{"username":"admin","password":"123456"}';

test('admin.dribble CHUNKS MS: the head at once, then the body in CHUNKS pieces, each MS after the one before', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    const whole = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN))).bytes);
    await s.inject('admin.dribble 4 150');
    const r = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN));
    const { head, body } = split(r.bytes);
    expect(head).toBe(whole.head.replace(/Date: .*/, head.match(/Date: .*/)![0]));
    expect(body).toEqual(whole.body);
    // The head came alone, well before the first piece; each piece about 150 ms after the one before.
    const headRead = r.reads[0];
    expect(headRead.bytes.toString('latin1')).toMatch(/\r\n\r\n$/);
    const pieces = r.reads.slice(1);
    expect(pieces).toHaveLength(4);
    let last = headRead.at;
    for (const p of pieces) {
      expect(p.at - last).toBeGreaterThanOrEqual(140);
      last = p.at;
    }
  } finally {
    await s.close();
  }
});

test('admin.dribble on a body shorter than CHUNKS: one byte a piece', async () => {
  const { dribblePieces } = await import('./admin-dribble.js');
  expect(dribblePieces(Buffer.from('abc'), 10, 5).map((p) => [p.bytes.toString(), p.afterMs])).toEqual([['a', 5], ['b', 5], ['c', 5]]);
  expect(dribblePieces(Buffer.from('abcdefg'), 3, 0).map((p) => p.bytes.toString())).toEqual(['ab', 'cd', 'efg']);
});
