// The master process, nginx's way: read the conf, create the temp paths (no parents), open the
// logs, bind (five tries 500 ms apart), write the pid file, fork the workers, reap and respawn them
// and log as nginx logs on Linux or on Windows; plus a local control channel for faults.
// As in nginx, the master owns the listening sockets and every worker accepts on them: a socket
// outlives its workers, so while a worker is replaced connections wait in the backlog, and with
// no worker left (a failed respawn) clients connect and hang.
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { lookup } from 'node:dns/promises';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distFile } from '../paths.js';
import { loadConf, confPath } from './load.js';
import { ConfError } from './conf/error.js';
import type { NginxConf } from './conf/model.js';
import { LOCALHOST, type ResolvedHosts } from './context.js';
import { osProfile, type OsName, type OsProfile, type ErrnoName } from '../os-profile.js';
import { ErrorLog, openLog, closeLog } from '../logs/writer.js';
import { formatStderrLine, type Level } from '../logs/error-log.js';
import { bindAddress, type WorkerEnv, type MasterToWorker, type WorkerToMaster } from './protocol.js';
import { startControl, type ControlServer } from './control.js';

export interface MasterOptions {
  prefix: string;
  conf: string;
  os: OsName;
  /** The emulated nginx's version string. */
  version: string;
  refusedConnectDelayMs?: number;
  /** Bind wildcard listens on all interfaces instead of loopback. */
  bindAny?: boolean;
  /** Ports that refuse to bind, as Windows' excluded port ranges do (10013). */
  reservedPorts?: number[];
  /** Where to write the control channel's address and token (no channel without it). */
  controlFile?: string;
  /** `-t`: test the configuration and exit. */
  test?: boolean;
  /** Where nginx's own stderr lines go (`nginx: [emerg] ...`); process.stderr by default. */
  stderr?: (line: string) => void;
}

export const DEFAULT_VERSION: Record<OsName, string> = { linux: '1.22.1', windows: '1.20.2' };

// Compiled, whether the master runs from dist/ or from the source (inside the test runner).
const WORKER_ENTRY = distFile('harness/proxy/worker-main.js');

/** A start-up failure: the `[emerg]` line was written; the master exits 1. */
export class StartupError extends Error {}

interface Slot {
  child: ChildProcess;
  pid: number;
  /** The Windows-profile exit code a crash was asked for (C0000005...). */
  windowsCode?: string;
  /** Booted: its modules and conf are loaded. */
  booted: boolean;
  /** Accepting on the listening sockets. */
  ready: boolean;
  failing: boolean;
  standby: boolean;
}

/** A listening socket the master owns: bound and, once a worker listens on it, in LISTEN state. */
interface Listener {
  key: string;
  text: string;
  handle: unknown;
}

// net._createServerHandle() is what Node's cluster uses to bind a socket in the primary without
// accepting on it; the handle is then sent to the workers, which listen and accept.
const createServerHandle = (net as unknown as { _createServerHandle(host: string, port: number, family: 4 | 6, fd?: number, flags?: number): unknown })._createServerHandle;
const UV_TCP_IPV6ONLY = 1;
const UV_EADDRINUSE = -98;
const UV_EACCES = -13;

export class Master {
  readonly os: OsProfile;
  conf!: NginxConf;
  private log!: ErrorLog;
  /** Workers by pid. */
  private readonly slots = new Map<number, Slot>();
  /** A booted worker that is not yet given the sockets: the next respawn, at once. */
  private standby?: Slot;
  private listeners: Listener[] = [];
  private afterReady?: () => void;
  private respawnFails = false;
  private exiting = false;
  private control?: ControlServer;
  private resolved: ResolvedHosts = {};
  private readonly workersGone = new Set<() => void>();

  private readonly stderr: (line: string) => void;

  constructor(readonly opts: MasterOptions) {
    this.os = osProfile(opts.os, { refusedConnectDelayMs: opts.refusedConnectDelayMs });
    this.stderr = opts.stderr ?? ((l) => process.stderr.write(l + '\n'));
  }

