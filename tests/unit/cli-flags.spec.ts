// Bad flag values are usage errors: exit 2, one line that names the flag, what it got and what it
// takes; never a Node stack trace, an nginx [emerg] about the generated conf, or a stack started
// with a value nobody meant (`--port` alone was port 80). Every command gets free ports, so that a
// check that is missing could not bind 80 or 8080.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distFile } from '../../harness/paths.js';
import { freePort } from '../support/ports.js';

async function harness(args: string[]) {
  const r = await execa(process.execPath, [distFile('harness/cli.js'), ...args], { reject: false, timeout: 20_000 });
  return { code: r.exitCode, stderr: r.stderr, stdout: r.stdout };
}

function expectUsageError(r: { code?: number; stderr: string; stdout: string }, message: string | RegExp): void {
  const lastLine = r.stderr.trim().split('\n').at(-1);
  if (typeof message === 'string') expect(lastLine).toBe(`harness: ${message}`);
  else expect(lastLine).toMatch(message);
  expect(r.code).toBe(2);
  expect(r.stderr).not.toMatch(/^\s+at |Error \[|\[emerg\]/m);
  expect(r.stdout).not.toContain('the stack is ready');
}

test('harness up: ports are whole numbers from 1 to 65535, and need a value', async ({}, testInfo) => {
  const free = String(await freePort());
  const prefix = testInfo.outputPath('prefix');
  const cases: [string[], string][] = [
    [['--port', 'abc', '--admin-port', free], '--port abc: a port is a whole number from 1 to 65535.'],
    [['--port', '70000', '--admin-port', free], '--port 70000: a port is a whole number from 1 to 65535.'],
    [['--port', '-1', '--admin-port', free], '--port -1: a port is a whole number from 1 to 65535.'],
    [['--port', '1.5', '--admin-port', free], '--port 1.5: a port is a whole number from 1 to 65535.'],
    [['--port', '0', '--admin-port', free], '--port 0: a port is a whole number from 1 to 65535.'],
    [['--port', '', '--admin-port', free], '--port "": a port is a whole number from 1 to 65535.'],
    [['--port', '1', '--port', '2', '--admin-port', free], '--port is given 2 times (1, 2): give it once.'],
    [['--port', free, '--admin-port', 'abc'], '--admin-port abc: a port is a whole number from 1 to 65535.'],
    [['--admin-port', free, '--port'], 'Not enough arguments following: port'],
  ];
  const results = await Promise.all(cases.map(([args]) => harness(['up', '--prefix', prefix, ...args])));
  results.forEach((r, i) => expectUsageError(r, cases[i][1]));
  expect(existsSync(join(prefix, 'state.json'))).toBe(false);
});

test('harness up: --workers, --refused-delay; --port and --admin-port may not be the same port', async ({}, testInfo) => {
  const [port, adminPort] = [String(await freePort()), String(await freePort())];
  const up = ['up', '--prefix', testInfo.outputPath('prefix'), '--port', port, '--admin-port', adminPort];
  const cases: [string[], string][] = [
    [[...up, '--workers', '0'], '--workers 0: worker_processes is a whole number from 1 to 64.'],
    [[...up, '--workers', 'abc'], '--workers abc: worker_processes is a whole number from 1 to 64.'],
    [[...up, '--workers', '65'], '--workers 65: worker_processes is a whole number from 1 to 64.'],
    [[...up, '--refused-delay', 'abc'], '--refused-delay abc: a delay is a number of milliseconds, 0 or more.'],
    [[...up, '--refused-delay', '-5'], '--refused-delay -5: a delay is a number of milliseconds, 0 or more.'],
    [
      ['up', '--prefix', testInfo.outputPath('prefix'), '--port', port, '--admin-port', port],
      `--port and --admin-port are both ${port}: the proxy and the admin server cannot listen on one port. Give them two (the defaults are 80 and 8080).`,
    ],
  ];
  const results = await Promise.all(cases.map(([args]) => harness(args)));
  results.forEach((r, i) => expectUsageError(r, cases[i][1]));
});

test('harness up: a --prefix that cannot be a folder is named, with what to do', async ({}, testInfo) => {
  const file = testInfo.outputPath('a-file');
  mkdirSync(testInfo.outputPath(), { recursive: true });
  writeFileSync(file, 'x');
  const ports = ['--port', String(await freePort()), '--admin-port', String(await freePort())];
  for (const prefix of [file, join(file, 'inside')]) {
    expectUsageError(
      await harness(['up', '--prefix', prefix, ...ports]),
      `--prefix ${prefix}: that is a file, or a file stands in its path, where a folder is needed. Name a folder you may write in (it is made if missing).`,
    );
  }
});

test('harness up: a --frontend that is missing, a file, or has no index.html is refused before anything starts', async ({}, testInfo) => {
  const root = testInfo.outputPath('project');
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), '<h1>app</h1>');
  writeFileSync(join(root, 'package.json'), '{}');
  const prefix = testInfo.outputPath('prefix');
  const ports = ['--port', String(await freePort()), '--admin-port', String(await freePort())];
  const what = "Name the front end's folder: the built dist/ (with index.html at its top), or nginx's html/sky.";
  const cases: [string, string][] = [
    [join(root, 'missing'), `--frontend ${join(root, 'missing')}: there is no such folder. ${what}`],
    [join(root, 'package.json'), `--frontend ${join(root, 'package.json')}: that is a file, not a folder. ${what}`],
    [root, `--frontend ${root}: there is no index.html in ${root}, so every page would be nginx's 404. Did you mean ${join(root, 'dist')}? ${what}`],
  ];
  const results = await Promise.all(cases.map(([dir]) => harness(['up', '--prefix', prefix, ...ports, '--frontend', dir])));
  results.forEach((r, i) => expectUsageError(r, cases[i][1]));
  expect(existsSync(prefix)).toBe(false);
});

