// docs/nginx-parity.md's table of nginx-tests, and its Chinese twin's, is the ratchet's
// (bench/nginx-tests/ratchet.json), as `npm run nginx-tests -- --update` writes it: a ratchet changed
// by hand, or a doc edited, fails here.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { docTable, NOT_RUN, PARITY_DOC, PARITY_DOCS, ratchetTable, readRatchet, withTable } from '../../bench/nginx-tests/ratchet.js';

for (const { file, lang } of PARITY_DOCS) {
  test(`${file} shows the ratchet's counts, as --update writes them`, () => {
    const doc = readFileSync(file, 'utf8');
    expect(docTable(doc), 'the table between the nginx-tests markers (npm run nginx-tests -- --update rewrites it)').toBe(ratchetTable(readRatchet(), lang));
  });
}

test('the table has a row per file of the ratchet and their totals; rewriting it leaves the rest of the doc as it was', () => {
  const count = (passed: number, total: number) => ({ passed, total });
  const table = ratchetTable({ 'b.t': { nginx: count(5, 6), engine: count(0, 6) }, 'a.t': { nginx: count(3, 3), engine: count(2, 3), varies: 'needs ports 8182 and 8183' } });
  expect(table.split('\n').slice(2, 5)).toEqual(['| a.t | 3 / 3 | 2 / 3 | needs ports 8182 and 8183 |', '| b.t | 5 / 6 | 0 / 6 |  |', '| all 2 files | 8 / 9 | 2 / 9 | |']);
  // Then, a paragraph each, the files a run leaves out and why.
  expect(table.split('\n').slice(5)).toEqual(NOT_RUN.flatMap((n) => ['', `${n.why.en}: ${n.files.join(', ')}.`]));
  const zh = ratchetTable({ 'a.t': { nginx: count(3, 3), engine: count(2, 3) } }, 'zh-CN').split('\n');
  expect([zh[0], zh[3]]).toEqual(['| 文件 | nginx 通过 | 内置引擎通过 | 说明 |', '| 全部 1 个文件 | 3 / 3 | 2 / 3 | |']);
  const doc = readFileSync(PARITY_DOC, 'utf8');
  const rewritten = withTable(doc, table);
  expect(docTable(rewritten)).toBe(table);
  expect(withTable(rewritten, docTable(doc)!)).toBe(doc);
  expect(() => withTable('# no markers\n', table, 'docs/x.md')).toThrow(/^docs\/x\.md has no nginx-tests markers/);
});

test('the files NOT_RUN names are not in the ratchet, so a run without file names leaves them out', () => {
  const ratchet = readRatchet();
  expect(NOT_RUN.flatMap((n) => n.files).filter((f) => f in ratchet)).toEqual([]);
  expect(NOT_RUN.flatMap((n) => n.files)).toContain('proxy_unfinished.t');
});