  /** Starts everything; rejects with StartupError after logging nginx's emerg line(s). */
  async start(): Promise<void> {
    mkdirSync(join(this.opts.prefix, 'logs'), { recursive: true });
    const startupLog = new ErrorLog([{ file: this.openLog(join(this.opts.prefix, 'logs/error.log')), level: 'error' }], process.pid, this.os.tid(process.pid), this.os.lineEnd);
    this.log = startupLog;
    try {
      this.conf = loadConf(this.opts);
    } catch (e) {
      if (!(e instanceof ConfError)) throw e;
      // nginx finds a missing events section after parsing: `-t` has called the syntax ok by then.
      if (e.file === undefined) this.syntaxOk();
      this.emerg(e.text, e.errnoName, e.file === undefined ? '' : ` in ${this.path(e.file)}:${e.line}`);
    }
    await this.resolve();
    this.syntaxOk();
    this.createTempPaths();
    this.log = new ErrorLog(
      this.conf.errorLogs.map((t) => ({ file: this.openOrDie(t.path), level: t.level })),
      process.pid,
      this.os.tid(process.pid),
      this.os.lineEnd,
    );
    if (this.opts.test) {
      this.stderr(`nginx: configuration file ${this.path(confPath(this.opts))} test is successful`);
      return;
    }
    await this.bind();
    writeFileSync(this.conf.pid, `${process.pid}\n`);
    this.write('notice', 'start worker processes');
    for (let i = 0; i < this.conf.workerProcesses; i++) this.spawn();
    // The standby boots once the workers serve, so it does not slow down their start.
    this.afterReady = () => this.spawnStandby();
    if (this.opts.controlFile) this.control = await startControl(this, this.opts.controlFile);
  }

  private syntaxOk(): void {
    if (this.opts.test) this.stderr(`nginx: the configuration file ${this.path(confPath(this.opts))} syntax is ok`);
  }

  private path(p: string): string {
    return this.os.displayPath(this.opts.prefix, p);
  }

  private write(level: Level, message: string, errno?: ErrnoName): void {
    this.log.write(level, { message, errno: errno ? this.os.errno(errno) : undefined });
  }

  /** `[emerg]` to the error log and `nginx: [emerg]` to stderr, then out. */
  private emerg(message: string, errno?: ErrnoName, where = ''): never {
    const e = errno ? this.os.errno(errno) : undefined;
    const text = message + (e ? ` (${e.code}: ${e.text})` : '') + where;
    this.log.write('emerg', { message: text });
    this.stderr(formatStderrLine({ level: 'emerg', message: text }));
    if (this.opts.test) this.stderr(`nginx: configuration file ${this.path(confPath(this.opts))} test failed`);
    throw new StartupError(text);
  }

  private readonly logPaths = new Set<string>();

  private openLog(path: string) {
    this.logPaths.add(path);
    return openLog(path);
  }

  private openOrDie(path: string) {
    try {
      return this.openLog(path);
    } catch (e) {
      return this.emerg(`open() "${this.path(path)}" failed`, (e as NodeJS.ErrnoException).code === 'EACCES' ? 'EACCES' : 'ENOENT_PATH');
    }
  }

  /** nginx resolves upstream host names once, when it reads the conf. */
  private async resolve(): Promise<void> {
    const hosts = new Map<string, { file: string; line: number }>();
    const ups = [...this.conf.upstreams.values(), ...this.conf.servers.flatMap((s) => s.locations.flatMap((l) => (l.proxyPass ? [l.proxyPass.upstream] : [])))];
    for (const u of ups) for (const s of u.servers) if (!/^[\d.]+$|:/.test(s.host) && s.host !== 'localhost') hosts.set(s.host, s);
    for (const [host, at] of hosts) {
      try {
        const addrs = await lookup(host, { all: true });
        this.resolved[host] = addrs.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
      } catch {
        this.emerg(`host not found in upstream "${host}"`, undefined, ` in ${this.path(at.file)}:${at.line}`);
      }
    }
    this.resolved.localhost = LOCALHOST;
  }

  /** ngx_create_paths(): one mkdir per path, no parents; an existing directory is fine. */
  private createTempPaths(): void {
    for (const p of this.conf.tempPaths) {
      try {
        mkdirSync(p, { mode: 0o700 });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') continue;
        this.emerg(`${this.os.createDirFn} "${this.path(p)}" failed`, code === 'EACCES' ? 'EACCES' : 'ENOENT_PATH');
      }
    }
  }

  /** ngx_open_listening_sockets(): EADDRINUSE is retried 5 times, 500 ms apart; other errors end it. */
  private async bind(): Promise<void> {
    const listens = [...new Map(this.conf.servers.flatMap((s) => s.listens).map((l) => [`${l.host}:${l.port}`, l])).values()];
    const bound = new Map<string, Listener>();
    for (let tries = 5; tries; tries--) {
      let failed = false;
      for (const l of listens) {
        const host = bindAddress(l.host, !!this.opts.bindAny);
        const key = `${host}:${l.port}`;
        if (bound.has(key)) continue;
        if (this.opts.reservedPorts?.includes(l.port)) this.emerg(`bind() to ${l.text} failed`, 'EACCES_BIND');
        const v6 = host.includes(':');
        // A bound socket only shows it is in use when listen() is called on it: try that first.
        const inUse = await tryListen(host, l.port);
        const handle = inUse ?? createServerHandle(host, l.port, v6 ? 6 : 4, undefined, v6 ? UV_TCP_IPV6ONLY : 0);
        if (typeof handle !== 'number') {
          bound.set(key, { key, text: l.text, handle });
          continue;
        }
        if (handle === UV_EADDRINUSE) {
          const line = { message: `bind() to ${l.text} failed`, errno: this.os.errno('EADDRINUSE') };
          this.log.write('emerg', line);
          this.stderr(formatStderrLine({ level: 'emerg', ...line }));
          failed = true;
          continue;
        }
        for (const b of bound.values()) closeHandle(b.handle);
        this.emerg(`bind() to ${l.text} failed`, handle === UV_EACCES ? 'EACCES_BIND' : 'EADDRNOTAVAIL');
      }
      if (!failed) {
        this.listeners = [...bound.values()];
        return;
      }
      this.write('notice', 'try again to bind() after 500ms');
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const b of bound.values()) closeHandle(b.handle);
    this.emerg('still could not bind()');
  }

