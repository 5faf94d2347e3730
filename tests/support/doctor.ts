// Shared by the doctor's specs (harness/doctor/*.spec.ts): the project's fixture logs
// (tests/fixtures/nginx-logs/, tests/fixtures/server-logs/), a stream that collects what a command prints, a temp folder,
// and logs written the way the harness's own nginx emulation writes them.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { formatErrorLine, type ErrorLogEntry } from '../../harness/logs/error-log.js';
import { osProfile } from '../../harness/os-profile.js';
import { expect, test } from '@playwright/test';
import { examineLogs, isProblem, type ConditionId, type Diagnosis, type Incident, type RefusedVerdict } from '../../harness/doctor/index.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = path.join(repoRoot, 'tests', 'fixtures', 'nginx-logs');
/** Spring Boot servers' logs (harness/doctor/server/): the course's server failing as students see it. */
export const SERVER_FIXTURES = path.join(repoRoot, 'tests', 'fixtures', 'server-logs');
export const CLI = path.join(repoRoot, 'dist', 'harness', 'cli.js');

/** The fixture log whose name starts with `prefix` (`'01'`). */
export function fixture(prefix: string): Buffer {
  const name = readdirSync(FIXTURES).find((f) => f.startsWith(prefix) && f.endsWith('.log'));
  if (!name) throw new Error(`no fixture log ${prefix}* in ${FIXTURES}`);
  return readFileSync(path.join(FIXTURES, name));
}

/** Line `n` (1-based) of a fixture, as latin1 text (bytes kept), without its line end. */
export function fixtureLine(prefix: string, n: number): string {
  return fixture(prefix).toString('latin1').split('\n')[n - 1].replace(/\r$/, '');
}

export const summary = (is: Incident[]) => is.map((i) => `${i.condition} ${i.lines.join(',')}`);

/** A fixture's `NAME.expected.json`: written from its lines, not from running the doctor. */
export interface Expected {
  about: string;
  incidents: { condition: ConditionId; lines: number[]; cause: string[]; fix: string[]; notFix?: string[]; verdict?: RefusedVerdict; harmless?: true }[];
  unrecognised: number[];
}

/**
 * A diagnosis is the expected one: the same incidents with the same lines, the same lines
 * unrecognised, and for each incident the key facts its cause and fix name (and what its fix must
 * not say), its IPv4/IPv6 verdict, and whether it needs action.
 */
export function expectAsWritten(file: string, d: Diagnosis, want: Expected): void {
  expect(summary(d.incidents)).toEqual(want.incidents.map((i) => `${i.condition} ${i.lines.join(',')}`));
  expect(d.unrecognised).toEqual(want.unrecognised);
  for (const [k, w] of want.incidents.entries()) {
    const i = d.incidents[k];
    const at = `${file} ${w.condition} ${w.lines}`;
    expect(w.cause.length + w.fix.length, `${at}: the expectation states key facts`).toBeGreaterThan(0);
    expect.soft(w.cause.filter((f) => !i.cause.includes(f)), `${at}: the cause "${i.cause}" lacks`).toEqual([]);
    expect.soft(w.fix.filter((f) => !i.fix.includes(f)), `${at}: the fix "${i.fix}" lacks`).toEqual([]);
    expect.soft((w.notFix ?? []).filter((f) => i.fix.includes(f)), `${at}: the fix "${i.fix}" says`).toEqual([]);
    if (w.condition === 'upstream-refused') expect.soft(i.detail?.verdict, `${at}: verdict`).toBe(w.verdict);
    expect.soft(isProblem(i), `${at}: needs action`).toBe(!w.harmless);
  }
}

export function sink(): { stream: NodeJS.WritableStream; text: () => string } {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return { stream, text: () => out };
}

/** `harness doctor --follow errorLog` in process while `body` runs (given what it printed so far); then Ctrl-C, and its exit code. */
export async function whileFollowing(errorLog: string, body: (printed: () => string) => Promise<void>): Promise<number> {
  const out = sink();
  const stop = new AbortController();
  const exit = examineLogs({ errorLog, follow: true }, out.stream, sink().stream, stop.signal);
  try {
    await body(out.text);
  } finally {
    stop.abort();
  }
  return exit;
}

/** A new folder in the test's own output folder, which Playwright empties on the next run (never one left in /tmp). */
export function tempDir(): string {
  return mkdtempSync(path.join(test.info().outputPath(), 'doctor-'));
}

/** Lines as the harness's own nginx emulation writes them (harness/logs writer, OS profile wording). */
export function emulated(os: 'linux' | 'windows', entries: (Omit<ErrorLogEntry, 'time' | 'pid' | 'tid'> & { at?: number; pid?: number })[]): Buffer {
  const p = osProfile(os);
  const base = Date.UTC(2026, 10, 22, 7, 9, 23);
  const lines = entries.map(({ at, pid = 4242, ...entry }) => {
    const d = new Date(base + (at ?? 0) * 1000);
    const time = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')} ${d.toISOString().slice(11, 19)}`;
    return formatErrorLine({ ...entry, time, pid, tid: p.tid(pid) } as ErrorLogEntry & { time: string; pid: number; tid: number });
  });
  return Buffer.from(lines.join(p.lineEnd) + p.lineEnd, 'latin1');
}
