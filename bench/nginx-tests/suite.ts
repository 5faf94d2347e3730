// A run of nginx-tests files on the engines asked for: the suite's folder (HARNESS_NGINX_TESTS),
// the engines' executables in a temp folder of the run's own, the files run a few at a time, and
// each file's count over its runs. The temp folder goes on every way out.
import { execa } from 'execa';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { UserError, UsageError } from '../../harness/errors.js';
import { locateNginx, nginxHost, nginxMissingAdvice } from '../../harness/nginx/binary.js';
import { embeddedEngine, nginxEngine, type Engine } from './engines.js';
import { runFile, type EngineName, type FileRun } from './run-file.js';

export const SUITE_VARIABLE = 'HARNESS_NGINX_TESTS';

/** The suite's folder, from HARNESS_NGINX_TESTS, checked to be an nginx-tests checkout. */
export function suiteFolder(env: NodeJS.ProcessEnv = process.env): string {
  const named = env[SUITE_VARIABLE];
  if (!named) throw new UsageError(`${SUITE_VARIABLE} is not set. Set it to the folder of nginx's test suite (a clone of https://github.com/nginx/nginx-tests).`);
  const dir = resolve(named);
  if (!existsSync(join(dir, 'lib', 'Test', 'Nginx.pm'))) throw new UsageError(`${SUITE_VARIABLE}=${named}: ${dir} is not an nginx-tests checkout (it has no lib/Test/Nginx.pm). Point it at the folder of nginx's test suite.`);
  return dir;
}

/** One file on one engine, over its runs. */
export interface EngineResult {
  /** The smallest count of its runs: the floor a ratchet can rely on. */
  passed: number;
  total: number;
  /** Each run's count, in order. */
  counts: number[];
  reason?: string;
  /** The slowest run. */
  ms: number;
}

export interface FileResult {
  file: string;
  nginx?: EngineResult;
  embedded?: EngineResult;
}

export interface SuiteOptions {
  suite: string;
  files: string[];
  engines: EngineName[];
  /** How many files run at once. */
  jobs: number;
  /** How many times each file runs on each engine. */
  runs: number;
  timeoutMs: number;
  /** Stops the run when aborted: no file starts any more, and the running ones are killed. */
  signal?: AbortSignal;
  /** Where the run's temp folder is made (default: the system's temp folder). */
  tempRoot?: string;
  /** Told each run as it ends (progress). */
  onRun?: (r: FileRun) => void;
}

export interface SuiteRun {
  files: FileResult[];
  wallMs: number;
}

function combine(runs: FileRun[]): EngineResult {
  const counts = runs.map((r) => r.passed);
  const worst = runs.reduce((a, r) => (r.passed < a.passed ? r : a));
  return { passed: worst.passed, total: Math.max(...runs.map((r) => r.total)), counts, reason: worst.reason, ms: Math.max(...runs.map((r) => r.ms)) };
}

async function makeEngine(name: EngineName, dir: string): Promise<Engine> {
  if (name === 'embedded') return embeddedEngine(dir);
  const nginx = locateNginx({ host: nginxHost() });
  if (!nginx) throw new UserError(nginxMissingAdvice(nginxHost(), 'apt-get install nginx'));
  return nginxEngine(nginx, dir);
}

export async function runSuite(o: SuiteOptions): Promise<SuiteRun> {
  if ((await execa('perl', ['-e', '1'], { reject: false })).failed) throw new UserError('perl does not run here: nginx-tests is written in Perl. Install it (apt-get install perl) and run again.');
  const missing = o.files.filter((f) => !existsSync(join(o.suite, f)));
  if (missing.length) throw new UsageError(`not in ${o.suite}: ${missing.join(', ')}. Name files of nginx-tests, such as proxy.t.`);
  const dir = mkdtempSync(join(o.tempRoot ?? tmpdir(), 'harness-nginx-tests-'));
  const t0 = performance.now();
  try {
    const engines = await Promise.all(o.engines.map((e) => makeEngine(e, dir)));
    const pending = o.files.flatMap((file) => engines.flatMap((engine) => Array.from({ length: o.runs }, () => ({ file, engine }))));
    // A file never runs beside itself (another run, the other engine): some need fixed ports
    // (http_listen.t skips unless 8182 and 8183 are free).
    const busy = new Set<string>();
    const waiting: (() => void)[] = [];
    const done: FileRun[] = [];
    const worker = async () => {
      while (pending.length) {
        const i = pending.findIndex((t) => !busy.has(t.file));
        if (i < 0) {
          await new Promise<void>((wake) => waiting.push(wake));
          continue;
        }
        const [{ file, engine }] = pending.splice(i, 1);
        busy.add(file);
        try {
          const r = await runFile({ suite: o.suite, file, engine: engine.name, binary: engine.binary, env: engine.env, timeoutMs: o.timeoutMs, workDir: dir, signal: o.signal });
          done.push(r);
          o.onRun?.(r);
        } finally {
          busy.delete(file);
          for (const wake of waiting.splice(0)) wake();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, worker));
    const files = o.files.map((file) => {
      const result: FileResult = { file };
      for (const e of o.engines) result[e] = combine(done.filter((r) => r.file === file && r.engine === e));
      return result;
    });
    return { files, wallMs: Math.round(performance.now() - t0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
