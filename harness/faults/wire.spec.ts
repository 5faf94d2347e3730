// What every admin wire fault shares: --path, --times, --rate with --seed, several at once.
import { test, expect } from '@playwright/test';
import { exchange, split, startStandIn, upstreamRequest, type StandIn } from '../../tests/support/stand-in.js';
import { globMeetsRoutes } from '../../stand-in/admin-server/faults/selection.js';

const page = (s: StandIn, host = '127.0.0.1') => exchange(s.admin.port, upstreamRequest('GET', '/admin/employee/page', s.admin.port), host);
const login = (s: StandIn) => exchange(s.admin.port, upstreamRequest('POST', '/admin/employee/login', s.admin.port, '{"username":"admin","password":"123456"}'));
const status = (r: { bytes: Buffer; ended: string }) => (r.ended !== 'end' ? r.ended : /^HTTP\/1\.1 (\d{3})/.exec(r.bytes.toString('latin1'))?.[1] ?? (r.bytes.length ? 'bytes' : 'closed'));

test('--path: only requests whose path matches the glob; others reach the controller', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.close --path /admin/employee/p*');
    expect([status(await page(s)), status(await login(s)), status(await page(s, '::1'))]).toEqual(['closed', '200', 'closed']);
    expect(s.admin.journal.map((e) => e.faults)).toEqual([['admin.close --path /admin/employee/p*'], undefined, ['admin.close --path /admin/employee/p*']]);
    expect(s.faults.entries[0].applied.progress?.()).toBe('acted on 2 requests, 2 matched its --path');
  } finally {
    await s.close();
  }
});

test('--times N: the first N matching requests, then none; the fault stays listed, used up', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.reset --times 2');
    const got = [];
    for (let i = 0; i < 4; i++) got.push(status(await page(s)));
    expect(got).toEqual(['ECONNRESET', 'ECONNRESET', '401', '401']);
    expect(s.faults.entries.map((e) => [e.label, e.applied.progress?.()])).toEqual([['admin.reset --times 2', 'acted on 2 of 2 requests (used up)']]);
  } finally {
    await s.close();
  }
});

test('--rate P --seed S: a share of the matching requests, the same ones again with the same seed', async () => {
  const s = await startStandIn();
  try {
    const run = async (seed: number) => {
      await s.inject(`admin.status 503 --rate 0.5 --seed ${seed}`);
      const got = [];
      for (let i = 0; i < 16; i++) got.push(status(await page(s)));
      const progress = s.faults.entries[0].applied.progress?.();
      await s.faults.restore();
      return { got: got.join(' '), progress };
    };
    const a = await run(42);
    const b = await run(42);
    const c = await run(43);
    expect(a).toEqual(b);
    expect(a.got).not.toBe(c.got);
    const hit = a.got.split(' ').filter((x) => x === '503').length;
    expect(hit).toBeGreaterThan(2);
    expect(hit).toBeLessThan(14);
    expect(a.progress).toBe(`acted on ${hit} requests, 16 matched; seed 42`);
    // Without --seed one is drawn, and said, so that the run can be repeated.
    await s.inject('admin.status 503 --rate 0.5');
    expect(s.faults.entries[0].applied.progress?.()).toMatch(/^acted on 0 requests, 0 matched; seed (\d+) \(repeat it with --seed \1\)$/);
  } finally {
    await s.close();
  }
});

test('several at once: delays add up, the newest answering fault answers, and shaping faults of each kind compose', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.latency 150');
    await s.inject('admin.latency 150');
    await s.inject('admin.reset');
    await s.inject('admin.status 500 --path /admin/employee/page');
    await s.inject('admin.truncate 5');
    await s.inject('admin.slow-close 200');
    const r = await page(s);
    expect(r.reads[0].at).toBeGreaterThanOrEqual(295);
    const { head, body } = split(r.bytes);
    // admin.status (newer than admin.reset) answered; admin.truncate cut it; slow-close held the close.
    expect(head).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(body.toString()).toBe('{"tim');
    expect(r.ms - r.reads.at(-1)!.at).toBeGreaterThanOrEqual(190);
    expect(s.admin.journal[0].faults).toEqual(['admin.latency 150', 'admin.latency 150', 'admin.status 500 --path /admin/employee/page', 'admin.truncate 5', 'admin.slow-close 200']);
    // Where the reset answers, nothing is left to shape: the shaping faults do not count it.
    expect(status(await login(s))).toBe('ECONNRESET');
    expect(s.admin.journal[1].faults).toEqual(['admin.latency 150', 'admin.latency 150', 'admin.reset']);
    expect(s.faults.entries.map((e) => e.applied.progress?.())).toEqual([
      'acted on 2 requests',
      'acted on 2 requests',
      'acted on 1 request',
      'acted on 1 request, 1 matched its --path',
      'acted on 1 request',
      'acted on 1 request',
    ]);
  } finally {
    await s.close();
  }
});

test('a --path that matches none of the admin server\'s paths is applied, with a warning that says so', async () => {
  const s = await startStandIn();
  try {
    const wrong = await s.inject('admin.reset --path /api/employee/**');
    expect(wrong.warnings).toEqual([expect.stringContaining("--path /api/employee/** matches none of the admin server's paths (/admin/employee/**, /admin/category/**, ")]);
    expect(wrong.warnings[0]).toContain('the proxy\'s /api/ is the admin server\'s /admin/');
    for (const glob of ['/admin/employee/**', '**/login', '/admin/*/page', '/admin/employee/{login,logout}']) {
      expect((await s.inject(`admin.reset --path ${glob}`)).warnings, glob).toEqual([]);
    }
  } finally {
    await s.close();
  }
});

test('globMeetsRoutes: a {variable} takes any one segment, ** any number', () => {
  const routes = ['/admin/employee/login', '/admin/employee/{id}', '/admin/category/page'];
  expect(globMeetsRoutes('/admin/employee/42', routes)).toBe(true);
  expect(globMeetsRoutes('/admin/employee/42/x', routes)).toBe(false);
  expect(globMeetsRoutes('/admin/**', routes)).toBe(true);
  expect(globMeetsRoutes('**', routes)).toBe(true);
  expect(globMeetsRoutes('/admin/dish/**', routes)).toBe(false);
  expect(globMeetsRoutes('/admin/category/p?ge', routes)).toBe(true);
  expect(globMeetsRoutes('admin/category/page', routes)).toBe(false);
});
