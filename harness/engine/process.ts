// A process the harness started: output line by line with the component's name, its exit as a
// promise, and a stop that asks only this pid (SIGTERM, or the process's own way: the process
// stops its own children), then kills the whole tree by pid if it has not gone within the grace
// period, or at once when it could not be asked.
import { execa, type ResultPromise } from 'execa';
import treeKill from 'tree-kill';

export interface StartedProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  readonly running: boolean;
  /** Recent output, for error messages. */
  readonly output: string[];
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  name: string;
  file: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Each output line, as it comes. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /**
   * Asks the process to stop (default: SIGTERM to its pid): true once asked, false when it could
   * not be; throws when the process is gone already.
   */
  askToStop?: () => Promise<boolean>;
}

const KEEP_LINES = 200;

export function startProcess(o: StartOptions): StartedProcess {
  const child: ResultPromise = execa(o.file, o.args, {
    cwd: o.cwd,
    env: o.env,
    extendEnv: true,
    reject: false,
    buffer: false,
    stdin: 'ignore',
    cleanup: true,
    forceKillAfterDelay: false,
  });
  const output: string[] = [];
  let running = true;
  const emit = (raw: string, stream: 'stdout' | 'stderr') => {
    const line = raw.replace(/\r$/, '');
    output.push(line);
    if (output.length > KEEP_LINES) output.shift();
    o.onLine?.(line, stream);
  };
  const lines = (stream: 'stdout' | 'stderr') => {
    const from = child[stream];
    if (!from) return;
    // A character split between two reads stays whole (Spring Boot and nginx.exe print Chinese).
    from.setEncoding('utf8');
    let rest = '';
    from.on('data', (text: string) => {
      const parts = (rest + text).split('\n');
      rest = parts.pop()!;
      for (const raw of parts) emit(raw, stream);
    });
    // The last line, when the process ends without a line end.
    from.on('end', () => rest && emit(rest, stream));
  };
  lines('stdout');
  lines('stderr');
  const exited = child.then((r) => {
    running = false;
    return { code: r.exitCode ?? null, signal: r.signal ?? null };
  });
  if (child.pid === undefined) throw new Error(`could not start ${o.name} (${o.file})`);
  const pid = child.pid;
  return {
    name: o.name,
    pid,
    exited,
    get running() {
      return running;
    },
    output,
    async stop(graceMs = 5000) {
      if (!running) return;
      let asked: boolean;
      try {
        asked = o.askToStop ? await o.askToStop() : process.kill(pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), asked ? graceMs : 0).unref());
      if ((await Promise.race([exited, timer])) === 'timeout') {
        await new Promise<void>((r) => treeKill(pid, 'SIGKILL', () => r()));
        await exited;
      }
    },
  };
}
