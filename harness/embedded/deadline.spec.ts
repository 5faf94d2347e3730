// The lazy timeout the engine's connections use (harness/embedded/deadline.ts): moving it later or
// clearing it sets no new Node timer, and it still expires at its own time, never before.
import { test, expect } from '@playwright/test';
import { createServer, connect, type Socket, type AddressInfo } from 'node:net';
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

test('an answer that came before the deadline is read first, even when the worker gets the CPU only after it', async () => {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const accepted = new Promise<Socket>((r) => server.once('connection', r));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const peer = await accepted;
  await new Promise((r) => client.once('connect', r));
  const d = new Deadline();
  const happened: string[] = [];
  d.arm(20, () => happened.push('expired'));
  client.on('data', () => (happened.push('read'), d.clear()));
  peer.write('answer');
  // The process is not given the CPU until well past the deadline: both the answer and the timer are due.
  const end = Date.now() + 100;
  while (Date.now() < end);
  await expect.poll(() => happened).toEqual(['read']);
  // It stays read: the expiry checked after it found the deadline cleared.
  await new Promise((r) => setTimeout(r, 50));
  expect(happened).toEqual(['read']);
  client.destroy();
  peer.destroy();
  server.close();
});
