// `harness setup`: installs the system packages the suite needs and npm cannot bring — Chromium
// (the browser for Playwright), nginx (the reference engine), strace (nginx's respawn failure) and
// a CJK font (readable screenshots of the Chinese UI). Only what is missing; with the package
// manager as root or through `sudo -n`; with no system Chromium to be had, Playwright's own (a
// download). What it cannot install it names, with the command, and it carries on (exit 0): the
// tests that need a missing piece then fail saying so.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { watchStopRequests } from '../stop-request.js';
import { onPath, packageManager } from '../platform.js';
import { findNginx } from '../nginx/engine.js';
import { chromiumPath } from '../browser.js';
import { installAdvice, packagesOf, type Need, type PackageManager } from '../system-packages.js';

const WHY: Record<Need, string> = {
  chromium: 'the browser the tests drive',
  nginx: 'the reference engine: --proxy nginx, the nginx test project',
  strace: "nginx's failed respawn (fork() EAGAIN)",
  'cjk-font': 'Chinese text in screenshots',
};
const NEEDS = Object.keys(WHY) as Need[];

/** This machine, as setup sees it (the tests give it another). */
export interface Host {
  packageManager?: PackageManager;
  privilege: 'root' | 'sudo' | 'none';
  present(need: Need): boolean;
  /** Runs a command with its output shown; resolves with its exit code. */
  run(file: string, args: string[]): Promise<number>;
  /** Once setup has been asked to stop (Ctrl-C, its parent gone): why, and the code to end with. */
  stopped?(): { why: string; exitCode: number } | undefined;
}

async function thisHost(): Promise<Host> {
  // A stop request ends the install under way (sudo passes the signal on) and the steps after it.
  const stopRequest = watchStopRequests({ parent: true });
  const cancel = new AbortController();
  let stopped: { why: string; exitCode: number } | undefined;
  void stopRequest.asked.then((why) => {
    stopped = { why, exitCode: stopRequest.exitCode };
    cancel.abort();
  });
  const root = process.getuid?.() === 0;
  const pm = packageManager();
  const sudo = !root && !!pm && (await execa('sudo', ['-n', 'true'], { reject: false })).exitCode === 0;
  // Where Playwright's own Chromium is once downloaded; the browser when there is no system one.
  const ownChromium = chromiumPath() ? undefined : (await import('playwright')).chromium.executablePath();
  return {
    packageManager: pm,
    privilege: root ? 'root' : sudo ? 'sudo' : 'none',
    present: (need) =>
      need === 'chromium' ? !!chromiumPath() || (!!ownChromium && existsSync(ownChromium))
      : need === 'nginx' ? !!findNginx()
      : need === 'strace' ? onPath('strace')
      : existsSync('/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc') || existsSync('/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc'),
    run: async (file, args) =>
      (await execa(file, args, { env: { DEBIAN_FRONTEND: 'noninteractive' }, stdout: 'inherit', stderr: 'inherit', reject: false, cancelSignal: cancel.signal })).exitCode ?? 1,
    stopped: () => stopped,
  };
}

/** `node <playwright>/cli.js install chromium`, which is `npx playwright install chromium`. */
function playwrightInstall(): [string, string[]] {
  const cli = join(dirname(createRequire(import.meta.url).resolve('playwright/package.json')), 'cli.js');
  return [process.execPath, [cli, 'install', 'chromium']];
}

export async function setup(print: (s: string) => void, host?: Host): Promise<number> {
  const h = host ?? (await thisHost());
  const missing = () => NEEDS.filter((n) => !h.present(n));
  const list = (needs: Need[]) => needs.map((n) => `${n} (${WHY[n]})`).join(', ');
  if (!missing().length) {
    print('setup: chromium, nginx, strace and a CJK font are installed.');
    return 0;
  }
  const pm = h.packageManager;
  /** A step under way ends early once setup is asked to stop, and setup ends after it: its exit code then. */
  const stopped = (): number | undefined => {
    const s = h.stopped?.();
    if (s) print(`setup: stopped (${s.why}); the install under way has ended. Run \`npx harness setup\` again to finish it.`);
    return s?.exitCode;
  };
  let end: number | undefined;
  if (pm && h.privilege !== 'none') {
    const run = (args: string[]) => (h.privilege === 'sudo' ? h.run('sudo', args) : h.run(args[0], args.slice(1)));
    print(`setup: installing ${list(missing())} with ${pm}...`);
    const updated = pm === 'apt-get' ? await run(['apt-get', 'update', '-q']) : 0;
    if ((end = stopped()) !== undefined) return end;
    if (updated !== 0) print('setup: apt-get update failed; trying the install with the package lists at hand.');
    const code = await run([pm, 'install', '-y', '-q', ...packagesOf(missing(), pm)]);
    if ((end = stopped()) !== undefined) return end;
    if (code !== 0) print(`setup: ${pm} install failed (exit ${code}); see above.`);
  }
  if (missing().includes('chromium')) {
    print("setup: no system Chromium; downloading Playwright's own (npx playwright install chromium)...");
    const code = await h.run(...playwrightInstall());
    if ((end = stopped()) !== undefined) return end;
    if (code !== 0) print("setup: Playwright's download failed (no network?).");
  }
  const still = missing();
  if (!still.length) {
    print('setup: done.');
    return 0;
  }
  const why = pm ? (h.privilege === 'none' ? `this user is not root and sudo wants a password` : `${pm} could not install them`) : 'no package manager setup knows (apt-get, dnf) is here';
  print(`setup: still missing ${list(still)}: ${why}. To install them, ${installAdvice(still, { pm, root: h.privilege === 'root' })}.`);
  if (still.includes('chromium')) print('setup: for the browser, `npx playwright install chromium` (a download) does too.');
  print(
    'setup: carrying on. The tests that need what is missing fail saying so' +
      (still.includes('nginx') ? '; without nginx, `npx playwright test --project unit --project embedded` runs the rest.' : '.'),
  );
  return 0;
}
