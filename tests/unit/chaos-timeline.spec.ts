// The chaos timeline: log lines stamped by when they were written, and linked to the one request
// they belong to, not to every request with the same method and path.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { Timeline, type TimelineEvent } from '../../harness/timeline/timeline.js';
import { linkRequests } from '../../harness/timeline/link.js';
import { renderSvg } from '../../harness/timeline/svg.js';

const request = (id: string, line: string, t: number, end: number): TimelineEvent => ({ lane: id.startsWith('b') ? 'browser' : 'client', kind: 'request', id, label: line, requestLine: line, t, end });
const log = (kind: 'error-log' | 'access-log', line: string, from: number, t: number, conn?: number): TimelineEvent => ({ lane: 'proxy', kind, label: `${kind} ${line}`, requestLine: line, from, t, conn });
const admin = (line: string, t: number, end: number): TimelineEvent => ({ lane: 'admin', kind: 'request', label: line, requestLine: line, t, end });

test('identical requests one after another: each line goes to the request in flight when it was written', () => {
  const probe = 'GET /api/employee/page?page=1&pageSize=10';
  const events = [request('c1', probe, 0, 10), request('c2', probe, 1000, 1010), request('c3', probe, 2000, 2012)];
  const lines = [log('error-log', probe, 2, 4, 1), log('access-log', probe, 9, 11), log('error-log', probe, 1001, 1003, 2), log('access-log', probe, 1003, 1009), log('error-log', probe, 2001, 2005, 3), log('access-log', probe, 2006, 2013)];
  const adminSide = [admin(probe, 1001, 1008)];
  linkRequests([...events, ...lines, ...adminSide]);
  expect(lines.map((l) => l.request)).toEqual(['c1', 'c1', 'c2', 'c2', 'c3', 'c3']);
  expect(adminSide[0].request).toBe('c2');
});

test('a browser request stamped after nginx and the admin server had it (the browser\'s own clock, late under load): its lines are still its, and it starts no later than they do', () => {
  const page = 'GET /api/employee/page?page=1&pageSize=10';
  const events = [request('b1', page, 1938, 1983), request('b2', page, 2978, 2997)];
  const adminSide = [admin(page, 1910, 1914), admin(page, 2987, 2989)];
  const lines = [log('access-log', page, 1910, 1910), log('access-log', page, 2987, 2989)];
  linkRequests([...events, ...adminSide, ...lines]);
  expect([...adminSide, ...lines].map((l) => l.request)).toEqual(['b1', 'b2', 'b1', 'b2']);
  expect(events.map((r) => r.t)).toEqual([1910, 2978]);
});

test('the browser\'s login 12 s after the client\'s: its lines are the browser\'s, not the earlier login\'s', () => {
  const login = 'POST /api/employee/login';
  const events = [request('c1', login, 100, 150), request('b1', login, 12_400, 12_460)];
  const lines = [log('access-log', login, 140, 149), log('error-log', login, 12_401, 12_420, 9), log('access-log', login, 12_430, 12_461)];
  linkRequests([...events, ...lines]);
  expect(lines.map((l) => l.request)).toEqual(['c1', 'b1', 'b1']);
});

test('a line read late (several in one read) is placed inside its request\'s span; one written after the answer keeps its time', () => {
  const r = request('c1', 'POST /api/employee/login', 100, 130);
  // Both lines were read together at 400 ms; the file was last seen without them at 90 ms.
  const pair = [log('error-log', 'POST /api/employee/login', 90, 400, 4), log('error-log', 'POST /api/employee/login', 90, 400, 4)];
  const late = log('error-log', 'POST /api/employee/login', 600, 600, 4);
  linkRequests([r, ...pair, late]);
  expect(pair.map((l) => [l.request, l.t])).toEqual([
    ['c1', 130],
    ['c1', 130],
  ]);
  expect([late.request, late.t]).toEqual(['c1', 600]);
});

test('two identical requests in flight at once: error lines follow their connection, access lines one per request', () => {
  const line = 'GET /api/employee/page?page=2&pageSize=10';
  const events = [request('b1', line, 0, 100), request('c1', line, 5, 90)];
  const lines = [log('error-log', line, 10, 12, 7), log('error-log', line, 20, 22, 8), log('error-log', line, 30, 31, 7), log('access-log', line, 85, 89), log('access-log', line, 95, 99)];
  linkRequests([...events, ...lines]);
  const [a, b, c, d, e] = lines.map((l) => l.request);
  expect(a).not.toBe(b);
  expect(c).toBe(a);
  expect(new Set([d, e])).toEqual(new Set(['b1', 'c1']));
});

test('a line with no request line (an alert) or no request in flight is left unlinked', () => {
  const alert: TimelineEvent = { lane: 'proxy', kind: 'error-log', label: '[alert] worker process 7 exited on signal 11', t: 50 };
  const stray = log('access-log', 'GET /', 0, 40);
  linkRequests([request('c1', 'GET /api/x', 100, 120), alert, stray]);
  expect([alert.request, stray.request]).toEqual([undefined, undefined]);
});

test('Timeline stamps a line by when it was written (the file\'s mtime), not when it was read', async ({}, testInfo) => {
  const dir = testInfo.outputPath('logs');
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/error.log`;
  writeFileSync(path, 'an earlier line\n');
  const timeline = new Timeline();
  timeline.follow(path, 'error-log');
  timeline.stop(); // no timer: the lines below are read only when asked
  const first = timeline.now();
  appendFileSync(path, '2026/01/01 00:00:00 [error] 1#1: *1 first\n');
  await new Promise((r) => setTimeout(r, 80));
  const second = timeline.now();
  appendFileSync(path, '2026/01/01 00:00:00 [error] 1#1: *1 second\n');
  await new Promise((r) => setTimeout(r, 150));
  timeline.poll();
  const [a, b] = timeline.events;
  expect(timeline.events.map((e) => e.label.split(' ').at(-1))).toEqual(['first', 'second']);
  // The last line of a read is exact to a kernel tick; an earlier one is bounded by the last look.
  expect(Math.abs(b.t - second)).toBeLessThanOrEqual(10);
  expect(a.from).toBeLessThanOrEqual(first);
  expect(a.t).toBeGreaterThanOrEqual(first - 10);
});

test('the SVG writes what each mark is, in words, and scales its axis to the run', () => {
  const events: TimelineEvent[] = [
    request('c1', 'POST /api/employee/login', 10, 40),
    { ...log('error-log', 'POST /api/employee/login', 12, 14, 1), short: 'refused [::1]', detail: 'error', request: 'c1' },
    { lane: 'harness', kind: 'fault', label: 'admin.stop', short: '⚡ admin.stop', t: 5 },
  ];
  const svg = renderSvg(events, 'a run');
  for (const words of ['refused [::1]', '⚡ admin.stop', 'POST login', 'proxy error.log', 'client', 'harness', 'same request', '40 ms']) expect(svg).toContain(`>${words}`);
  expect(svg).not.toContain('>1 s<');
});
