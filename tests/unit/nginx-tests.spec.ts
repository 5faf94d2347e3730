// `npm run nginx-tests` (bench/nginx-tests/): its reading of TAP, its ratchet, how it stops a file
// that hangs and cleans up after it, and, where nginx's test suite is beside the checkout (the
// HARNESS_NGINX_TESTS variable, which .ci/run sets), the check itself: no file of the ratchet may
// pass fewer assertions on the embedded engine than the ratchet says.
import { test, expect } from '@playwright/test';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTap, total } from '../../bench/nginx-tests/tap.js';
import { describeDrop, drops, readRatchet } from '../../bench/nginx-tests/ratchet.js';
import { runSuite, suiteFolder, SUITE_VARIABLE } from '../../bench/nginx-tests/suite.js';
import { Interrupted } from '../../bench/nginx-tests/run-file.js';

test('TAP: passes, failures, skips and TODOs are told apart; indented subtest lines do not count', () => {
  const t = parseTap(
    [
      '1..8',
      'ok 1 - plain',
      'not ok 2 - broken # not a directive \\# escaped',
      'ok 3 # skip no ssl',
      'not ok 4 - known bug # TODO not yet',
      'ok 5 - fixed already # TODO not yet',
      '    ok 1 - inside a subtest',
      '    not ok 2 - inside a subtest',
      'not ok 6 - second failure',
      '# a comment',
      'ok 7 - with a # hash in a comment',
    ].join('\n'),
  );
  expect(t).toMatchObject({ planned: 8, passed: 3, failed: 2, skipped: 1, todo: 1, firstFailure: '2 - broken' });
  // Test::Nginx's two checks of the error log, added to every plan, are not the file's own.
  expect(total(t)).toBe(6);
  const logChecks = parseTap('1..4\nok 1 - own\nok 2 - own too\nnot ok 3 - no alerts\nok 4 - no sanitizer errors\n');
  expect(logChecks).toMatchObject({ passed: 2, failed: 0, firstFailure: '3 - no alerts' });
  expect(total(logChecks)).toBe(2);
  expect(parseTap('1..0 # SKIP no proxy available\n')).toMatchObject({ planned: 0, skipAll: 'no proxy available', passed: 0 });
  expect(parseTap('1..3\nok 1\nBail out!  no nginx binary found\n')).toMatchObject({ bailOut: 'no nginx binary found', passed: 1 });
  // A file that died before its plan: what it printed is its total.
  expect(total(parseTap('ok 1\nnot ok 2\n'))).toBe(2);
});

test('the ratchet: a file below its floor is a drop, named with how many fewer; a file above it is not', () => {
  const count = (passed: number, t = 20) => ({ passed, total: t });
  const ratchet = { 'a.t': { nginx: count(20), engine: count(12) }, 'b.t': { nginx: count(20), engine: count(5) }, 'c.t': { nginx: count(3), engine: count(0) } };
  const fell = drops(ratchet, { 'a.t': count(9), 'b.t': count(7), 'c.t': count(0) });
  expect(fell).toEqual([{ file: 'a.t', floor: 12, passed: 9 }]);
  expect(describeDrop(fell[0])).toBe('a.t: the embedded engine passed 9, the ratchet says 12 (3 fewer)');
});

