// The project's Spring Boot server logs, tests/fixtures/server-logs/: the course's server (Spring
// Boot 2.7, Druid, MySQL 8, Redis, jjwt 0.9.1) failing as students meet it, each `NAME.log` with its
// expected diagnosis in `NAME.expected.json`, written from the lines: which lines are the evidence
// of which incident, the facts its cause and fix must name, and what a fix must not say (the other
// system's commands). Lines of normal operation are in no incident and not unrecognised.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { diagnose } from '../index.js';
import { expectAsWritten, SERVER_FIXTURES, type Expected } from '../../../tests/support/doctor.js';

const logs = readdirSync(SERVER_FIXTURES)
  .filter((f) => f.endsWith('.log'))
  .sort();

test('every server log has its expected diagnosis beside it', () => {
  expect(logs.length).toBeGreaterThanOrEqual(7);
  const expectations = readdirSync(SERVER_FIXTURES).filter((f) => f.endsWith('.expected.json'));
  expect(expectations.map((f) => f.replace(/\.expected\.json$/, '')).sort()).toEqual(logs.map((f) => f.replace(/\.log$/, '')));
});

for (const file of logs) {
  test(`${file}: the diagnosis is the expected one`, () => {
    const want: Expected = JSON.parse(readFileSync(path.join(SERVER_FIXTURES, file.replace(/\.log$/, '.expected.json')), 'utf8'));
    expectAsWritten(file, diagnose(readFileSync(path.join(SERVER_FIXTURES, file))), want);
  });
}
