// The worker's kept files (harness/embedded/files/file-cache.ts): kept while their stat is the
// one they were read under, never a file changed within SETTLED_MS of its read, bounded in bytes
// with the least recently used going first, their forms kept and dropped with them.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { CACHE_BYTES, fileContents, SETTLED_MS, SMALL_FILE } from './file-cache.js';

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-cache-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Files written, then left alone until they may be kept. */
async function settledFiles(names: string[], bytes: number): Promise<string[]> {
  const paths = names.map((n, i) => {
    const p = join(dir, n);
    writeFileSync(p, Buffer.alloc(bytes, i % 256));
    return p;
  });
  await expect.poll(() => Date.now() - Math.max(...paths.map((p) => statSync(p).ctimeMs)), { intervals: [200] }).toBeGreaterThan(SETTLED_MS);
  return paths;
}

const read = (p: string) => fileContents(p, statSync(p));

test('a file just written is read for each request; once settled, it is kept until its stat changes', async () => {
  const p = join(dir, 'fresh.js');
  writeFileSync(p, 'one');
  const first = read(p);
  expect(first.kept).toBe(false);
  expect(read(p)).not.toBe(first);
  await expect.poll(() => Date.now() - statSync(p).ctimeMs, { intervals: [200] }).toBeGreaterThan(SETTLED_MS);
  const kept = read(p);
  expect(kept.kept).toBe(true);
  expect(read(p)).toBe(kept);
  writeFileSync(p, 'two');
  const changed = read(p);
  expect(changed.data.toString()).toBe('two');
  expect(kept.kept).toBe(false);
});

test('kept bytes stay within CACHE_BYTES: the least recently used go first, with their forms', async () => {
  const count = Math.ceil(CACHE_BYTES / SMALL_FILE) + 2;
  const paths = await settledFiles(Array.from({ length: count }, (_, i) => `f${i}.js`), SMALL_FILE);
  const first = read(paths[0]);
  first.keep('gzip 1 15 8', Buffer.alloc(1000));
  expect(first.get('gzip 1 15 8')?.length).toBe(1000);
  const second = read(paths[1]);
  for (const p of paths.slice(2, -1)) {
    read(p);
    // The first is used again each time: it stays; the second, never used again, goes.
    expect(read(paths[0])).toBe(first);
  }
  expect(first.kept).toBe(true);
  expect(second.kept).toBe(false);
  expect(read(paths[1])).not.toBe(second);
  const kept = paths.map(read).filter((c) => c.kept);
  expect(kept.reduce((n, c) => n + c.bytes, 0)).toBeLessThanOrEqual(CACHE_BYTES);
});
