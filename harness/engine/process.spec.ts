// A started process's stop: its own way of being asked, then the tree by pid.
import { test, expect } from '@playwright/test';
import { startProcess } from './process.js';

/** A Node process that ignores SIGTERM and says when it is ready to be asked. */
const STUBBORN = ['-e', "process.on('SIGTERM', () => {}); process.on('SIGINT', () => process.exit(7)); console.log('up'); setInterval(() => {}, 1000)"];

function started(askToStop?: (pid: () => number) => () => Promise<boolean>) {
  let pid = 0;
  let up!: () => void;
  const ready = new Promise<void>((r) => (up = r));
  const p = startProcess({ name: 'stubborn', file: process.execPath, args: STUBBORN, onLine: (l) => l === 'up' && up(), askToStop: askToStop?.(() => pid) });
  pid = p.pid;
  return { p, ready };
}

test('a process asked its own way stops that way, within the grace period', async () => {
  const { p, ready } = started((pid) => async () => (process.kill(pid(), 'SIGINT'), true));
  await ready;
  await p.stop(10_000);
  expect(await p.exited).toEqual({ code: 7, signal: null });
});

test('a process that could not be asked is killed at once, not after the grace period', async () => {
  const { p, ready } = started(() => async () => false);
  await ready;
  const t = Date.now();
  await p.stop(10_000);
  expect(Date.now() - t).toBeLessThan(5000);
  expect((await p.exited).signal).toBe('SIGKILL');
});

test('output is read as lines: a character split between two writes stays whole, and a last line without a line end is kept', async () => {
  // "管理端" is 9 bytes; the first write ends in the middle of its second character.
  const script = "const b = Buffer.from('管理端\\n末行'); process.stdout.write(b.subarray(0, 4)); setTimeout(() => process.stdout.write(b.subarray(4)), 50)";
  const seen: string[] = [];
  const p = startProcess({ name: 'writer', file: process.execPath, args: ['-e', script], onLine: (l) => seen.push(l) });
  await p.exited;
  await expect.poll(() => seen).toEqual(['管理端', '末行']);
  expect(p.output).toEqual(['管理端', '末行']);
});
