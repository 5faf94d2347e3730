import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../../tests/support/stand-in.js';
import { dribble } from './admin-dribble.js';

const LOGIN = '{"username":"admin","password":"123456"}';

test('admin.dribble CHUNKS MS: the body in CHUNKS pieces over MS, the first with the head, the next every MS/CHUNKS; the answer ends MS after the head', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    const whole = split((await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN))).bytes);
    await s.inject('admin.dribble 4 600');
    const r = await exchange(port, upstreamRequest('POST', '/admin/employee/login', port, LOGIN));
    const { head, body } = split(r.bytes);
    expect(head).toBe(whole.head.replace(/Date: .*/, head.match(/Date: .*/)![0]));
    expect(body).toEqual(whole.body);
    // The head came with the first piece; the other three about 150 ms apart.
    expect(r.reads).toHaveLength(4);
    expect(split(r.reads[0].bytes).body.length).toBeGreaterThan(0);
    for (let i = 1; i < 4; i++) expect(r.reads[i].at - r.reads[i - 1].at).toBeGreaterThanOrEqual(140);
    // The stand-in streams JSON without a Content-Length: the answer ends with the close, 600 ms after the head.
    expect(r.ms).toBeGreaterThanOrEqual(590);
  } finally {
    await s.close();
  }
});

test('dribble: a body shorter than CHUNKS comes a byte a piece, over the same time', () => {
  const short = dribble(Buffer.from('abc'), 10, 300);
  expect(short.pieces.map((p) => [p.bytes.toString(), p.afterMs])).toEqual([['a', 0], ['b', 100], ['c', 100]]);
  expect(short.endAfterMs).toBe(100);
  expect(dribble(Buffer.from('abcdefg'), 3, 0).pieces.map((p) => p.bytes.toString())).toEqual(['ab', 'cd', 'efg']);
});
