// makeFolder() as `mkdir -p`: parents made, an existing folder fine, a file in the way an error,
// and processes that make the same new folders at the same moment all succeed.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distFile } from './paths.js';
import { makeFolder } from './make-folder.js';

test('parents made; an existing folder is fine; a file in the way is EEXIST or ENOTDIR', ({}, testInfo) => {
  const dir = testInfo.outputPath('a', 'b', 'c');
  makeFolder(dir);
  makeFolder(dir);
  expect(statSync(dir).isDirectory()).toBe(true);
  writeFileSync(testInfo.outputPath('file'), '');
  expect(() => makeFolder(testInfo.outputPath('file'))).toThrow(expect.objectContaining({ code: 'EEXIST' }));
  expect(() => makeFolder(testInfo.outputPath('file', 'x'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
});

test('eight processes making the same new folders at once: every one succeeds', async ({}, testInfo) => {
  const base = testInfo.outputPath('race');
  mkdirSync(base, { recursive: true });
  // Each waits until a file appears, so that all eight make the same folders at the same time.
  const go = join(base, 'go');
  const script = `import { existsSync } from 'node:fs'; const { makeFolder } = await import(${JSON.stringify(distFile('harness/make-folder.js'))});
    console.log('ready'); while (!existsSync(${JSON.stringify(go)})); for (let i = 0; i < 300; i++) makeFolder(${JSON.stringify(base)} + '/' + i + '/a/b');`;
  const children = Array.from({ length: 8 }, () => execa(process.execPath, ['--input-type=module', '-e', script], { reject: false }));
  await Promise.all(children.map((c) => new Promise((r) => c.stdout!.once('data', r))));
  writeFileSync(go, '');
  const runs = await Promise.all(children);
  for (const r of runs) expect(r.stderr).toBe('');
  expect(runs.map((r) => r.exitCode)).toEqual(Array(8).fill(0));
  expect(statSync(join(base, '199', 'a', 'b')).isDirectory()).toBe(true);
});
