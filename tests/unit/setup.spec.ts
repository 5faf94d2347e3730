// `harness setup` (the first half of `npm test`) installs what it can and, for what it cannot,
// says exactly what to install and carries on (exit 0); the nginx project's tests then fail
// saying nginx is not installed and how to install it. Setup runs here against a pretend machine:
// nothing is installed or downloaded.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { playwrightCli } from '../support/playwright-cli.js';
import { nestedRunPorts } from '../support/ports.js';
import { setup, type Host } from '../../harness/commands/setup.js';
import type { Need } from '../../harness/system-packages.js';
import { repoRoot } from '../../harness/paths.js';
import { setLang } from '../../harness/i18n/index.js';

function machine(o: Partial<Host> & { missing: Need[]; installWorks?: boolean; downloadWorks?: boolean }) {
  const missing = new Set(o.missing);
  const ran: string[] = [];
  const host: Host = {
    packageManager: o.packageManager,
    privilege: o.privilege ?? 'none',
    present: (n) => !missing.has(n),
    run: async (file, args) => {
      if (file === process.execPath) {
        ran.push(`playwright ${args.slice(1).join(' ')}`);
        if (o.downloadWorks) missing.delete('chromium');
        return o.downloadWorks ? 0 : 1;
      }
      ran.push([file, ...args].join(' '));
      if (!args.includes('install')) return 0;
      if (o.installWorks === false) return 100;
      missing.clear();
      return 0;
    },
  };
  const printed: string[] = [];
  return { host, ran, printed, print: (s: string) => printed.push(s) };
}

test('Debian as root (CI): apt-get update, then one install of what is missing', async () => {
  const m = machine({ packageManager: 'apt-get', privilege: 'root', missing: ['nginx', 'strace', 'cjk-font'] });
  expect(await setup(m.print, m.host)).toBe(0);
  expect(m.ran).toEqual(['apt-get update -q', 'apt-get install -y -q nginx strace fonts-wqy-zenhei']);
  expect(m.printed.at(-1)).toBe('setup: done.');
});

test('no root and no sudo: nothing runs, the exact command is printed, exit 0', async () => {
  const m = machine({ packageManager: 'apt-get', privilege: 'none', missing: ['nginx', 'strace'] });
  expect(await setup(m.print, m.host)).toBe(0);
  expect(m.ran).toEqual([]);
  expect(m.printed).toEqual([
    "setup: still missing nginx (the reference engine: --proxy nginx, the nginx test project), strace (nginx's failed respawn (fork() EAGAIN)): this user is not root and sudo wants a password. To install them, run `sudo apt-get install -y nginx strace`.",
    'setup: carrying on. The tests that need what is missing fail saying so; without nginx, `npx playwright test --project unit --project embedded` runs the rest.',
  ]);
});

test('in Chinese: what is missing in the user\'s words (中文字体, not cjk-font), with Chinese punctuation', async () => {
  const m = machine({ packageManager: 'apt-get', privilege: 'none', missing: ['strace', 'cjk-font'] });
  setLang('zh-CN');
  try {
    expect(await setup(m.print, m.host)).toBe(0);
  } finally {
    setLang('en');
  }
  expect(m.printed[0]).toContain('strace（nginx 重新拉起 worker 失败的情形（fork() EAGAIN））、中文字体（截图里的中文）');
  expect(m.printed.join('\n')).not.toContain('cjk-font');
});

test('with sudo: the install goes through sudo -n\'s grant', async () => {
  const m = machine({ packageManager: 'dnf', privilege: 'sudo', missing: ['cjk-font'] });
  expect(await setup(m.print, m.host)).toBe(0);
  expect(m.ran).toEqual(['sudo dnf install -y -q wqy-zenhei-fonts']);
});

test('off Debian with no system Chromium: Playwright\'s own is downloaded; what is left is named', async () => {
  const m = machine({ missing: ['chromium', 'nginx'], downloadWorks: true });
  expect(await setup(m.print, m.host)).toBe(0);
  expect(m.ran).toEqual(['playwright install chromium']);
  expect(m.printed).toContain("setup: no system Chromium; downloading Playwright's own (npx playwright install chromium)...");
  expect(m.printed).toContain(
    "setup: still missing nginx (the reference engine: --proxy nginx, the nginx test project): no package manager setup knows (apt-get, dnf) is here. To install them, install nginx with your system's package manager.",
  );
});

test('an install that fails, and a download that fails: both named, with what to run; still exit 0', async () => {
  const m = machine({ packageManager: 'apt-get', privilege: 'root', missing: ['chromium'], installWorks: false, downloadWorks: false });
  expect(await setup(m.print, m.host)).toBe(0);
  expect(m.ran).toEqual(['apt-get update -q', 'apt-get install -y -q chromium', 'playwright install chromium']);
  expect(m.printed).toContain('setup: apt-get install failed (exit 100); see above.');
  expect(m.printed).toContain("setup: Playwright's download failed (no network?).");
  expect(m.printed).toContain('setup: still missing chromium (the browser the tests drive): apt-get could not install them. To install them, run `apt-get install -y chromium`.');
  expect(m.printed).toContain('setup: for the browser, `npx playwright install chromium` (a download) does too.');
});

test('without nginx, a test of the nginx project fails saying so and how to install it', async ({}, testInfo) => {
  test.slow(); // a whole Playwright run: its start, a worker, a browser
  const r = await execa(
    process.execPath,
    [playwrightCli, 'test', 'tests/browser/login-and-page.spec.ts', '--project', 'nginx', '-g', 'admin/123456 logs in', '--reporter', 'line', '--output', testInfo.outputPath('nested')],
    { cwd: repoRoot, reject: false, all: true, env: { ...nestedRunPorts(), HARNESS_NGINX: testInfo.outputPath('no-nginx-here') } },
  );
  expect(r.exitCode).toBe(1);
  expect(r.all).toContain('1 failed');
  expect(r.all).toMatch(/NginxMissing: nginx is not installed: (run `(sudo )?(apt-get|dnf) install -y nginx`|install nginx with your system's package manager) \(or `npx harness setup`/);
  expect(r.all).toContain(`HARNESS_NGINX names ${testInfo.outputPath('no-nginx-here')}, which does not exist`);
});

test('asked to stop midway (Ctrl-C, its parent gone): the install under way ends, nothing after it runs, and setup ends with the signal\'s code', async () => {
  const m = machine({ packageManager: 'apt-get', privilege: 'root', missing: ['nginx', 'chromium'] });
  let stopped: { why: string; exitCode: number } | undefined;
  const run = m.host.run;
  // The stop comes while apt-get update runs: its run ends (as execa's cancelSignal ends it).
  m.host.run = async (file, args) => {
    const code = await run(file, args);
    stopped = { why: 'Ctrl-C', exitCode: 130 };
    return code;
  };
  m.host.stopped = () => stopped;
  expect(await setup(m.print, m.host)).toBe(130);
  expect(m.ran).toEqual(['apt-get update -q']);
  expect(m.printed.at(-1)).toBe('setup: stopped (Ctrl-C); the install under way has ended. Run `npx harness setup` again to finish it.');
});
