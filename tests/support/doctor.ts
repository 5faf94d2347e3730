// Shared by the doctor's specs (harness/doctor/*.spec.ts): the project's fixture logs
// (tests/fixtures/nginx-logs/), a stream that collects what a command prints, a temp folder,
// and logs written the way the harness's own nginx emulation writes them.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { formatErrorLine, type ErrorLogEntry } from '../../harness/logs/error-log.js';
import { osProfile } from '../../harness/os-profile.js';
import { examineLogs, type Incident } from '../../harness/doctor/index.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = path.join(repoRoot, 'tests', 'fixtures', 'nginx-logs');
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

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'doctor-'));
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