test('HARNESS_NGINX_TESTS unset or not a checkout of nginx-tests: an error that says what to set', () => {
  expect(() => suiteFolder({})).toThrow(/HARNESS_NGINX_TESTS is not set. Set it to the folder of nginx's test suite/);
  const empty = mkdtempSync(join(tmpdir(), 'not-nginx-tests-'));
  try {
    expect(() => suiteFolder({ [SUITE_VARIABLE]: empty })).toThrow(/is not an nginx-tests checkout \(it has no lib\/Test\/Nginx.pm\)/);
  } finally {
    rmSync(empty, { recursive: true });
  }
});

/** The processes whose command line holds `marker`. */
function processesWith(marker: string): string[] {
  return readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

/** A stand-in for the suite: files that hang, die, or speak only in their test folder. */
function fakeSuite(): { suite: string; tempRoot: string; marker: string } {
  const suite = mkdtempSync(join(tmpdir(), 'fake-nginx-tests-'));
  const marker = `hang-marker-${process.pid}-${Date.now()}`;
  mkdirSync(join(suite, 'lib', 'Test'), { recursive: true });
  writeFileSync(join(suite, 'lib', 'Test', 'Nginx.pm'), 'package Test::Nginx; 1;\n');
  // As Test::Nginx does: a child of the file's (its nginx, a backend), then a wait that never ends.
  writeFileSync(join(suite, 'hang.t'), `$| = 1; print "1..5\\nok 1\\n"; if (!fork) { exec 'perl', '-e', 'sleep 600', '${marker}' } sleep 600;\n`);
  writeFileSync(join(suite, 'dies.t'), `$| = 1; print "1..7\\nok 1\\nok 2\\n"; print STDERR "usage: harness proxy\\nharness: Unknown argument: e\\nCan't start nginx at lib/Test/Nginx.pm line 415.\\n"; exit 2;\n`);
  // As error_log.t does: its stderr (and the engine's) into a file of its test folder.
  writeFileSync(join(suite, 'quiet.t'), `$| = 1; print "1..4\\n"; mkdir "$ENV{TMPDIR}/nginx-test-x"; open my $f, '>', "$ENV{TMPDIR}/nginx-test-x/stderr"; print $f "harness: said in the test folder\\n"; exit 2;\n`);
  const tempRoot = join(suite, 'temp');
  mkdirSync(tempRoot);
  return { suite, tempRoot, marker };
}

/** Stops the run of the test that is ending, whatever its end (a timeout included). */
let stop = new AbortController();
test.afterEach(() => stop.abort());

test('a file that hangs is stopped at its timeout with what it started; one that dies says why; nothing is left in the temp folder', async () => {
  test.skip(process.platform !== 'linux', 'the processes are looked for in /proc');
  const { suite, tempRoot, marker } = fakeSuite();
  stop = new AbortController();
  try {
    const run = await runSuite({ suite, files: ['hang.t', 'dies.t', 'quiet.t'], engines: ['embedded'], jobs: 2, runs: 1, timeoutMs: 1000, tempRoot, signal: stop.signal });
    const [hang, dies, quiet] = run.files.map((f) => f.embedded!);
    expect(quiet).toMatchObject({ passed: 0, total: 2, reason: 'harness: said in the test folder' });
    expect(hang).toMatchObject({ passed: 1, total: 3, reason: 'timed out after 1 s' });
    expect(dies).toMatchObject({ passed: 2, total: 5, reason: 'harness: Unknown argument: e' });
    expect(processesWith(marker)).toEqual([]);
    expect(readdirSync(tempRoot)).toEqual([]);
  } finally {
    rmSync(suite, { recursive: true, force: true });
  }
});

test('a run stopped midway (Ctrl-C) kills the running file with what it started, starts no other, and leaves nothing', async () => {
  test.skip(process.platform !== 'linux', 'the processes are looked for in /proc');
  const { suite, tempRoot, marker } = fakeSuite();
  stop = new AbortController();
  try {
    const run = runSuite({ suite, files: ['hang.t', 'dies.t'], engines: ['embedded'], jobs: 1, runs: 1, timeoutMs: 60_000, tempRoot, signal: stop.signal });
    await expect.poll(() => processesWith(marker).length).toBe(1);
    stop.abort();
    await expect(run).rejects.toThrow(Interrupted);
    expect(processesWith(marker)).toEqual([]);
    expect(readdirSync(tempRoot)).toEqual([]);
  } finally {
    rmSync(suite, { recursive: true, force: true });
  }
});

const named = process.env[SUITE_VARIABLE];

test('the embedded engine passes at least the ratchet in every nginx-tests file', async () => {
  test.skip(!named, `${SUITE_VARIABLE} is not set: nginx's test suite is not beside this checkout (.ci/run sets it)`);
  const ratchet = readRatchet();
  const files = Object.keys(ratchet).sort();
  // Two files at a time; a file takes up to about 20 s when it runs whole (proxy.t: 8 s on nginx).
  test.setTimeout(60_000 + (files.length * 20_000) / 2);
  stop = new AbortController();
  const run = await runSuite({ suite: suiteFolder(), files, engines: ['embedded'], jobs: 2, runs: 1, timeoutMs: 120_000, signal: stop.signal });
  const fell = drops(ratchet, Object.fromEntries(run.files.map((f) => [f.file, f.embedded!])));
  expect(fell.map(describeDrop)).toEqual([]);
});
