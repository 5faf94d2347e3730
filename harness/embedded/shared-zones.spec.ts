// The shared memory zones the embedded engine's workers share (harness/embedded/shared-zones.ts):
// changes made by two workers are applied by both in one order, so both hold the same state and
// each gets its own change's outcome; a worker that starts later applies what came before it.
import { writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { SharedZones, zoneChangeKind, zoneKey } from './shared-zones.js';

/** A counter per key, in each worker's own copy of the zone: one kind of change per test file. */
const counts = new Map<number, Map<string, number>>();
let applying = 0;
zoneChangeKind(250, (c) => {
  const state = counts.get(applying)!;
  const n = (state.get(c.key) ?? 0) + c.a;
  state.set(c.key, n);
  return n;
});

/** A worker's end whose changes are applied to its own copy of the state. */
function worker(path: string, pid: number) {
  const zones = new SharedZones(path, pid);
  counts.set(pid, new Map());
  return (key: Buffer, a: number) => {
    applying = pid;
    return zones.change(250, key, a);
  };
}

test('two workers adding to one key: each sees the other\'s changes before its own, in the file\'s order', ({}, testInfo) => {
  const path = testInfo.outputPath('zones');
  writeFileSync(path, '');
  const a = worker(path, 101);
  const b = worker(path, 202);
  const key = zoneKey('one', '\x7f\x00\x00\x01');
  expect(a(key, 1)).toBe(1);
  expect(b(key, 10)).toBe(11);
  expect(a(key, 100)).toBe(111);
  expect(b(key, 1000)).toBe(1111);
  // Another key of the same zone, and the same key in another zone, start from nothing.
  expect(a(zoneKey('one', '\x7f\x00\x00\x02'), 5)).toBe(5);
  expect(b(zoneKey('two', '\x7f\x00\x00\x01'), 7)).toBe(7);
  // A worker started now (a respawn) applies everything before its first change.
  const c = worker(path, 303);
  expect(c(key, 0)).toBe(1111);
});

test('a key is the zone and the key\'s bytes: 16 bytes, different for either', () => {
  expect(zoneKey('one', 'a').length).toBe(16);
  expect(zoneKey('one', 'a').equals(zoneKey('one', 'a'))).toBe(true);
  expect(zoneKey('one', 'a').equals(zoneKey('two', 'a'))).toBe(false);
  expect(zoneKey('one', 'a').equals(zoneKey('one', 'b'))).toBe(false);
});
