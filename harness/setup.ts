// `harness setup`: installs the system packages the suite needs and npm cannot bring — Debian's
// chromium (the browser for Playwright: `npx playwright install` cannot download everywhere),
// nginx (the reference engine), strace (nginx's respawn failure) and a CJK font (readable
// screenshots of the Chinese UI). Only what is missing; apt-get as root, or through sudo.
import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { findNginx } from './nginx/engine.js';

interface Need {
  pkg: string;
  why: string;
  present: () => boolean;
}

const onPath = (cmd: string) => (process.env.PATH ?? '').split(':').some((d) => existsSync(`${d}/${cmd}`));

const NEEDS: Need[] = [
  { pkg: 'chromium', why: 'the browser the tests drive', present: () => existsSync('/usr/bin/chromium') || !!process.env.HARNESS_CHROMIUM },
  { pkg: 'nginx', why: 'the reference engine (--proxy nginx, the nginx test project)', present: () => !!findNginx() },
  { pkg: 'strace', why: "nginx's failed respawn (fork() EAGAIN)", present: () => onPath('strace') },
  { pkg: 'fonts-wqy-zenhei', why: 'Chinese text in screenshots', present: () => existsSync('/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc') },
];

export async function setup(print: (s: string) => void): Promise<number> {
  const missing = NEEDS.filter((n) => !n.present());
  if (!missing.length) {
    print('setup: chromium, nginx, strace and a CJK font are installed.');
    return 0;
  }
  const list = missing.map((n) => `${n.pkg} (${n.why})`).join(', ');
  if (!existsSync('/usr/bin/apt-get')) {
    print(`setup: missing ${list}. This is not a Debian/Ubuntu machine: install them with your package manager.`);
    return 1;
  }
  const root = process.getuid?.() === 0;
  const sudo = !root && (await execa('sudo', ['-n', 'true'], { reject: false })).exitCode === 0;
  if (!root && !sudo) {
    print(`setup: missing ${list}. Install them: sudo apt-get update && sudo apt-get install -y ${missing.map((n) => n.pkg).join(' ')}`);
    return 1;
  }
  const run = (args: string[]) =>
    execa(sudo ? 'sudo' : args[0], sudo ? args : args.slice(1), {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
      stdout: 'inherit',
      stderr: 'inherit',
      reject: false,
    });
  print(`setup: installing ${list} with apt-get...`);
  const update = await run(['apt-get', 'update', '-q']);
  if (update.exitCode !== 0) print('setup: apt-get update failed; trying the install with the package lists at hand.');
  const install = await run(['apt-get', 'install', '-y', '-q', ...missing.map((n) => n.pkg)]);
  if (install.exitCode !== 0) {
    print(`setup: apt-get install failed (exit ${install.exitCode}); see above.`);
    return 1;
  }
  const still = NEEDS.filter((n) => !n.present());
  if (still.length) {
    print(`setup: still missing after the install: ${still.map((n) => n.pkg).join(', ')}`);
    return 1;
  }
  print('setup: done.');
  return 0;
}
