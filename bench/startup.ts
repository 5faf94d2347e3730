// Start-up figures: `harness up` (the CLI, as a user runs it) from spawn to its "the stack is
// ready" line, against a bare `node -e 0` from spawn to exit, spawned the same way; and
// Stack.start() in this process (no Node start, no module loading), for both engines.
import { execa } from 'execa';
import { benchPort } from './port.js';
import { mkdtempSync } from 'node:fs';
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
