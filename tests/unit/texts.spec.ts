// Every module's own texts (messages(), beside the module that says them) are whole in both
// languages: the same keys, the same placeholders, nothing empty. The files
// are found by what they call, so a new module's texts are checked with no line added here.
import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { madeTexts } from '../../harness/i18n/index.js';
import { textsAreWhole } from '../support/texts.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CALLS_MESSAGES = /\bmessages\(\s*\{/;

const files = ['harness', 'scenarios', 'stand-in'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(root, dir, f))
    .filter((f) => CALLS_MESSAGES.test(readFileSync(f, 'utf8'))),
);

for (const file of files) await import(pathToFileURL(file).href);

/** The file that called messages(): the first frame of its stack outside i18n/. */
function madeIn(made: Error): string {
  const frame = (made.stack ?? '').split('\n').find((l) => /\.ts:\d+/.test(l) && !/[/\\]i18n[/\\]index\.ts/.test(l)) ?? '';
  const path = /(?:file:\/\/)?([^\s()]+\.ts):\d+/.exec(frame)?.[1];
  return path ? relative(root, fileURLToPath(pathToFileURL(path))).replaceAll('\\', '/') : 'a messages() of unknown place';
}

test('every file that calls messages() made its texts as it loaded', () => {
  expect(files.length).toBeGreaterThan(0);
  expect(madeTexts().length).toBeGreaterThanOrEqual(files.length);
});

for (const { texts, made } of madeTexts()) textsAreWhole(madeIn(made), texts.en, texts['zh-CN']);
