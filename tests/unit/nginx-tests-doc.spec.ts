// docs/nginx-parity.md's table of nginx-tests is the ratchet's (bench/nginx-tests/ratchet.json), as
// `npm run nginx-tests -- --update` writes it: a ratchet changed by hand, or a doc edited, fails here.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { docTable, PARITY_DOC, ratchetTable, readRatchet, withTable } from '../../bench/nginx-tests/ratchet.js';

test("docs/nginx-parity.md shows the ratchet's counts, as --update writes them", () => {
  const doc = readFileSync(PARITY_DOC, 'utf8');
  expect(docTable(doc), 'the table between the nginx-tests markers (npm run nginx-tests -- --update rewrites it)').toBe(ratchetTable(readRatchet()));
});

test('the table has a row per file of the ratchet and their totals; rewriting it leaves the rest of the doc as it was', () => {
  const count = (passed: number, total: number) => ({ passed, total });
  const table = ratchetTable({ 'b.t': { nginx: count(5, 6), engine: count(0, 6) }, 'a.t': { nginx: count(3, 3), engine: count(2, 3), varies: 'needs ports 8182 and 8183' } });
  expect(table.split('\n').slice(2)).toEqual(['| a.t | 3 / 3 | 2 / 3 | needs ports 8182 and 8183 |', '| b.t | 5 / 6 | 0 / 6 |  |', '| all 2 files | 8 / 9 | 2 / 9 | |']);
  const doc = readFileSync(PARITY_DOC, 'utf8');
  const rewritten = withTable(doc, table);
  expect(docTable(rewritten)).toBe(table);
  expect(withTable(rewritten, docTable(doc)!)).toBe(doc);
  expect(() => withTable('# no markers\n', table)).toThrow(/has no nginx-tests markers/);
});
