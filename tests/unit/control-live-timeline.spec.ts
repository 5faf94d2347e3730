// The control page's live timeline: the proxy's logs and the admin journal read as they grow, each
// /api request known from its access line and the traces before it, its lines linked to it, and
// what changed handed on in batches.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { LiveTimeline, BATCH_EVENTS, MAX_EVENTS, MAX_EVENT_BYTES, eventBytes, type TimelineBatch, type WireEvent } from '../../harness/control/live-timeline.js';
import type { JournalEntry } from '../../stand-in/admin-server/server.js';
import { formatAccessLine, formatTimeLocal } from '../../harness/logs/access-log.js';

interface Fixture {
  live: LiveTimeline;
  batches: TimelineBatch[];
  errorLog: string;
  accessLog: string;
  admin: (e: JournalEntry) => void;
  /** Every mark as last sent (events, then their updates), by number. */
  marks(): Map<number, WireEvent>;
}

function start(dir: string): Fixture {
  const prefix = join(dir, 'prefix');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const errorLog = join(prefix, 'logs', 'error.log');
  const accessLog = join(prefix, 'logs', 'access.log');
  writeFileSync(errorLog, '');
  writeFileSync(accessLog, '');
  const listeners = new Set<(e: JournalEntry) => void>();
  const batches: TimelineBatch[] = [];
  const onRequest = (l: (e: JournalEntry) => void) => (listeners.add(l), () => void listeners.delete(l));
  const live = new LiveTimeline({ prefix, adminShell: { onRequest } }, (b) => batches.push(b));
  return {
    live,
    batches,
    errorLog,
    accessLog,
    admin: (e) => listeners.forEach((l) => l(e)),
    marks: () => new Map(batches.flatMap((b) => [...b.events, ...b.updates]).map((e) => [e.n, e])),
  };
}

const access = (request: string, status: number) => formatAccessLine({ remoteAddr: '::1', time: formatTimeLocal(new Date()), request, status, bodyBytesSent: 10, referer: 'http://localhost/', userAgent: 'test' }) + '\n';
const refused = (peer: string, request: string) =>
  `2026/11/26 10:00:00 [error] 7#7: *4 connect() failed (111: Connection refused) while connecting to upstream, client: ::1, server: localhost, request: "${request}", upstream: "http://${peer}:8080/admin/employee/login", host: "localhost"\n`;

let f: Fixture | undefined;
test.afterEach(() => f?.live.stop());

test('a 502 seen only in the proxy\'s logs: the browser\'s request, from its first refused try to its access line, with both tries and the line linked to it', async ({}, testInfo) => {
  f = start(testInfo.outputPath());
  const login = 'POST /api/employee/login HTTP/1.1';
  appendFileSync(f.errorLog, refused('[::1]', login));
  await expect.poll(() => [...f!.marks().values()].filter((e) => e.kind === 'error-log').length).toBe(1);
  appendFileSync(f.errorLog, refused('127.0.0.1', login));
  appendFileSync(f.accessLog, access(login, 502));
  await expect.poll(() => [...f!.marks().values()].some((e) => e.row === 'browser')).toBe(true);
  const marks = [...f.marks().values()];
  const request = marks.find((e) => e.row === 'browser')!;
  expect(request).toMatchObject({ kind: 'request', id: 'b1', label: 'POST /api/employee/login', detail: '502', text: '502 POST login' });
  const lines = marks.filter((e) => e.row === 'error-log' || e.row === 'access-log');
  expect(lines.map((e) => [e.row, e.request])).toEqual([
    ['error-log', 'b1'],
    ['error-log', 'b1'],
    ['access-log', 'b1'],
  ]);
  // The first try was sent before the second was written: the request spans both.
  expect(request.t).toBeLessThanOrEqual(Math.min(...lines.map((e) => e.t)));
  expect(request.end).toBeGreaterThanOrEqual(Math.max(...lines.map((e) => e.t)));
  // The first line went out unlinked, and came again linked: an update, not a second mark.
  expect(f.batches.flatMap((b) => b.updates).some((u) => u.n === lines[0].n && u.request === 'b1')).toBe(true);
});

