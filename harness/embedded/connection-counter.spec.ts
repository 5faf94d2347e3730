// The connection counter the embedded engine's workers share (harness/embedded/connection-counter.ts),
// as nginx's workers share ngx_connection_counter: processes taking numbers at the same time get
// every number once, each its own in increasing order.
import { existsSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { test, expect } from '@playwright/test';
import { distFile } from '../paths.js';
import { linux, sharedMemoryDir } from '../platform.js';
import { ConnectionCounter, SharedCounterFile } from './connection-counter.js';

const COUNTER = pathToFileURL(distFile('harness/embedded/connection-counter.js')).href;

test('*1 first, then one number after another', () => {
  const file = new SharedCounterFile();
  try {
    const c = new ConnectionCounter(file.path);
    expect([c.next(), c.next(), c.next()]).toEqual([1, 2, 3]);
  } finally {
    file.remove();
  }
});

test('three processes taking 20,000 numbers each at once: 1 to 60,000, each once, each process\'s increasing', async () => {
  const file = new SharedCounterFile();
  try {
    const take = `import { ConnectionCounter } from ${JSON.stringify(COUNTER)};
      const c = new ConnectionCounter(${JSON.stringify(file.path)});
      const out = [];
      for (let i = 0; i < 20000; i++) out.push(c.next());
      process.stdout.write(JSON.stringify(out));`;
    const runs = await Promise.all([1, 2, 3].map(() => execa(process.execPath, ['--input-type=module', '-e', take])));
    const taken = runs.map((r) => JSON.parse(r.stdout) as number[]);
    for (const t of taken) expect(t.every((n, i) => i === 0 || n > t[i - 1])).toBe(true);
    expect(taken.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 60_000 }, (_, i) => i + 1));
  } finally {
    file.remove();
  }
});

test('a process started later (a respawned worker) goes on after the numbers taken before it', () => {
  const file = new SharedCounterFile();
  try {
    const first = new ConnectionCounter(file.path, 1001);
    for (let i = 0; i < 5; i++) first.next();
    expect(new ConnectionCounter(file.path, 1002).next()).toBe(6);
    // A new process with the pid of one that died takes its own next number, not the dead one's.
    expect(new ConnectionCounter(file.path, 1001).next()).toBe(7);
  } finally {
    file.remove();
  }
});

test('Linux: the file has no name from the start, so a killed master leaves nothing behind', () => {
  test.skip(!linux(), 'elsewhere the master removes the named file when it stops');
  const file = new SharedCounterFile();
  try {
    expect(file.path).toBe(`/proc/${process.pid}/fd/${/\d+$/.exec(file.path)![0]}`);
    expect(readlinkSync(file.path)).toMatch(/\/harness-nginx-counter-\d+-[0-9a-f]{8} \(deleted\)$/);
    expect(new ConnectionCounter(file.path).next()).toBe(1);
  } finally {
    file.remove();
  }
});

test('elsewhere (the portable fallback): a master that starts removes the counters of masters that are gone, not of one that runs', () => {
  const saved = process.env.HARNESS_PORTABLE;
  process.env.HARNESS_PORTABLE = '1';
  const dir = sharedMemoryDir();
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  const stale = join(dir, `harness-nginx-counter-${gone}-0badc0de`);
  const running = join(dir, `harness-nginx-counter-${process.pid}-0badc0de`);
  writeFileSync(stale, '');
  writeFileSync(running, '');
  const file = new SharedCounterFile();
  try {
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(file.path)).toBe(true);
  } finally {
    file.remove();
    rmSync(running, { force: true });
    rmSync(stale, { force: true });
    if (saved === undefined) delete process.env.HARNESS_PORTABLE;
    else process.env.HARNESS_PORTABLE = saved;
  }
  expect(existsSync(file.path)).toBe(false);
});