  private fork(o: { failStart?: number; standby: boolean }): Slot {
    const env: WorkerEnv = {
      prefix: this.opts.prefix,
      conf: this.opts.conf,
      os: this.opts.os,
      version: this.opts.version,
      refusedConnectDelayMs: this.opts.refusedConnectDelayMs,
      resolved: this.resolved,
      bindAny: !!this.opts.bindAny,
      failStart: o.failStart,
    };
    // execArgv: [] so a master inside another program (the test runner) forks plain Node workers.
    const child = fork(WORKER_ENTRY, [], { env: { ...process.env, HARNESS_WORKER: JSON.stringify(env) }, stdio: 'inherit', execArgv: [] });
    const slot: Slot = { child, pid: child.pid!, booted: false, ready: false, failing: o.failStart !== undefined, standby: o.standby };
    child.on('message', (m: WorkerToMaster) => {
      if (m.type === 'booted') slot.booted = true;
      else if (m.type === 'ready') {
        slot.ready = true;
        if ([...this.slots.values()].every((x) => x.ready)) {
          this.afterReady?.();
          this.afterReady = undefined;
        }
      }
      else if (m.type === 'listen-error') this.write('alert', m.message);
    });
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => this.reap(slot, code, signal));
    return slot;
  }

  /** Gives a worker the listening sockets: it accepts from then on. */
  private activate(slot: Slot): void {
    slot.standby = false;
    this.slots.set(slot.pid, slot);
    this.write('notice', `start worker process ${slot.pid}`);
    for (const l of this.listeners) slot.child.send({ type: 'listen', key: l.key, count: this.listeners.length } satisfies MasterToWorker, l.handle as net.Server);
  }

  /** Starts a worker process, as ngx_spawn_process() does. */
  private spawn(failStart?: number): Slot {
    const slot = this.fork({ failStart, standby: false });
    this.activate(slot);
    return slot;
  }

  /**
   * nginx forks a worker in a millisecond; a Node worker needs tens of them to load. The master
   * keeps one booted worker aside and gives it the sockets when a worker dies, so a crashed worker
   * is replaced as fast as nginx replaces it.
   */
  private spawnStandby(): void {
    if (this.exiting || this.standby) return;
    this.standby = this.fork({ standby: true });
  }

  /** A worker in place of a dead one: the standby when it has booted, else a new process. */
  private respawn(): void {
    const s = this.standby;
    if (s?.booted) {
      this.standby = undefined;
      this.activate(s);
      this.spawnStandby();
      return;
    }
    this.spawn();
  }

  private reap(slot: Slot, code: number | null, signal: string | null): void {
    if (slot === this.standby || (slot.standby && !this.slots.has(slot.pid))) {
      if (this.standby === slot) this.standby = undefined;
      if (this.exiting) this.checkExited();
      else this.spawnStandby();
      return;
    }
    if (!this.slots.delete(slot.pid)) return;
    if (this.exiting) {
      this.write('notice', `worker process ${slot.pid} exited with code ${code ?? 0}`);
      this.checkExited();
      return;
    }
    if (this.os.name === 'windows') this.reapWindows(slot, code, signal);
    else this.reapLinux(slot, code, signal);
  }

  private checkExited(): void {
    if (this.slots.size === 0 && !this.standby) for (const cb of this.workersGone) cb();
  }

  private reapLinux(slot: Slot, code: number | null, signal: string | null): void {
    if (signal) this.write('alert', `worker process ${slot.pid} exited on signal ${signalNumber(signal)}`);
    else this.write('notice', `worker process ${slot.pid} exited with code ${code}`);
    if (this.respawnFails) {
      this.write('alert', 'fork() failed while spawning "worker process"', 'EAGAIN');
      // The master keeps the sockets: with no worker, clients connect and hang.
      this.write('alert', 'could not respawn worker process');
      return;
    }
    this.respawn();
  }

  private reapWindows(slot: Slot, code: number | null, signal: string | null): void {
    const text = slot.windowsCode ?? (signal ? '1' : (code ?? 0).toString(16).toUpperCase());
    if (slot.failing) {
      // The new worker died during its start handshake: ngx_spawn_process() fails.
      this.write('alert', `worker process ${slot.pid} exited with code ${text}`);
      this.write('alert', 'could not respawn worker');
      // Windows nginx's master closed its listening sockets long ago: with no worker, clients are refused.
      if (this.slots.size === 0) this.closeListeners();
      return;
    }
    this.write('notice', `worker process ${slot.pid} exited with code ${text}`);
    if (this.respawnFails) {
      const s = this.spawn(1);
      s.windowsCode = 'C0000142';
      return;
    }
    this.respawn();
  }

  private closeListeners(): void {
    for (const l of this.listeners) closeHandle(l.handle);
    this.listeners = [];
  }

  // ---- faults, for the control channel ----

  workers(): { pid: number; ready: boolean }[] {
    return [...this.slots.values()].map((s) => ({ pid: s.pid, ready: s.ready }));
  }

  get respawnFailureArmed(): boolean {
    return this.respawnFails;
  }

  /** Crashes one worker: by a signal (Linux), or an exit with a Windows status code (`C0000005`). */
  crashWorker(o: { pid?: number; signal?: NodeJS.Signals; code?: string }): number | undefined {
    const slot = [...this.slots.values()].find((s) => (o.pid ? s.pid === o.pid : !s.failing));
    if (!slot) return undefined;
    const msg: Extract<MasterToWorker, { type: 'crash' }> = { type: 'crash' };
    if (this.os.name === 'windows') {
      slot.windowsCode = (o.code ?? 'C0000005').toUpperCase();
      msg.code = 1;
    } else if (o.code !== undefined) {
      msg.code = Number(o.code);
    } else {
      msg.signal = o.signal ?? 'SIGSEGV';
    }
    slot.child.send(msg);
    return slot.pid;
  }

  /** The next respawn fails (Linux: fork() EAGAIN; Windows: the new worker dies at start). */
  failRespawns(on: boolean): void {
    this.respawnFails = on;
  }

  /** Undoes the faults: respawns stop failing, and a master left without workers starts them again. */
  async restore(): Promise<void> {
    this.respawnFails = false;
    if (this.exiting) return;
    if (!this.listeners.length) await this.bind();
    while (this.slots.size < this.conf.workerProcesses) this.respawn();
  }

  /** Stops the workers and the master (SIGTERM/SIGINT: nginx's fast shutdown). */
  async stop(): Promise<void> {
    if (this.exiting) return;
    this.exiting = true;
    await this.control?.close();
    const all = () => [...this.slots.values(), ...(this.standby ? [this.standby] : [])];
    const done = new Promise<void>((r) => (all().length ? this.workersGone.add(r) : r()));
    for (const s of all()) s.child.kill('SIGTERM');
    const timeout = setTimeout(() => {
      for (const s of all()) s.child.kill('SIGKILL');
    }, 3000);
    await done;
    clearTimeout(timeout);
    this.closeListeners();
    try {
      unlinkSync(this.conf.pid);
    } catch {
      // never written, or already gone
    }
    this.write('notice', 'exit');
    for (const p of this.logPaths) closeLog(p);
    this.stopped();
  }

  private stopped!: () => void;

  /** Resolves when the master has stopped. */
  readonly exited = new Promise<void>((r) => (this.stopped = r));
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };

function signalNumber(signal: string): number {
  return SIGNALS[signal] ?? 0;
}

/** Listens once with a throwaway server: undefined when the port is free, else the uv error number. */
function tryListen(host: string, port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'EADDRINUSE' ? UV_EADDRINUSE : e.code === 'EACCES' ? UV_EACCES : (e.errno ?? UV_EADDRINUSE)));
    s.listen({ host, port, ipv6Only: host.includes(':'), exclusive: true }, () => s.close(() => resolve(undefined)));
  });
}

function closeHandle(handle: unknown): void {
  (handle as { close(): void }).close();
}

/** `harness proxy`: a master in this process, in the foreground, until SIGTERM/SIGINT/SIGQUIT or a start failure. */
export async function runMaster(opts: MasterOptions): Promise<number> {
  const master = new Master(opts);
  try {
    await master.start();
  } catch (e) {
    if (e instanceof StartupError) return 1;
    throw e;
  }
  if (opts.test) return 0;
  return new Promise((resolve) => {
    const stop = () => master.stop().then(() => resolve(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    process.once('SIGQUIT', stop);
  });
}
