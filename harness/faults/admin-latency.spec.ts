import { test, expect } from '@playwright/test';
import { exchange, startStandIn, upstreamRequest } from '../../tests/support/stand-in.js';
import { seededRandom } from '../../stand-in/admin-server/random.js';
import { latencyMs } from './admin-latency.js';

test('admin.latency MS: every answer waits MS before the controller runs; admin.slow is the same fault', async () => {
  const s = await startStandIn();
  try {
    const port = s.admin.port;
    const injected = await s.inject('admin.slow 400');
    expect(injected.entry.label).toBe('admin.latency 400');
    for (const [method, path] of [['POST', '/admin/employee/login'], ['GET', '/admin/employee/page']]) {
      const r = await exchange(port, upstreamRequest(method, path, port, method === 'POST' ? '{}' : ''));
      expect(r.reads[0].at).toBeGreaterThanOrEqual(395);
      expect(r.bytes.toString('latin1')).toMatch(/^HTTP\/1\.1 (200|401) /);
    }
    await s.faults.restore();
    const t = performance.now();
    await exchange(port, upstreamRequest('GET', '/admin/employee/page', port));
    expect(performance.now() - t).toBeLessThan(390);
  } finally {
    await s.close();
  }
});

test('the distributions: fixed is MS; uniform stays within MS ± JITTER; lognormal has median MS and a long tail; a seed repeats them', () => {
  const draw = (d: 'fixed' | 'uniform' | 'lognormal', seed: number, n = 20_000) => {
    const random = seededRandom(seed);
    return Array.from({ length: n }, () => latencyMs(d, 1000, 300, random)).sort((a, b) => a - b);
  };
  expect(new Set(draw('fixed', 1, 100))).toEqual(new Set([1000]));
  const uniform = draw('uniform', 1);
  expect(uniform[0]).toBeGreaterThanOrEqual(700);
  expect(uniform.at(-1)).toBeLessThanOrEqual(1300);
  expect(Math.abs(uniform[uniform.length / 2] - 1000)).toBeLessThan(20);
  const lognormal = draw('lognormal', 1);
  const median = lognormal[lognormal.length / 2];
  const mean = lognormal.reduce((a, b) => a + b, 0) / lognormal.length;
  const sd = Math.sqrt(lognormal.reduce((a, b) => a + (b - mean) ** 2, 0) / lognormal.length);
  expect(Math.abs(median - 1000)).toBeLessThan(15);
  expect(Math.abs(sd - 300)).toBeLessThan(20);
  expect(lognormal.at(-1)! - median).toBeGreaterThan(median - lognormal[0]); // the tail is on the slow side
  expect(draw('lognormal', 9, 50)).toEqual(draw('lognormal', 9, 50));
  expect(draw('uniform', 9, 50)).not.toEqual(draw('uniform', 10, 50));
});

test('admin.latency refuses a jitter a distribution cannot use, and a distribution without its jitter', async () => {
  const s = await startStandIn();
  try {
    await expect(s.inject('admin.latency 100 --distribution fixed --jitter 50')).rejects.toThrow('--distribution fixed waits exactly 100 ms: leave out --jitter');
    await expect(s.inject('admin.latency 100 --distribution lognormal')).rejects.toThrow('--distribution lognormal spreads the waits by --jitter MS');
    expect(s.faults.entries).toEqual([]);
    // --jitter alone is toxiproxy's: uniform.
    const r = await s.inject('admin.latency 100 --jitter 50 --seed 3');
    expect(r.entry.applied.progress?.()).toBe('acted on 0 requests; seed 3');
  } finally {
    await s.close();
  }
});

test('a wait under a second is said in milliseconds, not rounded to 0 s', async () => {
  const s = await startStandIn();
  try {
    expect((await s.inject('admin.latency 10')).effect).toContain('10 ms');
    await s.faults.restore();
    expect((await s.inject('admin.latency 2500')).effect).toContain('2.5 s');
  } finally {
    await s.close();
  }
});
