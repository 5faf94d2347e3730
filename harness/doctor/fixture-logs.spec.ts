// The project's own fixture corpus, tests/fixtures/nginx-logs/: excerpts of error.logs as nginx
// writes them on Windows and Linux, each `NAME.log` with its expected diagnosis beside it in
// `NAME.expected.json`, written from the lines (what each line is, which lines are one incident),
// not from running the doctor. The diagnosis must match it exactly: every line in the incident of
// the right condition, or listed as unrecognised; the incidents' lines; and for each incident the
// key facts its cause and fix name, its IPv4/IPv6 verdict, and whether it needs action.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { diagnose } from './index.js';
import { expectAsWritten, FIXTURES, type Expected } from '../../tests/support/doctor.js';

/** Lines in a file as nginx counts them: a last line without its line end still counts. */
function lineCount(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const logs = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.log'))
  .sort();

test('every fixture log has its expected diagnosis beside it, and every expectation its log', () => {
  expect(logs.length).toBeGreaterThan(20);
  const expectations = readdirSync(FIXTURES).filter((f) => f.endsWith('.expected.json'));
  expect(expectations.map((f) => f.replace(/\.expected\.json$/, '')).sort()).toEqual(logs.map((f) => f.replace(/\.log$/, '')));
});

for (const file of logs) {
  test(`${file}: the diagnosis is the expected one`, () => {
    const bytes = readFileSync(path.join(FIXTURES, file));
    const want: Expected = JSON.parse(readFileSync(path.join(FIXTURES, file.replace(/\.log$/, '.expected.json')), 'utf8'));
    const named = new Set([...want.incidents.flatMap((i) => i.lines), ...want.unrecognised]);
    expect(named.size, 'the expectation names every line of the file once').toBe(lineCount(bytes));
    expectAsWritten(file, diagnose(bytes), want);
  });
}
