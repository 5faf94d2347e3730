// What the doctor keeps while it follows a busy log is bounded by what it keeps, not by how many
// lines came: causes shared up to INTERNED_CHARS, emptied slots let go, one refusal a second per
// peer in the index, and the groups waiting to be reported held to their bytes (the largest told
// at once past the bound). Each bound is read off the holder, not timed.
import { test, expect } from '@playwright/test';
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Analyser, INTERNED_CHARS } from './diagnose.js';
import { LineSplitter } from './read.js';
import { follow, lineBytes } from './follow.js';
import type { Incident } from './types.js';
import { seconds } from './facts.js';
import { tempDir } from '../../tests/support/doctor.js';

/** A refused try of its own request (nginx's line, 2 KB): each one's cause names its request. */
const refused = (i: number) =>
  `2026/12/02 07:00:00 [error] 7#7: *${i} connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: localhost, request: "GET /api/${i}/${'x'.repeat(1800)} HTTP/1.1", upstream: "http://127.0.0.1:8080/admin/", host: "localhost"\n`;
/** The same missing file again: one group for as long as the lines come. */
const missing = (i: number) => `2026/12/02 07:00:00 [error] 7#7: *${i} open() "/usr/share/nginx/html/favicon.ico" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /favicon.ico HTTP/1.1", host: "localhost"\n`;

type Held = { internedChars: number; slots: unknown[]; index: { seconds: Map<number, Map<number, unknown[]>> } };

test('--follow\'s analyser: 20,000 refused tries, each reported, leave its shared texts, its slots and its index bounded', () => {
  const a = new Analyser();
  a.finishEarly = false;
  const lines = new LineSplitter();
  const held = a as unknown as Held;
  let most = 0;
  for (let i = 0; i < 20_000; i++) {
    for (const r of lines.push(Buffer.from(refused(i)))) a.add(r);
    for (const g of a.groups) {
      a.explain(g);
      a.seal(g);
    }
    most = Math.max(most, held.internedChars);
  }
  // Each cause is ~1,900 characters and new: without the bound the table held 20,000 of them (~120 MiB).
  expect(most).toBeLessThanOrEqual(INTERNED_CHARS + 4096);
  expect(held.slots.length).toBeLessThanOrEqual(2048);
  // All 20,000 in one second of one process on one peer: the first is what the verdict asks for.
  expect([...held.index.seconds.get(7)!.values()].map((downs) => downs.length)).toEqual([1]);
  expect(a.index.downAround(7, seconds('2026/12/02 07:00:00'), 8080, 4, 60)).toEqual({ no: 1, on: 80804, peer: '127.0.0.1:8080' });
});

test('--follow reports a group past its bound in bytes at once, and the lines after it start a new incident', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  writeFileSync(file, '');
  const incidents: Incident[] = [];
  const ac = new AbortController();
  const bound = 20 * lineBytes(missing(0).trimEnd());
  // A minute to settle: only the bound can report the group while the test runs.
  let started = false;
  const done = follow(file, { start: () => (started = true), incident: (i) => incidents.push(i) }, { signal: ac.signal, pollMs: 20, settleMs: 60_000, waitingBytes: bound });
  try {
    await expect.poll(() => started).toBe(true);
    appendFileSync(file, Array.from({ length: 100 }, (_, i) => missing(i)).join(''));
    await expect.poll(() => incidents.length, { timeout: 10_000 }).toBe(1);
    expect(incidents[0].lines).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    appendFileSync(file, Array.from({ length: 5 }, (_, i) => missing(100 + i)).join(''));
  } finally {
    ac.abort();
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
  // Under the bound: reported at the end, as a group of its own.
  expect(incidents.map((i) => `${i.condition} ${i.lines[0]}-${i.lines[i.lines.length - 1]}`)).toEqual([`${incidents[0].condition} 1-100`, `${incidents[0].condition} 101-105`]);
});
