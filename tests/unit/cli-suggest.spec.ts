// A mistyped command or option gets the name the user most likely meant, in their language, as bad
// usage (exit 2, no stack trace); a word near no name keeps yargs' own message.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { distFile } from '../../harness/paths.js';
import { closest, distance } from '../../harness/commands/suggest.js';

async function harness(args: string[]) {
  const r = await execa(process.execPath, [distFile('harness/cli.js'), ...args], { reject: false, timeout: 20_000 });
  return { code: r.exitCode, stderr: r.stderr, last: r.stderr.trim().split('\n').at(-1) };
}

test('the nearest name: a swap counts one edit, equals go to the one that starts like the word, far words get none', () => {
  expect(distance('prot', 'port')).toBe(1);
  expect(distance('upp', 'app')).toBe(1);
  expect(distance('kitten', 'sitting')).toBe(3);
  const commands = ['up', 'ps', 'logs', 'down', 'proxy', 'chaos', 'app', 'doctor', 'setup'];
  expect(closest('upp', commands)).toBe('up');
  expect(closest('apo', commands)).toBe('app');
  expect(closest('dcotor', commands)).toBe('doctor');
  expect(closest('xyzzy', commands)).toBeUndefined();
  expect(closest('prot', ['port', 'admin-port', 'prefix', 'proxy'])).toBe('port');
});

for (const [args, en, zh] of [
  [['upp'], 'harness: there is no command upp. Did you mean harness up? (harness --help lists the commands.)', 'harness: 没有 upp 这个命令。你是想用 harness up 吗？（harness --help 会列出全部命令。）'],
  [['up', '--prot', '8000'], 'harness: harness up has no option --prot. Did you mean --port? (harness up --help lists its options.)', 'harness: harness up 没有 --prot 这个选项。你是想用 --port 吗？（harness up --help 会列出它的全部选项。）'],
  [['chaos', 'inejct', 'admin.stop'], 'harness: there is no command inejct. Did you mean harness chaos inject? (harness chaos --help lists the commands.)', 'harness: 没有 inejct 这个命令。你是想用 harness chaos inject 吗？（harness chaos --help 会列出全部命令。）'],
  [['up', '--no-doctr'], 'harness: harness up has no option --no-doctr. Did you mean --no-doctor? (harness up --help lists its options.)', 'harness: harness up 没有 --no-doctr 这个选项。你是想用 --no-doctor 吗？（harness up --help 会列出它的全部选项。）'],
] as const) {
  test(`harness ${args.join(' ')}: the name meant, in both languages, exit 2`, async () => {
    const [e, z] = await Promise.all([harness([...args, '--lang', 'en']), harness([...args, '--lang', 'zh-CN'])]);
    expect([e.code, e.last]).toEqual([2, en]);
    expect([z.code, z.last]).toEqual([2, zh]);
    expect(e.stderr + z.stderr).not.toMatch(/^\s+at /m);
  });
}

test('a word near no command keeps yargs\' message, exit 2', async () => {
  const r = await harness(['xyzzy', '--lang', 'en']);
  expect([r.code, r.last]).toEqual([2, 'harness: Unknown argument: xyzzy']);
});
