// The control page with tens of thousands of timeline events: the page draws a bounded number of
// marks (the newest in the view) and stays quick to use, while the harness's timeline.json keeps
// every event. The figures it measures are attached to the report.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures.js';
import type { Up } from '../support/harness-up.js';
import { upWithControl, openControl, marks } from '../support/control-page.js';
import { formatAccessLine, formatTimeLocal } from '../../harness/logs/access-log.js';

/** /api requests put in the access log at once: each is two events (the line and its request). */
const REQUESTS = 10_000;
/** The most marks the page draws (harness/control/page/timeline.js). */
const DRAW = 1500;

let up: Up | undefined;

test.afterEach(async () => {
  up?.child.kill('SIGINT');
  await up?.child;
  up = undefined;
});

test(`${2 * REQUESTS} events in one read: the page draws at most ${DRAW} marks and answers a click at once; timeline.json keeps them all`, async ({ page, engine }, testInfo) => {
  testInfo.skip(engine !== 'embedded', 'the page is the same whichever engine runs');
  up = await upWithControl(engine, testInfo.outputPath('up'));
  // Long tasks (over 50 ms) of the page's main thread from its first script on, and how long each
  // input took from the event to the next paint (Event Timing, 16 ms and over).
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[]; inputs: { name: string; ms: number }[] };
    w.longTasks = [];
    w.inputs = [];
    new PerformanceObserver((l) => w.longTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((l) => w.inputs.push(...l.getEntries().map((e) => ({ name: e.name, ms: e.duration })))).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await openControl(page, up);

  const time = formatTimeLocal(new Date());
  const lines = Array.from({ length: REQUESTS }, (_, i) =>
    formatAccessLine({ remoteAddr: '127.0.0.1', time, request: `GET /api/employee/page?page=${i + 1}&pageSize=10 HTTP/1.1`, status: i % 10 ? 200 : 502, bodyBytesSent: 100, userAgent: 'load' }),
  );
  const sent = Date.now();
  appendFileSync(join(up.prefix, 'logs', 'access.log'), lines.join('\n') + '\n');
  const note = page.getByTestId('timeline-note');
  await expect(note).toContainText(`${(2 * REQUESTS).toLocaleString('en')} events`, { timeout: 20_000 });
  const shownMs = Date.now() - sent;
  await expect(note).toContainText(`the newest ${DRAW.toLocaleString('en')} drawn (all of them are in timeline.json)`);
  const drawn = await page.locator('#timeline-view g.mark').count();
  expect(drawn).toBeLessThanOrEqual(DRAW);
  expect(drawn).toBeGreaterThan(DRAW / 2);

  // Responsive: a click on the newest request shows it with its line at once.
  const clicked = Date.now();
  await marks(page, 'browser').last().click();
  await expect(page.getByTestId('timeline-detail')).toContainText('GET /api/employee/page?page=');
  const clickMs = Date.now() - clicked;
  const layoutMs = Number(await page.locator('#timeline-view').getAttribute('data-layout-ms'));

  const json = await page.evaluate(async () => {
    const r = await fetch('/timeline.json', { headers: { 'x-harness-token': sessionStorage.getItem('harness-control-token')! } });
    const t = (await r.json()) as { events: { kind: string; lane: string }[]; dropped: number };
    return { events: t.events.length, access: t.events.filter((e) => e.kind === 'access-log').length, dropped: t.dropped };
  });
  expect(json.access).toBeGreaterThanOrEqual(REQUESTS);
  expect(json.events).toBeGreaterThanOrEqual(2 * REQUESTS);
  expect(json.dropped).toBe(0);

  const { longTasks, inputs } = await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; inputs: { name: string; ms: number }[] };
    return { longTasks: w.longTasks, inputs: w.inputs };
  });
  const clickInput = Math.max(0, ...inputs.filter((i) => i.name === 'click' || i.name.startsWith('pointer')).map((i) => i.ms));
  const figures = { events: 2 * REQUESTS, drawn, shownMs, clickMs, clickInputMs: clickInput, lastLayoutMs: layoutMs, longestTaskMs: Math.round(Math.max(0, ...longTasks)), longTasks: longTasks.length };
  testInfo.annotations.push({ type: 'figures', description: JSON.stringify(figures) });
  await testInfo.attach('figures', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  await testInfo.attach('control page', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});
