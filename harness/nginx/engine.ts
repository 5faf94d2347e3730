// Real nginx as the proxy engine: `nginx -p <prefix> -c conf/nginx.conf -e logs/error.log -g
// 'daemon off;'` (args.ts) in the foreground (nginx.exe alike: there `daemon off` only keeps the console,
// and the master still runs its workers as processes of their own), stopped as stop.ts says for
// the host, then by its pid. The binary is binary.ts's choice. `-e logs/error.log` makes the
// start-up log the Windows build's default, and the other defaults the conf leaves unset are made
// the Windows build's too (defaults.ts), so nothing is written outside the prefix. When this machine's hosts file maps localhost to IPv4
// only, nginx runs in a private mount namespace whose /etc/hosts maps it to both loopbacks, as the
// reference captures did; where that is not possible the conf names both peers itself.
import { readFileSync } from 'node:fs';
import { replaceFile } from '../private-file.js';
import { lookup } from 'node:dns/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { startProcess, type StartedProcess } from '../engine/process.js';
import { waitForProxy, NotReady } from '../engine/ready.js';
import { installAdvice } from '../system-packages.js';
import { ProxyStartError, UnsupportedFault, type EngineStartOptions, type ProxyEngine, type CrashOptions } from '../engine/engine.js';
import { applyPrefixDefaults } from './defaults.js';
import { listenOnLoopback } from './listen-loopback.js';
import { UserError } from '../errors.js';
import { canUnshareMounts, childPids, linux, onPath, parentDeathWrapper, traced } from '../platform.js';
import { locateNginx, nginxHost, nginxMissingAdvice, type NginxHost } from './binary.js';
import { stopRequest } from './stop.js';
import { nginxArgs } from './args.js';
import type { OsName } from '../os-profile.js';

/** How long a crashed worker may take to be gone. */
const WORKER_EXIT_TIMEOUT_MS = 10_000;

export class NginxMissing extends UserError {
  constructor(host: NginxHost = nginxHost()) {
    const named = process.env.HARNESS_NGINX;
    super(
      nginxMissingAdvice(host, installAdvice(['nginx'])) +
        (named ? `; HARNESS_NGINX names ${named}, which does not exist` : '') +
        '.\n  Without it, `--proxy nginx` and the nginx test project cannot run; the embedded engine (no --proxy nginx) needs none.',
    );
  }
}

/** The system nginx: HARNESS_NGINX when set (only that), else the usual places (binary.ts). */
export function findNginx(): string | undefined {
  return locateNginx({ host: nginxHost() });
}

/**
 * Why real nginx cannot show the OS profile asked for, if it cannot: it writes its own system's
 * wording and timing, so the profile must be the host's.
 */
export function profileRefusal(os: OsName, host: NginxHost): string | undefined {
  if (os === 'windows' && host !== 'windows') return '--os windows needs the embedded engine: nginx on Linux writes Linux wording and refuses connections at once. Leave out --proxy nginx.';
  if (os === 'linux' && host === 'windows') return '--os linux needs the embedded engine: nginx.exe writes Windows wording. Leave out --proxy nginx, or leave out --os linux.';
  return undefined;
}

/** Does this machine resolve `localhost` to both loopbacks, as the users' machines do? */
async function localhostIsDual(): Promise<boolean> {
  try {
    const all = await lookup('localhost', { all: true });
    return all.some((a) => a.family === 6) && all.some((a) => a.family === 4);
  } catch {
    return false;
  }
}

/**
 * How the conf for real nginx must name the admin server's peers: `implicit` (proxy_pass
 * http://localhost:PORT, resolved to both loopbacks) or `explicit` (an upstream block with both).
 */
export async function nginxLocalhostMode(): Promise<'implicit' | 'explicit'> {
  return (await localhostIsDual()) || canUnshareMounts() ? 'implicit' : 'explicit';
}

export async function startNginx(o: EngineStartOptions): Promise<ProxyEngine> {
  const host = nginxHost();
  const nginx = locateNginx({ host, ...o.nginx });
  if (!nginx) throw new NginxMissing(host);
  const refusal = profileRefusal(o.os, host);
  if (refusal) throw new UnsupportedFault(refusal);
  if (o.reservedPorts?.length) throw new UnsupportedFault('reserved (forbidden) ports are emulated by the embedded engine only');
  const confFile = isAbsolute(o.conf) ? o.conf : join(o.prefix, o.conf);
  if (!o.bindAny) listenOnLoopback(confFile);
  const { globals } = applyPrefixDefaults(confFile);
  const args = nginxArgs(host, o.prefix, o.conf, globals);
  // The master gets SIGTERM if the harness dies without stopping it (setpriv --pdeathsig, on Linux).
  const run = [...parentDeathWrapper(), nginx, ...args];
  let file: string;
  let argv: string[];
  if (!(await localhostIsDual()) && canUnshareMounts()) {
    // Beside the conf nginx runs (the harness's own file), never in a user's nginx folder (--nginx-dir).
    const hosts = join(dirname(confFile), 'hosts');
    replaceFile(hosts, readFileSync('/etc/hosts', 'utf8').replace(/^.*\blocalhost\b.*$/gm, '') + '\n127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n', 0o644);
    file = 'unshare';
    argv = ['-m', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts, ...run];
  } else {
    [file, ...argv] = run;
  }
  const launch = async () => {
    const proc = startProcess({ name: 'nginx', file, args: argv, onLine: o.onLine, askToStop: stopRequest(host, nginx, args, undefined, (l) => o.onLine?.(l, 'stderr')) });
    try {
      await waitForProxy(o.ready, { process: proc, signal: o.signal });
    } catch (e) {
      if (!(e instanceof NotReady)) throw e;
      const { code } = proc.running ? { code: null } : await proc.exited;
      await proc.stop();
      const emerg = proc.output.filter((l) => l.startsWith('nginx: [emerg]'));
      throw new ProxyStartError(emerg.length ? emerg[emerg.length - 1] : e.message, emerg, code);
    }
    return proc;
  };
  const first = launch();
  o.starting?.();
  return nginxEngine(o.prefix, await first, launch);
}

