// How every command's output behaves: into a closed pipe it ends quietly, a usage error is its one
// line under the command's usage (not the whole help), colours follow FORCE_COLOR and NO_COLOR,
// and hints carry the --prefix the user gave.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { distFile } from '../../harness/paths.js';
import { hasColours } from '../../harness/terminal.js';
import { prefixFlag } from '../../harness/flags.js';

const cli = distFile('harness/cli.js');

for (const args of [['chaos', 'list'], ['doctor', 'tests/fixtures/nginx-logs/01-win-login-refused-both-orders.log'], ['--help']]) {
  test(`harness ${args[0]}: output into a reader that has gone away ends quietly (no EPIPE)`, async () => {
    const run = execa(process.execPath, [cli, ...args], { reject: false, timeout: 20_000 });
    // The reader closes before the command writes its first line (| head -0).
    run.stdout!.destroy();
    const r = await run;
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled|^\s+at /m);
    expect(r.signal).toBeUndefined();
    expect([0, 1]).toContain(r.exitCode); // the doctor's 1: problems found
  });
}

test('yargs\' own words follow the user\'s language, as yargs gives them: the bundle still finds its locales', async () => {
  // HARNESS_LANG (which the specs set) is the user's choice, and would win.
  const r = await execa(process.execPath, [cli, 'xyzzy'], { reject: false, timeout: 20_000, env: { LC_ALL: 'de_DE.UTF-8', HARNESS_LANG: undefined } });
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain('harness: Unbekanntes Argument: xyzzy');
  // A language chosen with --lang: yargs' words in it too.
  const en = await execa(process.execPath, [cli, 'xyzzy', '--lang', 'en'], { reject: false, timeout: 20_000, env: { LC_ALL: 'de_DE.UTF-8', HARNESS_LANG: undefined } });
  expect(en.stderr).toContain('harness: Unknown argument: xyzzy');
  const zh = await execa(process.execPath, [cli, 'xyzzy', '--lang', 'zh-CN'], { reject: false, timeout: 20_000, env: { LC_ALL: 'de_DE.UTF-8', HARNESS_LANG: undefined } });
  expect(zh.stderr).toContain('harness: 无法识别的选项：xyzzy');
});

test('a usage error is its one line under the command\'s usage line, not the whole help', async () => {
  const cases: [string[], RegExp][] = [
    [['up', '--bogus'], /^usage: harness up\b/],
    [['chaos', 'inject'], /^usage: harness chaos inject <fault>/],
    [['app', 'remind'], /^usage: harness app remind <order-id>/],
  ];
  for (const [args, usage] of cases) {
    const r = await execa(process.execPath, [cli, ...args], { reject: false, timeout: 20_000 });
    const lines = r.stderr.trim().split('\n');
    expect(r.exitCode, args.join(' ')).toBe(2);
    expect(lines, args.join(' ')).toHaveLength(2);
    expect(lines[0]).toMatch(usage);
    expect(lines[1]).toMatch(/^harness: /);
    expect(r.stderr).not.toContain('Options:');
  }
  // A group without its command lists its commands: that is what the user needs next.
  const group = await execa(process.execPath, [cli, 'chaos'], { reject: false, timeout: 20_000 });
  expect(group.stderr).toMatch(/^usage: harness chaos\b[^\n]*\nCommands:\n(?:.*\n)*\s+harness chaos inject/);
  expect(group.stderr).not.toContain('Options:');
});

test('colours: FORCE_COLOR turns them on even into a pipe, NO_COLOR off on a terminal, a pipe has none', () => {
  const tty = { isTTY: true, hasColors: () => !process.env.NO_COLOR } as unknown as NodeJS.WritableStream;
  const pipe = {} as NodeJS.WritableStream;
  const env = { ...process.env };
  try {
    delete process.env.FORCE_COLOR;
    delete process.env.NO_COLOR;
    expect([hasColours(tty), hasColours(pipe)]).toEqual([true, false]);
    process.env.NO_COLOR = '1';
    expect(hasColours(tty)).toBe(false);
    process.env.FORCE_COLOR = '1';
    expect([hasColours(tty), hasColours(pipe)]).toEqual([true, true]);
    process.env.FORCE_COLOR = '0';
    expect(hasColours(tty)).toBe(false);
  } finally {
    process.env = env;
  }
});

test('a hint\'s command line carries the --prefix the user gave, quoted where a shell would split it', () => {
  expect(prefixFlag('.harness')).toBe('');
  expect(prefixFlag('/tmp/stack-1')).toBe(' --prefix /tmp/stack-1');
  expect(prefixFlag('C:\\work\\stack')).toBe(' --prefix C:\\work\\stack');
  expect(prefixFlag('my stack')).toBe(' --prefix "my stack"');
  expect(prefixFlag('a"b$c')).toBe(' --prefix "a\\"b\\$c"');
});
