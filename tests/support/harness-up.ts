// `harness up` as a user runs it (the CLI in a process of its own) on free ports, for the tests that
// need the real command: process hygiene, and `harness chaos inject` against a running stack.
import { execa, type ResultPromise } from 'execa';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { repoRoot } from '../../harness/paths.js';
import { watchProcesses } from './processes.js';
import { freePort } from './ports.js';

export interface Up {
  child: ResultPromise;
  output: string[];
  port: number;
  adminPort: number;
  prefix: string;
  /** Once the command has exited: what it started that was still alive at that moment (processes.ts watchProcesses). */
  left(): string[];
}

/**
 * It runs through bin/harness.js, the entry point `npx harness` runs (which pre-boots the first
 * worker); `via: 'npx'` runs it exactly as the README says, `npx harness up` in the project (npm exec, a
 * shell, then node), so that `child.pid` is npx's, the pid a task runner or IDE would signal;
 * `under`: a command that execs it (unshare), so that `child.pid` is still the harness's.
 */
export async function harnessUp(engine: string, dir: string, extra: string[] = [], waitFor = /the stack is ready/, o: { via?: 'bin' | 'npx'; under?: string[]; inDir?: boolean } = {}): Promise<Up> {
  const port = await freePort();
  const adminPort = await freePort();
  // inDir: run in `dir` with the default `.harness`, as a user runs it in their project.
  const prefix = join(dir, o.inDir ? '.harness' : 'prefix');
  const args = ['up', '--port', String(port), '--admin-port', String(adminPort), ...(o.inDir ? [] : ['--prefix', prefix]), '--proxy', engine, ...extra];
  const [file, ...before] = [...(o.under ?? []), ...(o.via === 'npx' ? ['npx', 'harness'] : [process.execPath, join(repoRoot, 'bin', 'harness.js')])];
  if (o.inDir) mkdirSync(dir, { recursive: true });
  const child = execa(file, [...before, ...args], { cwd: o.inDir ? dir : repoRoot, reject: false, all: true, buffer: false, detached: true });
  const atExit = leftAtExit(child, watchProcesses(child.pid!));
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.all!.on('data', (d: Buffer) => {
      output.push(...d.toString().split('\n'));
      if (waitFor.test(output.join('\n'))) resolve();
    });
    child.then(() => (waitFor.test(output.join('\n')) ? resolve() : reject(new Error(`harness up exited:\n${output.join('\n')}`))));
  });
  return { child, output, port, adminPort, prefix, left: atExit };
}

/**
 * A harness command as a user runs it (bin/harness.js), to its end, in a process group of its own
 * with everything it starts watched: `left` is what of that is still alive once it has exited
 * (nothing, when the command waited for all of it). `started` is called with the process and its
 * output so far, for a test that signals it midway; `under`: a command to run it under (strace).
 */
export async function runHarness(args: string[], o: { started?: (child: ResultPromise, output: () => string) => void; env?: Record<string, string>; under?: string[] } = {}) {
  const [file, ...before] = [...(o.under ?? []), process.execPath, join(repoRoot, 'bin', 'harness.js')];
  const child = execa(file, [...before, ...args], { cwd: repoRoot, reject: false, all: true, buffer: false, detached: true, env: o.env });
  const atExit = leftAtExit(child, watchProcesses(child.pid!));
  let all = '';
  child.all!.on('data', (d: Buffer) => (all += d.toString()));
  o.started?.(child, () => all);
  const r = await child;
  return { exitCode: r.exitCode, signal: r.signal, all, left: atExit() };
}

/**
 * What was left the moment the command exited (its 'exit' event: it has been reaped). Not when
 * execa's promise settles: that waits for its output pipes to close, which a child that inherited
 * them holds until it has nearly gone itself, and so hides a child that outlives the command.
 */
function leftAtExit(child: ResultPromise, watch: ReturnType<typeof watchProcesses>): () => string[] {
  let left: string[] | undefined;
  child.once('exit', () => (left = watch.left()));
  return () => left ?? watch.left();
}

/** Resolves once the command's output holds `text` (looked at as each piece arrives); rejects if it ends first. */
export function whenOutput(child: ResultPromise, output: () => string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (!output().includes(text)) return;
      child.all!.off('data', look);
      resolve();
    };
    child.all!.on('data', look);
    look();
    void child.finally(() => reject(new Error(`the command ended before it printed "${text}"`)));
  });
}

/** `harness up` to its end: `whileUp` runs once the stack is ready, then the stack is stopped (SIGTERM). */
export async function upWhile(args: string[], whileUp?: () => Promise<void>) {
  let failed: unknown;
  const r = await runHarness(['up', ...args], {
    started: (child, output) =>
      void whenOutput(child, output, 'the stack is ready').then(
        async () => {
          await whileUp?.().catch((e: unknown) => (failed = e));
          child.kill('SIGTERM');
        },
        () => undefined,
      ),
  });
  if (failed) throw failed;
  return r;
}
