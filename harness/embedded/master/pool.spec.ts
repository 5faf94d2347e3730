import { test, expect } from '@playwright/test';
import { WORKER_START_FACTOR, WORKER_START_MIN_MS, workerStartDeadline } from './pool.js';

test("the workers' start deadline is a multiple of the master's own start, never below its floor", () => {
  // A master that took twice as long to start (a busier machine) gives its workers twice as long.
  expect(workerStartDeadline(400)).toBe(400 * WORKER_START_FACTOR);
  expect(workerStartDeadline(800)).toBe(2 * workerStartDeadline(400));
  expect(workerStartDeadline(5_000)).toBe(5_000 * WORKER_START_FACTOR);
  // An unusually fast start is no hair trigger.
  expect(workerStartDeadline(10)).toBe(WORKER_START_MIN_MS);
  // This process's own: it took some time to load the engine, and the deadline follows it.
  expect(workerStartDeadline()).toBeGreaterThanOrEqual(WORKER_START_MIN_MS);
});
