// Adding a fault is its file, its spec and its line in the table: a fault file left out of the
// table, or without its spec, fails here by name rather than being silently missing from the CLI.
// (Each fault's own messages() are checked with every module's, in tests/unit/texts.spec.ts.)
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FAULTS, type Fault } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));
const isFault = (v: unknown): v is Fault => typeof v === 'object' && v !== null && typeof (v as Fault).name === 'string' && typeof (v as Fault).apply === 'function';

test('every fault a file in harness/faults/ exports is in the table, and has its spec beside it', async () => {
  const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
  const exported: { file: string; name: string }[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(here, file)).href)) as Record<string, unknown>;
    for (const v of Object.values(module)) if (isFault(v)) exported.push({ file, name: v.name });
  }
  const faultFiles = exported.filter((e) => e.file !== 'index.ts');
  expect(faultFiles.length).toBeGreaterThan(0);
  expect(faultFiles.filter((e) => !FAULTS.some((f) => f.name === e.name)), 'faults missing from FAULTS in index.ts').toEqual([]);
  expect(faultFiles.filter((e) => !existsSync(join(here, e.file.replace(/\.ts$/, '.spec.ts')))), 'fault files without a spec').toEqual([]);
  expect(new Set(faultFiles.map((e) => e.name)).size, 'one fault per file').toBe(FAULTS.length);
});

