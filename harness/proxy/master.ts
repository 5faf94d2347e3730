// The master process, nginx's way: read the conf, create the temp paths (no parents), open the
// logs, bind (five tries 500 ms apart), write the pid file, fork the workers, reap and respawn them
// and log as nginx logs on Linux or on Windows; plus a local control channel for faults.
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import { lookup } from 'node:dns/promises';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadConf, confPath } from './load.js';
import { ConfError } from './conf/error.js';
import type { NginxConf } from './conf/model.js';
import { LOCALHOST, type ResolvedHosts } from './context.js';
import { osProfile, type OsName, type OsProfile, type ErrnoName } from '../os-profile.js';
import { ErrorLog, openLog } from '../logs/writer.js';
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
}

export const DEFAULT_VERSION: Record<OsName, string> = { linux: '1.22.1', windows: '1.20.2' };

const WORKER_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'worker-main.js');

/** A start-up failure: the `[emerg]` line was written; the master exits 1. */
export class StartupError extends Error {}

interface Slot {
  worker: Worker;
  pid: number;
  /** The Windows-profile exit code a crash was asked for (C0000005...). */
  windowsCode?: string;
  ready: boolean;
  failing: boolean;
}

export class Master {
  readonly os: OsProfile;
  conf!: NginxConf;
  private log!: ErrorLog;
  private readonly slots = new Map<number, Slot>();
  private respawnFails = false;
  private exiting = false;
  private hangServers: net.Server[] = [];
  private control?: ControlServer;
  private resolved: ResolvedHosts = {};
  private readonly exited = new Set<() => void>();

  constructor(readonly opts: MasterOptions) {
    this.os = osProfile(opts.os, { refusedConnectDelayMs: opts.refusedConnectDelayMs });
  }

  /** Starts everything; rejects with StartupError after logging nginx's emerg line(s). */
  async start(): Promise<void> {
    const startupLog = new ErrorLog([{ file: openLog(join(this.opts.prefix, 'logs/error.log')), level: 'error' }], process.pid, this.os.tid(process.pid), this.os.lineEnd);
    this.log = startupLog;
    try {
      this.conf = loadConf(this.opts);
    } catch (e) {
      if (!(e instanceof ConfError)) throw e;
      this.emerg(e.text, e.errnoName, e.file === undefined ? '' : ` in ${this.path(e.file)}:${e.line}`);
    }
    await this.resolve();
    if (this.opts.test) {
      process.stderr.write(`nginx: the configuration file ${this.path(confPath(this.opts))} syntax is ok\n`);
    }
    this.createTempPaths();
    this.log = new ErrorLog(
      this.conf.errorLogs.map((t) => ({ file: this.openOrDie(t.path), level: t.level })),
      process.pid,
      this.os.tid(process.pid),
      this.os.lineEnd,
    );
    if (this.opts.test) {
      process.stderr.write(`nginx: configuration file ${this.path(confPath(this.opts))} test is successful\n`);
      return;
    }
    await this.bind();
    writeFileSync(this.conf.pid, `${process.pid}\n`);
    this.write('notice', 'start worker processes');
    cluster.setupPrimary({ exec: WORKER_ENTRY, silent: false });
    for (let i = 0; i < this.conf.workerProcesses; i++) this.spawn();
    cluster.on('exit', (w, code, signal) => this.reap(w, code, signal));
    if (this.opts.controlFile) this.control = await startControl(this, this.opts.controlFile);
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
    process.stderr.write(formatStderrLine({ level: 'emerg', message: text }) + '\n');
    throw new StartupError(text);
  }

