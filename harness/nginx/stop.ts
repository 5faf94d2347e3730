// How the harness asks real nginx's master to stop, per host. POSIX: SIGTERM to the master (nginx's
// fast shutdown: the master stops its workers, then itself). Windows has no signals: a killed
// master leaves its workers serving, so the harness does what Windows users do, `nginx -s quit`
// with the master's own -p, -c and -g, which reads the master's pid from its pid file and sets the
// event the master waits on (Global\ngx_quit_PID, src/os/win32/ngx_process_cycle.c). Either way,
// a master not gone within the grace period is tree-killed by its pid (engine/process.ts).
import { execa } from 'execa';
import type { NginxHost } from './binary.js';

/** Runs a command to its end: its exit code and its output (injected by the tests). */
export type Runner = (file: string, args: string[]) => Promise<{ exitCode?: number; output: string }>;

/** How long `nginx -s quit` may take to deliver the request (it reads the conf, then sets an event). */
const SIGNALLER_TIMEOUT_MS = 5000;

const runCommand: Runner = async (file, args) => {
  const r = await execa(file, args, { reject: false, all: true, stdin: 'ignore', timeout: SIGNALLER_TIMEOUT_MS });
  return { exitCode: r.exitCode, output: String(r.all ?? '') };
};

/**
 * What asks the master to stop on this host: on Windows `nginx -s quit`, true once asked, false
 * when it could not be (the caller then tree-kills at once); on POSIX none of its own, so the
 * process's default, SIGTERM. `nginx`/`args`: the binary and the arguments the master was started with.
 */
export function stopRequest(host: NginxHost, nginx: string, args: string[], run: Runner = runCommand, onLine?: (line: string) => void): (() => Promise<boolean>) | undefined {
  if (host === 'windows') return () => quitThroughEvent(nginx, args, run, onLine);
  return undefined;
}

/** `nginx -s quit` with the master's arguments; what it prints (an OpenEvent() failure) is passed on. */
async function quitThroughEvent(nginx: string, args: string[], run: Runner, onLine?: (line: string) => void): Promise<boolean> {
  const r = await run(nginx, [...args, '-s', 'quit']);
  for (const line of r.output.split(/\r?\n/).filter(Boolean)) onLine?.(line);
  return r.exitCode === 0;
}
