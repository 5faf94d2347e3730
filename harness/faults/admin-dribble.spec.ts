import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';
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
    // The head came with the first piece; piece k no sooner than k × 150 ms after the request (a
    // client slowed by the machine's load may read two pieces at once, never one early).
    expect(split(r.reads[0].bytes).body.length).toBeGreaterThan(0);
    const arrival = (offset: number) => {
      let end = 0;
      return r.reads.find((read) => (end += read.bytes.length) > offset)!.at;
    };
    // dribble() cuts the body at k × length / 4.
    const bodyStart = head.length + 4;
    for (let k = 1; k < 4; k++) expect(arrival(bodyStart + Math.floor((k * whole.body.length) / 4)), `piece ${k}`).toBeGreaterThanOrEqual(k * 150 - 5);
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