  private openOrDie(path: string) {
    try {
      return openLog(path);
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
    for (let tries = 5; tries; tries--) {
      let failed = false;
      for (const l of listens) {
        if (this.opts.reservedPorts?.includes(l.port)) this.emerg(`bind() to ${l.text} failed`, 'EACCES_BIND');
        const err = await tryBind(bindAddress(l.host, !!this.opts.bindAny), l.port);
        if (!err) continue;
        if (err === 'EADDRINUSE') {
          this.log.write('emerg', { message: `bind() to ${l.text} failed`, errno: this.os.errno('EADDRINUSE') });
          process.stderr.write(formatStderrLine({ level: 'emerg', message: `bind() to ${l.text} failed`, errno: this.os.errno('EADDRINUSE') }) + '\n');
          failed = true;
          continue;
        }
        this.emerg(`bind() to ${l.text} failed`, err === 'EACCES' ? 'EACCES_BIND' : 'EADDRINUSE');
      }
      if (!failed) return;
      this.write('notice', 'try again to bind() after 500ms');
      await new Promise((r) => setTimeout(r, 500));
    }
    this.emerg('still could not bind()');
  }

  private spawn(failStart?: number): Slot {
    const env: WorkerEnv = {
      prefix: this.opts.prefix,
      conf: this.opts.conf,
      os: this.opts.os,
      version: this.opts.version,
      refusedConnectDelayMs: this.opts.refusedConnectDelayMs,
      resolved: this.resolved,
      bindAny: !!this.opts.bindAny,
      failStart,
    };
    const worker = cluster.fork({ HARNESS_WORKER: JSON.stringify(env) });
    const slot: Slot = { worker, pid: worker.process.pid!, ready: false, failing: failStart !== undefined };
    this.slots.set(worker.id, slot);
    this.write('notice', `start worker process ${slot.pid}`);
    worker.on('message', (m: WorkerToMaster) => {
      if (m.type === 'ready') slot.ready = true;
      else if (m.type === 'listen-error') this.write('alert', m.message);
    });
    return slot;
  }

  private reap(w: Worker, code: number | null, signal: string | null): void {
    const slot = this.slots.get(w.id);
    if (!slot) return;
    this.slots.delete(w.id);
    if (this.exiting) {
      this.write('notice', `worker process ${slot.pid} exited with code ${code ?? 0}`);
      if (this.slots.size === 0) for (const cb of this.exited) cb();
      return;
    }
    if (this.os.name === 'windows') this.reapWindows(slot, code, signal);
    else this.reapLinux(slot, code, signal);
  }

  private reapLinux(slot: Slot, code: number | null, signal: string | null): void {
    if (signal) this.write('alert', `worker process ${slot.pid} exited on signal ${signalNumber(signal)}`);
    else this.write('notice', `worker process ${slot.pid} exited with code ${code}`);
    if (this.respawnFails) {
      this.write('alert', 'fork() failed while spawning "worker process"', 'EAGAIN');
      this.write('alert', 'could not respawn worker process');
      this.holdListenersWithoutWorkers();
      return;
    }
    this.spawn();
  }

  private reapWindows(slot: Slot, code: number | null, signal: string | null): void {
    const text = slot.windowsCode ?? (signal ? '1' : (code ?? 0).toString(16).toUpperCase());
    if (slot.failing) {
      // The new worker died during its start handshake: ngx_spawn_process() fails.
      this.write('alert', `worker process ${slot.pid} exited with code ${text}`);
      this.write('alert', 'could not respawn worker');
      return;
    }
    this.write('notice', `worker process ${slot.pid} exited with code ${text}`);
    if (this.respawnFails) {
      const s = this.spawn(1);
      s.windowsCode = 'C0000142';
      return;
    }
    this.spawn();
  }

  /**
   * Linux nginx's master keeps its listening sockets when no worker is left, so clients connect
   * and then wait forever. Node's cluster closes them with the last worker, so the master listens
   * again itself and never reads.
   */
  private holdListenersWithoutWorkers(): void {
    if (this.slots.size) return;
    for (const l of new Map(this.conf.servers.flatMap((s) => s.listens).map((x) => [`${x.host}:${x.port}`, x])).values()) {
      const s = net.createServer({ pauseOnConnect: true }, () => undefined);
      s.on('error', () => undefined);
      s.listen({ host: bindAddress(l.host, !!this.opts.bindAny), port: l.port, ipv6Only: l.host.includes(':') });
      this.hangServers.push(s);
    }
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
    const msg: MasterToWorker = { type: 'crash' };
    if (this.os.name === 'windows') {
      slot.windowsCode = (o.code ?? 'C0000005').toUpperCase();
      msg.code = 1;
    } else if (o.code !== undefined) {
      msg.code = Number(o.code);
    } else {
      msg.signal = o.signal ?? 'SIGSEGV';
    }
    slot.worker.send(msg);
    return slot.pid;
  }

  /** The next respawn fails (Linux: fork() EAGAIN; Windows: the new worker dies at start). */
  failRespawns(on: boolean): void {
    this.respawnFails = on;
  }

  /** Undoes the faults: respawns stop failing, and a master left without workers starts them again. */
  restore(): void {
    this.respawnFails = false;
    if (this.slots.size === 0 && !this.exiting) {
      for (const s of this.hangServers) s.close();
      this.hangServers = [];
      for (let i = 0; i < this.conf.workerProcesses; i++) this.spawn();
    }
  }

  /** Stops the workers and the master (SIGTERM/SIGINT: nginx's fast shutdown). */
  async stop(): Promise<void> {
    if (this.exiting) return;
    this.exiting = true;
    for (const s of this.hangServers) s.close();
    await this.control?.close();
    const done = new Promise<void>((r) => (this.slots.size ? this.exited.add(r) : r()));
    for (const s of this.slots.values()) s.worker.process.kill('SIGTERM');
    const timeout = setTimeout(() => {
      for (const s of this.slots.values()) s.worker.process.kill('SIGKILL');
    }, 3000);
    await done;
    clearTimeout(timeout);
    try {
      unlinkSync(this.conf.pid);
    } catch {
      // never written, or already gone
    }
    this.write('notice', 'exit');
  }
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };

function signalNumber(signal: string): number {
  return SIGNALS[signal] ?? 0;
}

function tryBind(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'EADDRINUSE'));
    s.listen({ host, port, ipv6Only: host.includes(':'), exclusive: true }, () => s.close(() => resolve(undefined)));
  });
}

/** Runs a master in this process until SIGTERM/SIGINT, the parent's channel closing, or a start failure. */
export async function runMaster(opts: MasterOptions): Promise<number> {
  mkdirSync(join(opts.prefix, 'logs'), { recursive: true });
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
    // Started by the harness with an IPC channel: leave with it (the harness was killed).
    process.once('disconnect', stop);
  });
}
