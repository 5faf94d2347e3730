// Start-up figures: `harness up` (the CLI, as a user runs it) from spawn to its "the stack is
// ready" line, against a bare `node -e 0` from spawn to exit, spawned the same way; and
// Stack.start() in this process (no Node start, no module loading), for both engines; and
// `harness proxy` against nginx as nginx's test suite starts them: launch → pid file → accepting.
import { execa } from 'execa';
import { benchPort } from './port.js';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { setImmediate as turn } from 'node:timers/promises';
import { findNginx } from '../harness/nginx/engine.js';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '../harness/paths.js';
import { Stack } from '../harness/stack/stack.js';
import type { EngineName } from '../harness/engine/engine.js';
import { defer, killTree, track } from './procs.js';

export class Rebuilt extends Error {}

export async function bareNode(): Promise<number> {
  const t0 = performance.now();
  const r = await execa(process.execPath, ['-e', '0'], { reject: false });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`node -e 0 exited ${r.exitCode}`);
  return ms;
}

/**
 * `node bin/harness.js up` (of this checkout, or of another one or an installed package: a build to
 * compare with) to its ready line; then Ctrl-C (SIGINT) and wait for it to stop.
 */
export async function harnessUp(root: string, engine: EngineName, checkout = repoRoot): Promise<number> {
  const prefix = mkdtempSync(join(root, `up-${engine}-`));
  const [port, adminPort] = [await benchPort(), await benchPort()];
  const args = [join(checkout, 'bin', 'harness.js'), 'up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', prefix];
  if (engine === 'nginx') args.push('--proxy', 'nginx');
  const t0 = performance.now();
  const child = execa(process.execPath, args, { cwd: checkout, reject: false, buffer: false, stdin: 'ignore', env: { FORCE_COLOR: '0' } });
  const untrack = track(child.pid, 'harness up');
  let out = '';
  let err = '';
  try {
    const ms = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`harness up (${engine}) not ready within 30 s:\n${out}${err}`)), 30_000);
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (/the stack is ready/.test(out)) {
          clearTimeout(timer);
          resolve(performance.now() - t0);
        }
      });
      child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      child.then((r) => {
        clearTimeout(timer);
        reject(new Error(`harness up (${engine}) exited (${r.exitCode ?? r.signal}) before ready:\n${out.slice(-800)}${err.slice(-800)}`));
      });
    });
    if (/compiling \(tsc\)/.test(err)) throw new Rebuilt('harness up rebuilt dist/ first (the source changed during the run)');
    return ms;
  } finally {
    if (child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {
        // gone
      }
      const stopped = await Promise.race([child.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
      if (!stopped) await killTree(child.pid);
    }
    untrack();
  }
}

/** Stack.start() in this process: admin stand-in + proxy engine, ready on the proxy's address. */
export async function stackStart(root: string, engine: EngineName): Promise<number> {
  const dir = mkdtempSync(join(root, `stack-${engine}-`));
  const [proxyPort, adminPort] = [await benchPort(), await benchPort()];
  const t0 = performance.now();
  const stack = await Stack.start({ dir, proxyPort, adminPort, admin: 'dual', engine, workers: 1, os: 'linux' });
  const ms = performance.now() - t0;
  const undefer = defer('stack', () => stack.stop());
  await stack.stop();
  undefer();
  return ms;
}

export interface ProxyStart {
  /** Launch → the pid file exists. */
  pidMs: number;
  /** Launch → the first accepted connect (tried the moment the pid file appears, again on refusal). */
  acceptMs: number;
  /** Connects refused after the pid file appeared (nginx: none). */
  refused: number;
}

/**
 * `harness proxy` (through bin/harness.js, as a user or nginx's test suite runs it) or real nginx,
 * started as Test::Nginx starts its binary (`-p DIR/ -c nginx.conf -e error.log -g "pid …;"`):
 * launch → pid file → accepting; then SIGQUIT and wait for it to exit.
 */
export async function proxyStart(root: string, engine: EngineName): Promise<ProxyStart> {
  const dir = mkdtempSync(join(root, `proxy-${engine}-`));
  mkdirSync(join(dir, 'temp'));
  const port = await benchPort();
  writeFileSync(join(dir, 'nginx.conf'), `daemon off;\nevents {}\nhttp {\n    access_log off;\n    server { listen 127.0.0.1:${port}; return 200 "ok"; }\n}\n`);
  const pid = join(dir, 'nginx.pid');
  const args = ['-p', `${dir}/`, '-c', 'nginx.conf', '-e', 'error.log', '-g', `pid ${pid};`];
  const nginx = engine === 'nginx' ? findNginx() : undefined;
  if (engine === 'nginx' && !nginx) throw new Error('no nginx to compare with (harness setup installs it)');
  const t0 = performance.now();
  const child = nginx ? execa(nginx, args, { reject: false }) : execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'proxy', ...args], { reject: false });
  const untrack = track(child.pid, `proxy (${engine})`);
  let exited = false;
  void child.finally(() => (exited = true));
  try {
    while (!existsSync(pid)) {
      if (exited) throw new Error(`${engine} exited before its pid file appeared:\n${(await child).stderr}`);
      await turn();
    }
    const pidMs = performance.now() - t0;
    let refused = 0;
    while (!(await accepted(port))) refused++;
    return { pidMs, acceptMs: performance.now() - t0, refused };
  } finally {
    child.kill('SIGQUIT');
    const stopped = await Promise.race([child.then(() => true), new Promise<false>((r) => setTimeout(r, 10_000, false))]);
    if (!stopped && child.pid !== undefined) await killTree(child.pid);
    untrack();
  }
}

function accepted(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}