test('the admin server\'s journal: a request on its row when it arrives, its answer when it ends, linked to the browser\'s request', async ({}, testInfo) => {
  f = start(testInfo.outputPath());
  const t0 = Date.now();
  const entry = { method: 'GET', url: '/admin/employee/page?page=1&pageSize=10', localAddress: '::1', start: t0 } as JournalEntry;
  f.admin(entry);
  await expect.poll(() => [...f!.marks().values()].find((e) => e.row === 'admin')?.text).toBe('unanswered on ::1');
  Object.assign(entry, { end: Date.now(), status: 200 });
  f.admin(entry);
  appendFileSync(f.accessLog, access('GET /api/employee/page?page=1&pageSize=10 HTTP/1.1', 200));
  await expect.poll(() => [...f!.marks().values()].find((e) => e.row === 'admin')?.request).toBe('b1');
  const admin = [...f.marks().values()].find((e) => e.row === 'admin')!;
  expect(admin).toMatchObject({ text: '200 on ::1', detail: '200', request: 'b1' });
  const request = [...f.marks().values()].find((e) => e.id === 'b1')!;
  expect(request.t).toBeLessThanOrEqual(admin.t);
});

test('the page\'s files are access lines of their own, not requests on the browser\'s row; the harness\'s actions are on its row at once', async ({}, testInfo) => {
  f = start(testInfo.outputPath());
  f.live.mark('fault', 'admin.stop');
  expect([...f.marks().values()].map((e) => [e.row, e.text])).toEqual([['harness', '⚡ admin.stop']]);
  appendFileSync(f.accessLog, access('GET /app.js HTTP/1.1', 200));
  await expect.poll(() => [...f!.marks().values()].map((e) => [e.row, e.text])).toEqual([
    ['harness', '⚡ admin.stop'],
    ['access-log', '200 GET /app.js'],
  ]);
});

test(`a read of 10,000 /api lines at once: a page is sent the newest ${BATCH_EVENTS} marks and told how many more there were; timeline.json has them all`, async ({}, testInfo) => {
  f = start(testInfo.outputPath());
  const lines = Array.from({ length: 10_000 }, (_, i) => access(`GET /api/employee/page?page=${i + 1}&pageSize=10 HTTP/1.1`, 200)).join('');
  appendFileSync(f.accessLog, lines);
  await expect.poll(() => f!.batches.reduce((n, b) => n + b.events.length + b.skipped, 0)).toBe(20_000);
  const big = f.batches.find((b) => b.skipped)!;
  expect(big.events.length).toBe(BATCH_EVENTS);
  // Each request beside its line, the newest last.
  expect(big.events.slice(-2).map((e) => [e.row, e.request ?? e.id])).toEqual([
    ['browser', 'b10000'],
    ['access-log', 'b10000'],
  ]);
  const json = f.live.toJSON();
  expect(json.events.filter((e) => e.kind === 'access-log' && e.request).length).toBe(10_000);
});

test('long lines are capped in bytes, not only in number: 25,000 error lines of 2,000 characters keep the newest within MAX_EVENT_BYTES', async ({}, testInfo) => {
  f = start(testInfo.outputPath());
  const long = (i: number) => refused('127.0.0.1', `GET /api/${String(i).padStart(6, '0')}/${'x'.repeat(1750)} HTTP/1.1`);
  for (let chunk = 0; chunk < 25; chunk++) {
    appendFileSync(f.errorLog, Array.from({ length: 1000 }, (_, i) => long(chunk * 1000 + i)).join(''));
    f.live.tick();
  }
  const kept = f.live.timeline.events;
  expect(f.live.count).toBe(25_000);
  expect(f.live.dropped).toBeGreaterThan(0);
  expect(kept.reduce((n, e) => n + eventBytes(e), 0)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  expect(kept.at(-1)!.label).toContain('/api/024999/');
  expect(kept.length).toBeLessThan(MAX_EVENTS / 5);
});