test('harness up: --nginx-dir and --nginx name what exists, and do not meet the flags they would contradict', async ({}, testInfo) => {
  // A nginx folder unpacked into a folder of its own name, and a conf alone.
  const top = testInfo.outputPath('downloads');
  const dir = join(top, 'nginx-1.20.2');
  mkdirSync(join(dir, 'conf'), { recursive: true });
  writeFileSync(join(dir, 'conf', 'nginx.conf'), 'events {}\n');
  writeFileSync(join(dir, 'nginx.exe'), '');
  const prefix = testInfo.outputPath('prefix');
  const ports = ['--port', String(await freePort()), '--admin-port', String(await freePort())];
  const folder = 'Name your nginx folder: the one with conf/nginx.conf, html/ and logs/ (and nginx.exe, on Windows).';
  const program = 'Name the nginx program: nginx.exe in your nginx folder on Windows, /usr/sbin/nginx on Linux';
  const cases: [string[], string][] = [
    [['--nginx-dir', join(top, 'missing')], `--nginx-dir ${join(top, 'missing')}: there is no such folder. ${folder}`],
    [['--nginx-dir', top], `--nginx-dir ${top}: there is no conf/nginx.conf in ${top}, and nginx started on that folder reads it. Did you mean ${dir}? ${folder}`],
    [['--nginx-dir', dir, '--nginx-conf', join(dir, 'conf', 'nginx.conf')], `--nginx-dir ${dir} runs that folder's own conf/nginx.conf, and --nginx-conf names another conf: give one of them (--nginx-dir for your whole nginx folder, --nginx-conf for a conf alone).`],
    [['--nginx', join(top, 'nginx')], `--nginx ${join(top, 'nginx')}: there is no such file. ${program}.`],
    [['--nginx', dir, '--proxy', 'nginx'], `--nginx ${dir}: that is a folder. ${program} (${join(dir, 'nginx.exe')}), or give your whole nginx folder as --nginx-dir.`],
    [['--nginx', join(dir, 'nginx.exe')], '--nginx names the nginx program that --proxy nginx runs: add --proxy nginx, or leave out --nginx.'],
  ];
  const results = await Promise.all(cases.map(([args]) => harness(['up', '--prefix', prefix, ...ports, ...args])));
  results.forEach((r, i) => expectUsageError(r, cases[i][1]));
  expect(existsSync(prefix)).toBe(false);
  // The harness's folder inside the user's nginx folder would write there.
  const inside = join(dir, '.harness');
  expectUsageError(
    await harness(['up', '--prefix', inside, ...ports, '--nginx-dir', dir]),
    `--prefix ${inside} is inside your nginx folder ${dir}, and the harness writes nothing there: run the command from another folder, or give --prefix a folder outside it.`,
  );
  expect(existsSync(inside)).toBe(false);
});

