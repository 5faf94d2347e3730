// The CLI speaks the user's language: --lang zh-CN, or a Chinese locale (LANG=zh_CN.UTF-8) with no
// HARNESS_LANG, gives the help, a usage error, `harness ps` and the ready block in Chinese; LANG=C
// gives English. yargs' own words (选项：, 命令：) follow the same choice.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { distFile } from '../../harness/paths.js';
import { lang, setLang } from '../../harness/i18n/index.js';
import { adminRequestLine, consolePrinter, readyLines, type ReadyStack } from '../../harness/stack/printer.js';

/** The environment of a user's shell: no HARNESS_LANG (the specs' English), the locale given. */
function userEnv(locale: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['HARNESS_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) delete env[name];
  return { ...env, ...locale };
}

async function harness(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = await execa(process.execPath, [distFile('harness/cli.js'), ...args], { reject: false, timeout: 20_000, env, extendEnv: false });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

const ways: [string, string[], NodeJS.ProcessEnv][] = [
  ['--lang zh-CN', ['--lang', 'zh-CN'], process.env],
  ['LANG=zh_CN.UTF-8', [], userEnv({ LANG: 'zh_CN.UTF-8' })],
];

for (const [how, flag, env] of ways) {
  test(`${how}: the help, a usage error and harness ps in Chinese`, async () => {
    const help = await harness(['--help', ...flag], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('在一台机器上跑起苍穹外卖的管理端');
    expect(help.stdout).toMatch(/^命令：$/m);
    expect(help.stdout).toMatch(/^选项：$/m);
    expect(help.stdout).toMatch(/harness up +启动管理端替身服务/);
    expect(help.stdout).not.toContain('Bring up');

    // A group named without its command: the usage line, the group's commands, the one line that says what is wrong.
    const group = await harness(['chaos', ...flag], env);
    expect(group.code).toBe(2);
    expect(group.stderr).toMatch(/^用法：harness chaos +（--help 列出全部选项）\n命令：\n(?:.*\n)*\s+harness chaos inject/);
    expect(group.stderr.trim().split('\n').at(-1)).toBe('harness: 请给出一个 chaos 命令：list、run、inject、status 或 restore。');

    const port = await harness(['up', '--port', '0', ...flag], env);
    expect(port.code).toBe(2);
    expect(port.stderr.trim().split('\n')).toEqual(['用法：harness up   （--help 列出全部选项）', 'harness: --port 0：端口必须是 1 到 65535 之间的整数。']);

    const prefix = mkdtempSync(join(test.info().outputPath(), 'harness-lang-'));
    const ps = await harness(['ps', '--prefix', prefix, ...flag], env);
    expect(ps.code).toBe(0);
    expect(ps.stdout).toBe(`${prefix} 没有正在运行的环境。`);
  });
}

test('--lang zh-CN: the refusals of --admin-upstream, --nginx-dir and --nginx in Chinese, their flags and paths as given', async () => {
  const prefix = mkdtempSync(join(test.info().outputPath(), 'harness-lang-'));
  const last = (r: { stderr: string }) => r.stderr.trim().split('\n').at(-1);
  const same = await harness(['up', '--prefix', join(prefix, 'h'), '--admin-upstream', '8080', '--lang', 'zh-CN']);
  expect(same.code).toBe(2);
  expect(last(same)).toBe(
    'harness: --admin-upstream 127.0.0.1:8080 正是 harness 为 nginx 监听的端口（--admin-port 8080）：请把你的后端服务换到另一个端口（在 application.yml 里设置 server.port=8081），然后用 --admin-upstream 127.0.0.1:8081。',
  );
  const bad = await harness(['up', '--prefix', join(prefix, 'h'), '--admin-upstream', 'localhost', '--lang', 'zh-CN']);
  expect(last(bad)).toBe('harness: --admin-upstream localhost：请用 HOST:PORT 给出你的后端服务监听的地址（127.0.0.1:8081、[::1]:8081），或者只给端口（8081，即 127.0.0.1 上的端口）。');
  const folder = await harness(['up', '--prefix', join(prefix, 'h'), '--nginx-dir', prefix, '--lang', 'zh-CN']);
  expect(last(folder)).toBe(
    `harness: --nginx-dir ${prefix}：${prefix} 里没有 conf/nginx.conf，而在这个目录上启动的 nginx 要读它。请给出你的 nginx 目录：里面有 conf/nginx.conf、html/ 和 logs/（Windows 上还有 nginx.exe）。`,
  );
  const program = await harness(['up', '--prefix', join(prefix, 'h'), '--nginx', join(prefix, 'nginx'), '--lang', 'zh-CN']);
  expect(last(program)).toBe(`harness: --nginx ${join(prefix, 'nginx')}：没有这个文件。请给出 nginx 程序：Windows 上是你的 nginx 目录里的 nginx.exe，Linux 上是 /usr/sbin/nginx。`);
  expect(existsSync(join(prefix, 'h'))).toBe(false);
});

test('LANG=C: English, whatever the system says', async () => {
  const env = userEnv({ LANG: 'C' });
  const help = await harness(['--help'], env);
  expect(help.stdout).toMatch(/^Commands:$/m);
  expect(help.stdout).toMatch(/harness up +Bring up the admin stand-in, a proxy that behaves like nginx/);
  const group = await harness(['chaos'], env);
  expect(group.stderr).toMatch(/^usage: harness chaos +\(--help lists every option\)\nCommands:\n/);
  expect(group.stderr.trim().split('\n').at(-1)).toBe('harness: Name a chaos command: list, run, inject, status or restore.');
  const prefix = mkdtempSync(join(test.info().outputPath(), 'harness-lang-'));
  expect((await harness(['ps', '--prefix', prefix], env)).stdout).toBe(`no stack is running from ${prefix}.`);
});

test('--lang with a language the harness does not have is a usage error that names the two it has', async () => {
  const r = await harness(['ps', '--lang', 'fr']);
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n').at(-1)).toBe('harness: unknown language "fr": use --lang en or --lang zh-CN');
});

test.describe('the ready block', () => {
  const stack: ReadyStack = {
    engine: 'embedded',
    os: 'windows',
    proxy: ['127.0.0.1:80', '[::1]:80'],
    admin: ['[::1]:8080', '127.0.0.1:8080'],
    adminPort: 8080,
    frontend: { describe: 'the stub front end', url: 'http://localhost/' },
    errorLog: 'C:\\sky\\.harness\\logs\\error.log',
    controlPage: 'http://127.0.0.1:5000/?token=t',
    prefixFlag: '',
  };
  const before = lang();
  test.afterEach(() => setLang(before));

  test('in Chinese: the course\'s terms, the texts in one column after labels of two-column characters', () => {
    setLang('zh-CN');
    const lines = readyLines(stack);
    expect(lines).toEqual([
      '反向代理 内置 nginx（windows 模式），监听 127.0.0.1:80 和 [::1]:80',
      '后端服务 管理端替身服务，监听 [::1]:8080 和 127.0.0.1:8080',
      '前端     the stub front end',
      '日志     C:\\sky\\.harness\\logs\\error.log',
      '控制页   http://127.0.0.1:5000/?token=t （实时查看这套环境：各个组件、时间线、故障和诊断）',
      '',
      '打开 http://localhost/，用 admin / 123456 登录。按 Ctrl-C 全部停止。',
      '模拟顾客下单，让管理端页面收到订单：npx harness app order（在另一个终端里运行）。',
    ]);
    // The printer's own line before them.
    const out = new PassThrough();
    consolePrinter(out as unknown as NodeJS.WriteStream, out as unknown as NodeJS.WriteStream).ready(lines.slice(0, 1));
    expect(String(out.read())).toBe('harness | 环境已就绪：\nharness |   反向代理 内置 nginx（windows 模式），监听 127.0.0.1:80 和 [::1]:80\n');
  });

  test('in front of your own admin server (--admin-upstream): the admin line names it and where the harness passes it on, in either language', () => {
    const own = { ...stack, adminUpstream: '127.0.0.1:8081', prefixFlag: undefined };
    setLang('en');
    expect(readyLines(own)[1]).toBe('admin    your own server on 127.0.0.1:8081, through the harness on [::1]:8080 and 127.0.0.1:8080');
    setLang('zh-CN');
    expect(readyLines(own)[1]).toBe('后端服务 你自己的后端服务 127.0.0.1:8081，harness 在 [::1]:8080 和 127.0.0.1:8080 上转发给它');
  });

  test('in English, as it has always read; no stand-in, no customer hint; a conf of the user\'s own', () => {
    setLang('en');
    expect(readyLines(stack).slice(0, 2)).toEqual(['proxy    embedded nginx (windows profile) on 127.0.0.1:80 and [::1]:80', 'admin    the admin stand-in on [::1]:8080 and 127.0.0.1:8080']);
    const own = readyLines({ ...stack, engine: 'nginx', proxy: { conf: '/etc/nginx/nginx.conf' }, admin: 'external', frontend: { describe: 'what your conf serves at /' }, prefixFlag: undefined });
    expect(own).toEqual([
      'proxy    nginx (windows profile) on the listens of /etc/nginx/nginx.conf',
      'admin    your own server on port 8080',
      'frontend what your conf serves at /',
      'logs     C:\\sky\\.harness\\logs\\error.log',
      'control  http://127.0.0.1:5000/?token=t (the stack live: its parts, timeline, faults and diagnosis)',
      '',
      'The proxy listens where your conf says. Ctrl-C stops everything.',
    ]);
  });

  test('a detached stack is stopped with harness down, not Ctrl-C (it has no terminal), in either language', () => {
    const detached = { ...stack, down: 'npx harness down --prefix D:\\sky' };
    setLang('en');
    expect(readyLines(detached).at(-2)).toBe('Open http://localhost/ and log in as admin / 123456. npx harness down --prefix D:\\sky stops everything.');
    setLang('zh-CN');
    expect(readyLines(detached).at(-2)).toBe('打开 http://localhost/，用 admin / 123456 登录。运行 npx harness down --prefix D:\\sky 全部停止。');
    expect(readyLines(detached).join('\n')).not.toContain('Ctrl-C');
  });

  test('an admin request in the stream: its status, or that it got none and which fault acted, in either language', () => {
    const e = { id: 1, start: 1000, end: 1012, method: 'GET', url: '/admin/employee/page', localAddress: '::1', httpVersion: '1.0' };
    setLang('en');
    expect(adminRequestLine({ ...e, status: 200 })).toBe('GET /admin/employee/page 200 12 ms (via ::1)');
    expect(adminRequestLine({ ...e, faults: ['admin.reset'] })).toBe('GET /admin/employee/page: no answer, the connection closed after 12 ms (admin.reset) (via ::1)');
    setLang('zh-CN');
    expect(adminRequestLine({ ...e, status: 200 })).toBe('GET /admin/employee/page 200，12 ms（经由 ::1）');
    expect(adminRequestLine({ ...e, faults: ['admin.hang'] })).toBe('GET /admin/employee/page：没有响应，连接在 12 ms 后关闭（admin.hang）（经由 ::1）');
    expect(adminRequestLine(e)).not.toContain('undefined');
  });
});