/** `relaunch` starts nginx again as it was started (restore, after a failed respawn). */
function nginxEngine(prefix: string, first: StartedProcess, relaunch: () => Promise<StartedProcess>): ProxyEngine {
  let strace: StartedProcess | undefined;
  let proc = first;
  let master = proc.pid;
  /** Workers when respawns were made to fail: fewer at restore means a respawn failed. */
  let workersBefore = 0;
  const stopStrace = async () => {
    await strace?.stop(1000);
    strace = undefined;
  };
  // Resolves when nginx exits for good, not when restore stops it to start it again.
  let exit!: (r: { code: number | null; signal: string | null }) => void;
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) => (exit = r));
  let relaunching = false;
  const watch = (p: StartedProcess) => void p.exited.then((r) => !relaunching && p === proc && exit(r));
  watch(proc);
  return {
    name: 'nginx',
    prefix,
    get pid() {
      return master;
    },
    exited,
    get running() {
      return proc.running;
    },
    async workers() {
      return childPids(master);
    },
    async crashWorker(c: CrashOptions = {}) {
      if (c.code !== undefined) throw new UnsupportedFault('real nginx workers are crashed by a signal; an exit code can be chosen on the embedded engine only');
      if (nginxHost() === 'windows') throw new UnsupportedFault('crashing a worker of nginx.exe is not supported (the harness does not list its workers on Windows); the embedded engine shows it anywhere');
      // The oldest worker, as the embedded engine chooses.
      const [pid] = childPids(master);
      if (pid === undefined) throw new Error('nginx has no worker process to crash');
      process.kill(pid, c.signal ?? 'SIGSEGV');
      // Gone once nginx's master has reaped it (SIGQUIT lets its connections finish first).
      for (const until = Date.now() + WORKER_EXIT_TIMEOUT_MS; childPids(master).includes(pid); ) {
        if (Date.now() > until) throw new Error(`nginx's worker process ${pid} has not exited ${WORKER_EXIT_TIMEOUT_MS / 1000} s after ${c.signal ?? 'SIGSEGV'}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return pid;
    },
    async failRespawns(on: boolean) {
      if (!on) return stopStrace();
      if (strace) return;
      workersBefore = childPids(master).length;
      if (!linux()) throw new UnsupportedFault('making real nginx fail to respawn needs Linux (strace injects EAGAIN into the master\'s fork()); the embedded engine shows it anywhere');
      if (!onPath('strace')) throw new UnsupportedFault('making nginx fail to respawn needs strace (apt-get install strace); it injects EAGAIN into the master\'s fork()');
      // strace makes the master's fork() fail with EAGAIN: nginx's failed respawn, as under a process limit.
      strace = startProcess({
        name: 'strace',
        file: 'strace',
        args: ['-p', String(master), '-f', '-qq', '-o', '/dev/null', '-e', 'trace=clone,clone3,fork,vfork', '-e', 'inject=clone,clone3,fork,vfork:error=EAGAIN'],
      });
      // strace is attached once the master is being traced.
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        if (traced(master)) return;
        if (!strace.running) throw new UnsupportedFault('strace could not attach to the nginx master (ptrace not permitted here)');
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new UnsupportedFault('strace did not attach to the nginx master within 3 s');
    },
    async restore() {
      await stopStrace();
      if (childPids(master).length >= workersBefore) return;
      // nginx never respawns on its own after a failed fork, and a reload cannot mend it: the
      // failed spawn left its process slot holding the dead worker's pid and the closed channel's
      // descriptor numbers, which the reload's new log files reuse; the reload then writes to
      // them (sendmsg() failed (88)), signals the dead pid (kill() failed (3)), and the new
      // workers close their access.log (9: Bad file descriptor). So nginx is started afresh on
      // the same prefix, as a user would restart it.
      relaunching = true;
      try {
        await proc.stop();
        proc = await relaunch();
        master = proc.pid;
      } catch (e) {
        exit({ code: null, signal: null });
        throw e;
      } finally {
        relaunching = false;
      }
      watch(proc);
    },
    async stop() {
      await stopStrace();
      await proc.stop();
    },
  };
}
