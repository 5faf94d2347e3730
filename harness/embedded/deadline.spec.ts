// The lazy timeout the engine's connections use (harness/embedded/deadline.ts): moving it later or
// clearing it sets no new Node timer, and it still expires at its own time, never before.
import { test, expect } from '@playwright/test';
import { Deadline } from './deadline.js';

const expiry = (d: Deadline, ms: number) =>
  new Promise<number>((resolve) => {
    const t0 = Date.now();
    d.arm(ms, () => resolve(Date.now() - t0));
  });

test('a deadline moved later expires at the later time, not at the first timer', async () => {
  const d = new Deadline();
  let firstFired = false;
  d.arm(30, () => (firstFired = true));
  await new Promise((r) => setTimeout(r, 10));
  // Set again 120 ms from now: the timer set for 30 ms finds the deadline moved and waits on.
  const movedAt = Date.now();
  let fired = false;
  d.arm(120, () => (fired = true));
  await new Promise((r) => setTimeout(r, 60));
  expect(fired).toBe(false);
  await expect.poll(() => fired, { timeout: 5_000 }).toBe(true);
  expect(Date.now() - movedAt).toBeGreaterThanOrEqual(120);
  expect(firstFired).toBe(false);
});

test('a deadline moved earlier expires at the earlier time', async () => {
  const d = new Deadline();
  d.arm(60_000, () => undefined);
  const ms = await expiry(d, 20);
  expect(ms).toBeGreaterThanOrEqual(20);
  expect(ms).toBeLessThan(60_000);
  d.stop();
});

test('a cleared deadline does not expire; armed again, it does', async () => {
  const d = new Deadline();
  let fired = 0;
  d.arm(20, () => fired++);
  d.clear();
  // Its Node timer fires at 20 ms and finds nothing to do; a later one shows the first did not count.
  await new Promise((r) => setTimeout(r, 50));
  expect(fired).toBe(0);
  const ms = await expiry(d, 20);
  expect(ms).toBeGreaterThanOrEqual(20);
  expect(fired).toBe(0);
});

test('a stopped deadline, or one armed for 0 ms, holds no Node timer', () => {
  const d = new Deadline();
  const timer = () => (d as unknown as { timer?: unknown }).timer;
  d.arm(60_000, () => undefined);
  expect(timer()).toBeDefined();
  d.stop();
  expect(timer()).toBeUndefined();
  // A zero timeout in nginx's conf means none.
  d.arm(0, () => undefined);
  expect(timer()).toBeUndefined();
});
