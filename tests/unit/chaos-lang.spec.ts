// `harness chaos list`, `chaos inject --help` and the faults' checks in the user's language: Chinese
// with --lang zh-CN or a Chinese locale, while names, usage lines and --json's keys stay as they are
// (identifiers).
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { distFile } from '../../harness/paths.js';
import { FAULTS, usage } from '../../harness/faults/index.js';
import { fill } from '../../harness/i18n/index.js';
import { t as paramsText } from '../../harness/faults/params.texts.js';

const cli = distFile('harness/cli.js');
const chaos = (args: string[], env: NodeJS.ProcessEnv = {}) => execa(process.execPath, [cli, 'chaos', ...args], { reject: false, timeout: 20_000, env });

test('chaos list --lang zh-CN: headings, scenarios, faults and their arguments in Chinese; names as they are', async () => {
  const r = await chaos(['list', '--lang', 'zh-CN']);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stdout).toContain('场景（harness chaos run <name> [--proxy nginx] [--os windows]）：');
  expect(r.stdout).toMatch(/^ {2}admin-reset +后端服务读完请求后重置连接（请求处理中崩溃）/m);
  expect(r.stdout).toContain('引擎：embedded/nginx，系统：linux/windows，约 5 秒，故障：admin.reset');
  expect(r.stdout).toMatch(/故障（harness chaos inject <fault> \[args\]/);
  expect(r.stdout).toMatch(/^ {2}admin\.latency MS \[--jitter MS\].*（也叫 admin\.slow）\n {6}后端服务在 controller 运行前先等待 MS 毫秒再响应/m);
  expect(r.stdout).not.toContain('The admin server');
});

test('a Chinese locale is enough (LANG=zh_CN.UTF-8), and --json keeps its English keys and identifiers', async () => {
  const text = await chaos(['list'], { HARNESS_LANG: '', LANG: 'zh_CN.UTF-8', LC_ALL: '', LC_MESSAGES: '' });
  expect(text.stdout).toContain('场景（');
  const json = JSON.parse((await chaos(['list', '--json', '--lang', 'zh-CN'])).stdout) as { scenarios: { name: string; summary: string }[]; faults: { name: string; usage: string }[] };
  expect(json.scenarios.find((s) => s.name === 'login-and-page')?.summary).toBe('浏览器里的正常流程：admin/123456 通过反向代理登录，在员工管理里翻页。');
  expect(json.faults.find((f) => f.name === 'admin.truncate')?.usage).toBe('admin.truncate BYTES [--path GLOB] [--times N] [--rate P] [--seed S]');
});

test('chaos inject with bad input: what is wrong, and the usage line, in Chinese (exit 2, no stack asked)', async () => {
  const missing = await chaos(['inject', 'admin.truncate', '--lang', 'zh-CN', '--prefix', '/nonexistent']);
  expect(missing.exitCode).toBe(2);
  expect(missing.stderr).toBe('harness: admin.truncate 需要 BYTES：关闭连接前发送响应体的多少个字节，0 到 1073741824 之间的整数；例如 harness chaos inject admin.truncate 10。\n  用法：harness chaos inject admin.truncate BYTES [--path GLOB] [--times N] [--rate P] [--seed S]');
  const unknown = await chaos(['inject', 'admin.nope', '--lang', 'zh-CN', '--prefix', '/nonexistent']);
  expect(unknown.exitCode).toBe(2);
  expect(unknown.stderr).toMatch(/^harness: 没有名为 "admin\.nope" 的故障。全部故障：admin\.stop, /);
});

test('chaos inject --help lists every fault of the table: its usage, its alias, what it does, in the chosen language', async () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    const r = await chaos(['inject', '--help', '--lang', lang]);
    expect(r.exitCode, r.stderr).toBe(0);
    // yargs wraps a long usage onto the next line (and ends the help without one): compare with the whitespace of both collapsed.
    const collapse = (s: string) => s.replace(/\s+/g, ' ');
    const help = collapse(`${r.stdout}\n`);
    for (const f of FAULTS) {
      const brief = f.texts[lang].brief;
      expect.soft(help, `${f.name} (${lang})`).toContain(collapse(`  ${usage(f)}${f.alias ? fill(paramsText.texts[lang]['fault.params.alias'], { alias: f.alias }) : ''}\n      ${brief}\n`));
      // A few words: one line of the help at 100 columns.
      expect.soft(r.stdout.split('\n'), `${f.name} (${lang})`).toContain(`      ${brief}`);
    }
  }
  expect((await chaos(['inject', '--help'])).stdout).toContain('\nFaults (`harness chaos list` says in full what each does):\n  admin.stop\n      The admin server stops listening on both loopbacks\n');
});
