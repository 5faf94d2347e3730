// One nginx-tests file against one engine: `perl FILE.t` in the suite's folder, with
// TEST_NGINX_BINARY naming the engine, in a process group of its own and a temp folder of its own
// (TMPDIR: Test::Nginx makes its nginx-test-XXXX folder there). A file that outlives its timeout
// gets SIGTERM, then SIGKILL, on its whole group; whatever the file started and left (its nginx, a
// backend it forked) is killed with the group, and the folder is removed on every way out.
import { execa } from 'execa';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTap, total, type Tally } from './tap.js';

export type EngineName = 'nginx' | 'embedded';

export interface FileRun {
  file: string;
  engine: EngineName;
  passed: number;
  total: number;
  /** Why the file did not pass all it planned: a skip, a death, the first failure. */
  reason?: string;
  ms: number;
}

export interface FileTask {
  suite: string;
  file: string;
  engine: EngineName;
  /** The executable Test::Nginx runs as nginx. */
  binary: string;
  timeoutMs: number;
  /** Where the file's temp folder is made. */
  workDir: string;
  /** Stops the file (its whole group) when aborted: Ctrl-C, a test that timed out. */
  signal?: AbortSignal;
  /** The engine's own TEST_NGINX_* variables (TEST_NGINX_GLOBALS, TEST_NGINX_MODULES). */
  env: Record<string, string>;
}

/** After SIGTERM, how long the group has before SIGKILL. */
const GRACE_MS = 3000;

export class Interrupted extends Error {}

/** Signals a whole process group; it may be gone already. */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // no process left in the group
  }
}

/** The suite's own variables are the run's only: a TEST_NGINX_* of the caller's would change it. */
function environment(t: FileTask, tmp: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('TEST_NGINX_')) env[k] = v;
  // The test folder is kept, so that its error.log can say why a start failed; tmp goes as a whole.
  Object.assign(env, t.env, { TEST_NGINX_BINARY: t.binary, TEST_NGINX_LEAVE: '1', TMPDIR: tmp });
  return env;
}

/** A file of each test folder (nginx-test-XXXX) the file left in tmp. */
function testFolderFiles(tmp: string, name: string): string[] {
  return readdirSync(tmp)
    .filter((d) => d.startsWith('nginx-test-'))
    .flatMap((d) => {
      try {
        return [readFileSync(join(tmp, d, name), 'utf8')];
      } catch {
        return [];
      }
    });
}

/** The first [emerg], [alert] or [crit] line of the error logs the file left in tmp. */
function firstLogProblem(tmp: string): string | undefined {
  for (const log of testFolderFiles(tmp, 'error.log')) {
    const line = /^.*\[(?:emerg|alert|crit)\].*$/m.exec(log)?.[0];
    if (line) return line.replace(/^\S+ \S+ /, '');
  }
  return undefined;
}

/**
 * Why a file passed less than it planned, in one line: the whole file skipped, a bail-out, the
 * first failure of a file that ran all it planned; for one that died, the engine's own words on
 * stderr (`nginx: [emerg] ...`, `harness: ...`, before Test::Nginx's "Can't start nginx at ..."),
 * other words of its, the error log, Perl's death.
 */
function reasonOf(tally: Tally, stderr: string, end: string, tmp: string, timedOut: boolean, timeoutMs: number): string | undefined {
  if (timedOut) return `timed out after ${timeoutMs / 1000} s`;
  if (tally.skipAll) return `skipped: ${tally.skipAll}`;
  if (tally.bailOut) return `bail out: ${tally.bailOut}`;
  const ran = tally.passed + tally.failed + tally.skipped + tally.todo;
  if (tally.planned !== undefined && ran >= total(tally)) return tally.firstFailure && `not ok ${tally.firstFailure}`;
  // A file that tests nginx's stderr (error_log.t) sends its own there, into its test folder.
  const lines = [stderr, ...testFolderFiles(tmp, 'stderr')]
    .join('\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const perlDeath = (l: string) => / at \S+ line \d+\.?$/.test(l);
  const engineSays = (l: string) => /^(nginx|harness): /.test(l);
  return lines.find(engineSays) ?? lines.find((l) => !perlDeath(l)) ?? firstLogProblem(tmp) ?? lines[0] ?? `${end} after ${ran} assertions, saying nothing`;
}

export async function runFile(t: FileTask): Promise<FileRun> {
  if (t.signal?.aborted) throw new Interrupted('stopped');
  const tmp = mkdtempSync(join(t.workDir, `${t.file.replace(/\.t$/, '')}-${t.engine}-`));
  const t0 = performance.now();
  let timedOut = false;
  try {
    const child = execa('perl', [t.file], { cwd: t.suite, env: environment(t, tmp), extendEnv: false, detached: true, reject: false, stdin: 'ignore' });
    const pgid = child.pid!;
    const stop = () => signalGroup(pgid, 'SIGKILL');
    t.signal?.addEventListener('abort', stop, { once: true });
    let kill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(pgid, 'SIGTERM');
      kill = setTimeout(() => signalGroup(pgid, 'SIGKILL'), GRACE_MS);
    }, t.timeoutMs);
    // The file's children may hold its stdout open: once perl itself has exited, the group goes.
    child.once('exit', () => signalGroup(pgid, 'SIGKILL'));
    const r = await child;
    t.signal?.removeEventListener('abort', stop);
    clearTimeout(timer);
    clearTimeout(kill);
    const tally = parseTap(String(r.stdout));
    return {
      file: t.file,
      engine: t.engine,
      passed: tally.passed,
      total: total(tally),
      reason: reasonOf(tally, String(r.stderr), r.signal ? `was killed by ${r.signal}` : `exited with ${r.exitCode}`, tmp, timedOut, t.timeoutMs),
      ms: Math.round(performance.now() - t0),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
