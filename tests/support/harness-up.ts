// `harness up` as a user runs it (the CLI in a process of its own) on free ports, for the tests that
// need the real command: process hygiene, and `harness chaos inject` against a running stack.
import { execa, type ResultPromise } from 'execa';
import getPort from 'get-port';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';

export interface Up {
  child: ResultPromise;
  output: string[];
  port: number;
  adminPort: number;
  prefix: string;
}

/**
 * It runs through bin/harness.js, the entry point `npx harness` runs (which pre-boots the first
 * worker); `via: 'npx'` runs it exactly as the README says, `npx harness up` in the project (npm exec, a
 * shell, then node), so that `child.pid` is npx's, the pid a task runner or IDE would signal.
 */
export async function harnessUp(engine: string, dir: string, extra: string[] = [], waitFor = /the stack is ready/, o: { via?: 'bin' | 'npx' } = {}): Promise<Up> {
  const port = await getPort({ host: '127.0.0.1' });
  const adminPort = await getPort({ host: '127.0.0.1' });
  const prefix = join(dir, 'prefix');
  const args = ['up', '--port', String(port), '--admin-port', String(adminPort), '--prefix', prefix, '--proxy', engine, ...extra];
  const [file, ...before] = o.via === 'npx' ? ['npx', 'harness'] : [process.execPath, join(repoRoot, 'bin', 'harness.js')];
  const child = execa(file, [...before, ...args], { cwd: repoRoot, reject: false, all: true, buffer: false });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.all!.on('data', (d: Buffer) => {
      output.push(...d.toString().split('\n'));
      if (waitFor.test(output.join('\n'))) resolve();
    });
    child.then(() => (waitFor.test(output.join('\n')) ? resolve() : reject(new Error(`harness up exited:\n${output.join('\n')}`))));
  });
  return { child, output, port, adminPort, prefix };
}