test('harness up: an --nginx-conf that is missing or a folder is refused before anything starts, in both languages', async ({}, testInfo) => {
  const dir = testInfo.outputPath('nginx-1.20.2');
  mkdirSync(join(dir, 'conf'), { recursive: true });
  writeFileSync(join(dir, 'conf', 'nginx.conf'), 'events {}\n');
  const prefix = testInfo.outputPath('prefix');
  const ports = ['--port', String(await freePort()), '--admin-port', String(await freePort())];
  const what = 'Name your nginx.conf (conf/nginx.conf in your nginx folder), or give the whole nginx folder as --nginx-dir.';
  const cases: [string[], string][] = [
    [['--nginx-conf', 'missing.conf'], `--nginx-conf missing.conf: there is no such file. ${what}`],
    [['--nginx-conf', dir], `--nginx-conf ${dir}: that is a folder, not a file. Did you mean ${join(dir, 'conf', 'nginx.conf')}? ${what}`],
    [['--nginx-conf', dir, '--lang', 'zh-CN'], `--nginx-conf ${dir}：这是一个目录，不是文件。你是想用 ${join(dir, 'conf', 'nginx.conf')} 吗？请给出你的 nginx.conf（nginx 目录里的 conf/nginx.conf），或者用 --nginx-dir 给出整个 nginx 目录。`],
  ];
  const results = await Promise.all(cases.map(([args]) => harness(['up', '--prefix', prefix, ...ports, ...args])));
  results.forEach((r, i) => expectUsageError(r, cases[i][1]));
  expect(existsSync(prefix)).toBe(false);
});

test('harness proxy and chaos run: the same checks for their folders and numbers', async ({}, testInfo) => {
  const file = testInfo.outputPath('a-file');
  mkdirSync(testInfo.outputPath(), { recursive: true });
  writeFileSync(file, 'x');
  const missing = testInfo.outputPath('missing');
  const prefixWhat = 'Name the nginx prefix folder (the one with conf/ and logs/).';
  const cases: [string[], string][] = [
    [['proxy', '-p', file, '-t'], `-p ${file}: that is a file, not a folder. ${prefixWhat}`],
    [['proxy', '-p', missing, '-t'], `-p ${missing}: there is no such folder. ${prefixWhat}`],
    [['proxy', '-p', testInfo.outputPath(), '--refused-delay', 'abc', '-t'], '--refused-delay abc: a delay is a number of milliseconds, 0 or more.'],
    [['chaos', 'run', 'admin-down', '--out', file], `--out ${file}: that is a file, or a file stands in its path, where a folder is needed. Name a folder you may write in (it is made if missing).`],
  ];
  const results = await Promise.all(cases.map(([args]) => harness(args)));
  results.forEach((r, i) => expectUsageError(r, cases[i][1]));
  // nginx does not make a prefix that is not there; neither may the harness.
  expect(existsSync(missing)).toBe(false);
});

test('harness doctor with no log: what is missing and an example, in both languages, exit 2', async () => {
  const [en, zh] = await Promise.all([harness(['doctor', '--lang', 'en']), harness(['doctor', '--lang', 'zh-CN'])]);
  expectUsageError(en, "name the log to explain: nginx's error log, e.g. harness doctor D:\\nginx-1.20.2\\logs\\error.log, or your admin server's, e.g. harness doctor .harness/logs/admin.log (or - to read it from standard input).");
  expectUsageError(zh, '请给出要解释的日志：nginx 的错误日志，例如 harness doctor D:\\nginx-1.20.2\\logs\\error.log，或你自己后端服务的日志，例如 harness doctor .harness/logs/admin.log（或者用 - 从标准输入读取）。');
  // The usage line still says the log is needed.
  const [helpEn, helpZh] = await Promise.all([harness(['doctor', '--help', '--lang', 'en']), harness(['doctor', '--help', '--lang', 'zh-CN'])]);
  expect(helpEn.stdout).toMatch(/^harness doctor <log>$/m);
  // The help names every log the doctor reads: nginx's two and a Spring Boot server's.
  for (const [help, words] of [[helpEn.stdout, ["nginx's error.log", '--access', 'Spring Boot', 'admin.log']], [helpZh.stdout, ['nginx 的 error.log', '--access', 'Spring Boot', 'admin.log']]] as const) {
    for (const w of words) expect(help).toContain(w);
  }
});
