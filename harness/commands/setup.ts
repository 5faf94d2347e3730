// `harness setup`: installs the system packages the suite needs and npm cannot bring — Chromium
// (the browser for Playwright), nginx (the reference engine), strace (nginx's respawn failure) and
// a CJK font (readable screenshots of the Chinese UI); where nginx's own test suite is named
// (HARNESS_NGINX_TESTS), Perl's Protocol::WebSocket, which its WebSocket file needs. Only what is missing; with the package
// manager as root or through `sudo -n`; with no system Chromium to be had, Playwright's own (a
// download). What it cannot install it names, with the command, and it carries on (exit 0): the
// tests that need a missing piece then fail saying so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Argv } from 'yargs';
import { execa } from 'execa';
import { watchStopRequests } from '../stop-request.js';
import { onPath, packageManager } from '../platform.js';
import { findNginx } from '../nginx/engine.js';
import { chromiumPath } from '../browser.js';
import { installAdvice, packagesOf, type Need, type PackageManager } from '../system-packages.js';
import { guard, print } from './guard.js';
import { type TextKey } from '../i18n/index.js';
import { t } from './setup.texts.js';

const WHY: Record<Need, TextKey<typeof t>> = {
  chromium: 'setup.why.chromium',
  nginx: 'setup.why.nginx',
  strace: 'setup.why.strace',
  'cjk-font': 'setup.why.cjkFont',
  'perl-websocket': 'setup.why.perlWebsocket',
};
/** What this run's tests need: the nginx-tests check runs only where its suite is named (.ci/run). */
const NEEDS = (Object.keys(WHY) as Need[]).filter((n) => n !== 'perl-websocket' || !!process.env.HARNESS_NGINX_TESTS);

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
  // Playwright (~330 ms to load) only when there is no system Chromium.
  const ownChromium = chromiumPath() ? undefined : (await import('playwright')).chromium.executablePath();
  return {
    packageManager: pm,
    privilege: root ? 'root' : sudo ? 'sudo' : 'none',
    present: (need) =>
      need === 'chromium' ? !!chromiumPath() || (!!ownChromium && existsSync(ownChromium))
      : need === 'nginx' ? !!findNginx()
      : need === 'strace' ? onPath('strace')
      : need === 'perl-websocket' ? spawnSync('perl', ['-MProtocol::WebSocket', '-e', '1']).status === 0
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
  const list = (needs: Need[]) => needs.map((n) => t('setup.need', { name: n === 'cjk-font' ? t('setup.cjkFont') : n, why: t(WHY[n]) })).join(t('setup.sep'));
  if (!missing().length) {
    print(t('setup.allThere'));
    return 0;
  }
  const pm = h.packageManager;
  /** A step under way ends early once setup is asked to stop, and setup ends after it: its exit code then. */
  const stopped = (): number | undefined => {
    const s = h.stopped?.();
    if (s) print(t('setup.stopped', { why: s.why }));
    return s?.exitCode;
  };
  let end: number | undefined;
  if (pm && h.privilege !== 'none') {
    const run = (args: string[]) => (h.privilege === 'sudo' ? h.run('sudo', args) : h.run(args[0], args.slice(1)));
    print(t('setup.installing', { needs: list(missing()), pm }));
    const updated = pm === 'apt-get' ? await run(['apt-get', 'update', '-q']) : 0;
    if ((end = stopped()) !== undefined) return end;
    if (updated !== 0) print(t('setup.updateFailed'));
    const code = await run([pm, 'install', '-y', '-q', ...packagesOf(missing(), pm)]);
    if ((end = stopped()) !== undefined) return end;
    if (code !== 0) print(t('setup.installFailed', { pm, code }));
  }
  if (missing().includes('chromium')) {
    print(t('setup.downloading'));
    const code = await h.run(...playwrightInstall());
    if ((end = stopped()) !== undefined) return end;
    if (code !== 0) print(t('setup.downloadFailed'));
  }
  const still = missing();
  if (!still.length) {
    print(t('setup.done'));
    return 0;
  }
  const why = pm ? (h.privilege === 'none' ? t('setup.noSudo') : t('setup.pmFailed', { pm })) : t('setup.noPm');
  print(t('setup.stillMissing', { needs: list(still), why, advice: installAdvice(still, { pm, root: h.privilege === 'root' }) }));
  if (still.includes('chromium')) print(t('setup.browserToo'));
  print(t(still.includes('nginx') ? 'setup.carryOnNoNginx' : 'setup.carryOn'));
  return 0;
}

export const builder = (y: Argv) => y;

export const handler = () => guard(() => setup(print));
