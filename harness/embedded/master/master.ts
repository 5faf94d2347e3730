// The master process, nginx's way: read the conf, create the temp paths (no parents), open the
// logs, open the listening sockets (bind() and listen(), five tries 500 ms apart), start the
// workers (pool.ts forks, reaps and respawns them, and logs as nginx logs on Linux or on Windows),
// write the pid file once they listen, reload, reopen, stop in one place; plus the faults the
// harness asks of it (run.ts serves them on a control channel).
// As in nginx, the master owns the listening sockets and every worker accepts on them: a socket
// outlives its workers, so while a worker is replaced connections wait in the backlog, and with
// no worker left (a failed respawn) clients connect and hang.
import { constants } from 'node:os';
import { lookup } from 'node:dns/promises';
import { closeSync, mkdirSync, openSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadConf, confPath, COMMAND_LINE } from '../../nginx-conf/load.js';
import { ENGINE_CONF } from '../modules.js';
import { serverAddresses } from '../phases/find-server.js';
import { ConfError } from '../../nginx-conf/error.js';
import { allLocations, type NginxConf } from '../../nginx-conf/model.js';
import { abs } from '../../nginx-conf/directives.js';
import { LOCALHOST, type ResolvedHosts } from '../context.js';
import { openErrno, osProfile, type OsName, type OsProfile, type ErrnoName } from '../../os-profile.js';
import { ErrorLog, createLog, closeLog, lineLog, clock, type LogFile } from '../../logs/writer.js';
import { formatStderrLine, type Level } from '../../logs/error-log.js';
import type { WorkerEnv } from '../protocol.js';
import { listenKey } from '../../loopback.js';
import type { CrashRequest } from '../../crash.js';
import { WorkerPool, type Workers } from './pool.js';
import { SharedCounterFile } from '../connection-counter.js';
import { BACKLOG, closeHandle, createServerHandle, listenErrno, tryListen, UV_EACCES, UV_EADDRINUSE, UV_TCP_IPV6ONLY, type Listener } from './listeners.js';
import { StartupError, ListenAgainError } from './errors.js';
import { masterStatus } from './status.js';

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
  /** `-t`: test the configuration and exit. */
  test?: boolean;
  /** `-q`: a test says nothing when it passes. */
  quiet?: boolean;
  /** `-g`: directives of the main context, before the file's. */
  globals?: string;
  /** `-e`: the error log until the conf's is open, and of a conf without one; `stderr` is stderr. */
  errorLog?: string;
  /** Where nginx's own stderr lines go (`nginx: [emerg] ...`); process.stderr by default. */
  stderr?: (line: string) => void;
}

export class Master {
  readonly os: OsProfile;
  conf!: NginxConf;
  log!: ErrorLog;
  listeners: Listener[] = [];
  /** The worker processes; the master itself with master_process off (set once the conf is read). */
  private pool: Workers = new WorkerPool(this);
  private exiting = false;
  private resolved: ResolvedHosts = {};
  /** ngx_connection_counter, made with the start-up lines (ngx_event_module_init). */
  private counter?: SharedCounterFile;
  /** The shared memory zones (limit_req_zone's), made with it: shared-zones.ts. */
  private zones?: SharedCounterFile;

  private readonly stderr: (line: string) => void;

  constructor(readonly opts: MasterOptions) {
    this.os = osProfile(opts.os, { refusedConnectDelayMs: opts.refusedConnectDelayMs });
    // ngx_log_stderr() ends a line with NGX_LINEFEED: CRLF in the win32 build.
    this.stderr = opts.stderr ?? ((l) => process.stderr.write(l + this.os.lineEnd));
  }

  /** The start, while it runs: a stop waits for it to end. */
  private starting?: Promise<void>;

  /**
   * Starts everything; rejects with StartupError after logging nginx's emerg line(s), or with
   * WorkerStartError. A stop during the start ends it at its next step.
   */
  start(): Promise<void> {
    this.starting = this.startUp();
    return this.starting;
  }

  /** The first steps of every start (a signal's too): the start-up log, then the conf; an `[emerg]` when it cannot be read. */
  readConf(): NginxConf {
    this.log = this.startupLog();
    try {
      this.conf = this.loadOwnConf();
    } catch (e) {
      if (!(e instanceof ConfError)) throw e;
      if (e.afterParse) this.syntaxOk();
      const [message, where] = this.confErrorText(e);
      this.emerg(message, e.errnoName, where);
    }
    return this.conf;
  }

  /** A conf error's message and where it is (` in FILE:LINE`, ` in command line`), as nginx words them. */
  private confErrorText(e: ConfError): [string, string] {
    const where = e.file === undefined ? '' : e.file === COMMAND_LINE ? ` in ${COMMAND_LINE}` : ` in ${this.displayPath(e.file)}:${e.line}`;
    return [e.openedFile === undefined ? e.text : `${this.os.openFileFn} "${this.displayPath(e.openedFile)}" failed`, where];
  }

  private async startUp(): Promise<void> {
    // Read already when the command looked whether it becomes a daemon (run.ts).
    if (!this.conf) this.readConf();
    // Its code that serves is loaded only when the master serves itself.
    if (!this.conf.masterProcess) this.pool = new (await import('./single.js')).SingleProcess(this);
    for (const w of serverAddresses(this.conf.servers, !!this.opts.bindAny).conflicts) this.warn(w);
    await this.resolve();
    this.syntaxOk();
    // ngx_create_pidfile() in test mode: the pid file is opened (created), not written.
    if (this.opts.test) closeSync(this.openOrDie(this.conf.pid, (p) => openSync(p, 'a')));
    this.createTempPaths();
    this.openLogs();
    if (this.opts.test) {
      if (!this.opts.quiet) this.stderr(`nginx: configuration file ${this.displayPath(confPath(this.opts))} test is successful`);
      return;
    }
    await this.openListeningSockets(false);
  }

  private syntaxOk(): void {
    if (this.opts.test && !this.opts.quiet) this.stderr(`nginx: the configuration file ${this.displayPath(confPath(this.opts))} syntax is ok`);
  }

  /** A path as this nginx prints it (the OS profile's way). */
  displayPath(p: string): string {
    return this.os.displayPath(this.opts.prefix, p);
  }

  write(level: Level, message: string, errno?: ErrnoName, time?: string): void {
    this.log.write(level, { message, errno: errno ? this.os.errno(errno) : undefined }, time);
  }

  /** A line of the start (or of a signal's): to the error log (at its level) and `nginx: [level]` to stderr (unless the log is stderr). */
  tell(level: Level, message: string, errno?: ErrnoName): void {
    this.write(level, message, errno);
    if (!this.log.onStderr) this.stderr(formatStderrLine({ level, message, errno: errno ? this.os.errno(errno) : undefined }));
  }

  private warn(message: string): void {
    this.tell('warn', message);
  }

  /** `[emerg]` to the error log and `nginx: [emerg]` to stderr (unless the log is stderr), then out. */
  private emerg(message: string, errno?: ErrnoName, where = '', time?: string): never {
    const e = errno ? this.os.errno(errno) : undefined;
    const text = message + (e ? ` (${e.code}: ${e.text})` : '') + where;
    this.log.write('emerg', { message: text }, time);
    if (!this.log.onStderr) this.stderr(formatStderrLine({ level: 'emerg', message: text }));
    if (this.opts.test) this.stderr(`nginx: configuration file ${this.displayPath(confPath(this.opts))} test failed`);
    throw new StartupError(text);
  }

  private readonly logPaths = new Set<string>();

  private createLog(path: string): LogFile {
    const f = createLog(path);
    this.logPaths.add(path);
    return f;
  }

  /** ngx_open_file() of a file the start needs: its `[emerg] open() "…" failed` when it cannot be opened. */
  private openOrDie<T>(path: string, open: (path: string) => T): T {
    try {
      return open(path);
    } catch (e) {
      return this.emerg(`${this.os.openFileFn} "${this.displayPath(path)}" failed`, openErrno(e));
    }
  }

  /**
   * ngx_log_init(): before the conf is read, nginx logs to its compiled-in error log (the Windows
   * build's logs/error.log); when that cannot be opened it says so on stderr and logs to stderr,
   * every line in the error log's format.
   */
  private startupLog(): ErrorLog {
    const path = this.opts.errorLog === 'stderr' ? 'stderr' : abs(this.opts.prefix, this.opts.errorLog ?? 'logs/error.log');
    let file: LogFile;
    try {
      file = path === 'stderr' ? lineLog(this.stderr) : this.createLog(path);
    } catch (e) {
      const message = `could not open error log file: ${this.os.openFileFn} "${this.displayPath(path)}" failed`;
      this.stderr(formatStderrLine({ level: 'alert', message, errno: this.os.errno(openErrno(e)) }));
      file = lineLog(this.stderr);
    }
    return new ErrorLog([{ file, level: 'error' }], process.pid, this.os.tid(process.pid), this.os.lineEnd);
  }

  /**
   * ngx_init_cycle() opens every file the conf names, in the order it met them (the logs before
   * and inside http; the compiled-in error log of a conf without error_log comes last): the first
   * that cannot be opened ends the start, a log file in a missing folder too. Then the conf's
   * error logs are the master's.
   */
  private openLogs(): void {
    const { errorLogs } = this.conf;
    const locations = allLocations(this.conf);
    const paths = [
      ...errorLogs.filter((t) => !t.byDefault).map((t) => t.path),
      ...locations.flatMap((l) => [...l.errorLog.map((t) => t.path), ...ENGINE_CONF.modules.flatMap((m) => m.openFiles?.(l as never) ?? [])]),
      ...errorLogs.filter((t) => t.byDefault).map((t) => t.path),
    ];
    for (const p of new Set(paths)) this.openOrDie(p, (x) => this.createLog(x));
    this.log = new ErrorLog(
      errorLogs.map((t) => ({ file: this.createLog(t.path), level: t.level })),
      process.pid,
      this.os.tid(process.pid),
      this.os.lineEnd,
    );
  }

  /** The start-up lines are written. */
  private announced = false;
  /** This master wrote the pid file. */
  private pidWritten = false;

  /**
   * What nginx does between opening its sockets and forking its workers, once: ngx_event_module_init()
   * and ngx_os_status() write their lines.
   */
  private announce(): void {
    if (this.announced) return;
    this.announced = true;
    for (const [level, text] of masterStatus(this.os.name, this.opts.version)) this.write(level, text);
    this.counter = new SharedCounterFile();
    this.zones = new SharedCounterFile();
  }

  /**
   * ngx_create_pidfile(). nginx writes it once its sockets listen, and tools (nginx's own test
   * suite) connect the moment it appears; here a socket listens only once a worker has called
   * listen() on it, so the file comes after the workers say they listen. A pid file that cannot be
   * written ends the start, its workers first.
   */
  private async writePid(): Promise<void> {
    try {
      // "%P%N": NGX_LINEFEED ends it, CRLF on win32.
      this.openOrDie(this.conf.pid, (p) => writeFileSync(p, `${process.pid}${this.os.lineEnd}`));
      this.pidWritten = true;
    } catch (e) {
      await this.pool.stop();
      this.closeListeners();
      this.removeRunFiles();
      throw e;
    }
  }

  /** Only a pid file this master wrote (a start that failed before leaves another's alone), and the counter. */
  private removeRunFiles(): void {
    this.counter?.remove();
    this.zones?.remove();
    if (!this.pidWritten) return;
    try {
      unlinkSync(this.conf.pid);
    } catch {
      // already gone
    }
  }

  /** nginx resolves upstream host names once, when it reads the conf. */
  private async resolve(): Promise<void> {
    // nginx names the server as an upstream block writes it (`host:8080`), proxy_pass's host alone.
    const hosts = new Map<string, { file: string; line: number; shown: string }>();
    const ups = [...this.conf.upstreams.values(), ...allLocations(this.conf).flatMap((l) => (l.proxyPass && 'upstream' in l.proxyPass ? [l.proxyPass.upstream] : []))];
    for (const u of ups) {
      for (const s of u.servers) if (!/^[\d.]+$|:/.test(s.host) && s.host !== 'localhost') hosts.set(s.host, { ...s, shown: u.implicit ? s.host : s.text });
    }
    for (const [host, at] of hosts) {
      try {
        const addrs = await lookup(host, { all: true });
        this.resolved[host] = addrs.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
      } catch {
        this.emerg(`host not found in upstream "${at.shown}"`, undefined, ` in ${this.displayPath(at.file)}:${at.line}`);
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
        this.emerg(`${this.os.createDirFn} "${this.displayPath(p)}" failed`, code === 'EACCES' ? 'EACCES' : 'ENOENT_PATH');
      }
    }
  }

  /**
   * ngx_open_listening_sockets(): bind() and listen() every address; EADDRINUSE from either is
   * tried again, five times 500 ms apart, other errors end it. nginx's cached clock is not updated
   * while it sleeps between the tries, so every line carries the second the first try began.
   * `running`: a master that serves already (restore, nginx's reload): nginx writes these lines to
   * its error log only (no `nginx: [emerg]` on stderr once it runs), and keeps running on failure.
   */
  private async openListeningSockets(running: boolean): Promise<void> {
    const time = clock.error();
    let last = '';
    const fail = (message: string, errno?: ErrnoName): never => {
      for (const b of bound.values()) closeHandle(b.handle);
      if (!running) {
        // The first worker's listen() fails after the pid file is written (nginx's listen() comes before it).
        this.removeRunFiles();
        return this.emerg(message, errno, '', time);
      }
      const e = errno ? this.os.errno(errno) : undefined;
      const text = message + (e ? ` (${e.code}: ${e.text})` : '');
      this.write('emerg', text, undefined, time);
      throw new ListenAgainError(last ? `${text}: ${last}` : text);
    };
    const retry = (message: string, errno: ErrnoName) => {
      const e = this.os.errno(errno);
      last = `${message} (${e.code}: ${e.text})`;
      this.log.write('emerg', { message: last }, time);
      if (!running && !this.log.onStderr) this.stderr(formatStderrLine({ level: 'emerg', message: last }));
    };
    const listens = [...new Map(this.conf.servers.flatMap((s) => s.listens).map((l) => [listenKey(l, !!this.opts.bindAny), l])).entries()];
    const bound = new Map<string, Listener>();
    for (let tries = 5; tries; tries--) {
      if (this.exiting) {
        for (const b of bound.values()) closeHandle(b.handle);
        throw new StartupError('stopped during the start');
      }
      let failed = false;
      for (const [key, l] of listens) {
        if (bound.has(key)) continue;
        if (this.opts.reservedPorts?.includes(l.port)) fail(`bind() to ${l.text} failed`, 'EACCES_BIND');
        let handle: unknown;
        if (l.unix !== undefined) handle = createServerHandle(l.unix, -1, -1);
        else {
          const host = key.slice(0, key.lastIndexOf(':'));
          const v6 = host.includes(':');
          // A bound socket only shows it is in use when listen() is called on it: try that first.
          handle = (await tryListen(host, l.port)) ?? createServerHandle(host, l.port, v6 ? 6 : 4, undefined, v6 ? UV_TCP_IPV6ONLY : 0);
        }
        if (typeof handle !== 'number') bound.set(key, { key, text: l.text, handle });
        else if (handle === UV_EADDRINUSE) {
          retry(`bind() to ${l.text} failed`, 'EADDRINUSE');
          failed = true;
        } else fail(`bind() to ${l.text} failed`, handle === UV_EACCES ? 'EACCES_BIND' : 'EADDRNOTAVAIL');
      }
      if (!failed) {
        this.listeners = [...bound.values()];
        let refused: Awaited<ReturnType<Master['startWorkers']>>;
        try {
          refused = await this.startWorkers();
        } catch (e) {
          this.closeListeners();
          this.removeRunFiles();
          throw e;
        }
        if (!refused) return this.pidWritten ? undefined : this.writePid();
        // Something took the port between bind() and listen() (nginx's OpenVZ case, here any
        // process that binds in that moment): the socket is closed and bound again.
        const l = bound.get(refused.key)!;
        this.listeners = [];
        closeHandle(l.handle);
        bound.delete(refused.key);
        const errno = listenErrno(refused.code);
        if (errno !== 'EADDRINUSE') fail(`listen() to ${l.text}, backlog ${BACKLOG} failed`, errno);
        retry(`listen() to ${l.text}, backlog ${BACKLOG} failed`, errno);
      }
      this.write('notice', 'try again to bind() after 500ms', undefined, time);
      await new Promise((r) => setTimeout(r, 500));
    }
    fail('still could not bind()');
  }

  /** Starts the workers on the listening sockets: a listen() that fails is returned (see WorkerPool.start). */
  private startWorkers(): Promise<{ key: string; code: string } | undefined> {
    this.announce();
    if (this.conf.masterProcess) this.write('notice', 'start worker processes');
    return this.pool.start(this.conf.workerProcesses);
  }

  /** What a new worker is told (protocol.ts). */
  workerEnv(o: { failStart?: number; spare: boolean }): WorkerEnv {
    return {
      prefix: this.opts.prefix,
      conf: this.opts.conf,
      globals: this.opts.globals,
      errorLog: this.opts.errorLog,
      os: this.opts.os,
      version: this.opts.version,
      refusedConnectDelayMs: this.opts.refusedConnectDelayMs,
      resolved: this.resolved,
      bindAny: !!this.opts.bindAny,
      connectionCounter: this.counter!.path,
      sharedZones: this.zones!.path,
      failStart: o.failStart,
      spare: o.spare,
    };
  }

  get version(): string {
    return this.opts.version;
  }

  /** The first spare, once the engine answers (WorkerPool.spawnSpare says why not before). */
  spawnSpare(): void {
    if (!this.exiting) this.pool.spawnSpare();
  }

  closeListeners(): void {
    for (const l of this.listeners) closeHandle(l.handle);
    this.listeners = [];
  }

  /** The conf, read as the workers read it: with the engine's modules and the command line's -g and -e. */
  private loadOwnConf(): NginxConf {
    return loadConf({ ...this.opts, ...ENGINE_CONF });
  }

  /**
   * SIGHUP, nginx's reload: the conf is read again; when it cannot be, the `[emerg]` goes to the
   * error log and the workers keep the old one. Else new workers start on the same sockets and the
   * old ones finish what they serve and exit. A changed `listen` needs a restart (the sockets stay).
   */
  async reload(): Promise<void> {
    if (this.exiting) return;
    if (this.os.name === 'linux') this.write('notice', 'signal 1 (SIGHUP) received, reconfiguring');
    this.write('notice', 'reconfiguring');
    let conf: NginxConf;
    try {
      conf = this.loadOwnConf();
    } catch (e) {
      if (!(e instanceof ConfError)) throw e;
      const [message, where] = this.confErrorText(e);
      const errno = e.errnoName ? this.os.errno(e.errnoName) : undefined;
      this.write('emerg', message + (errno ? ` (${errno.code}: ${errno.text})` : '') + where);
      return;
    }
    const keys = (c: NginxConf) => [...new Set(c.servers.flatMap((s) => s.listens).map((l) => listenKey(l, !!this.opts.bindAny)))].sort().join(' ');
    if (keys(conf) !== keys(this.conf)) {
      this.write('alert', 'the embedded engine cannot change its listening sockets on reload: stop it and start it again');
      return;
    }
    // master_process is the first conf's: nginx reads it once, at the start.
    this.conf = { ...conf, masterProcess: this.conf.masterProcess };
    if (this.conf.masterProcess) this.write('notice', 'start worker processes');
    await this.pool.replace(conf.workerProcesses);
  }

  /** SIGUSR1: the master's log files are opened again (moved away by a log rotation). */
  reopen(): void {
    if (this.exiting) return;
    this.write('notice', 'reopening logs');
    for (const p of this.logPaths) closeLog(p);
    this.openLogs();
  }

  // ---- faults, for the control channel ----

  workers(): { pid: number; crashing: boolean }[] {
    return this.pool.workers();
  }

  /** The spare's pid, while there is one. */
  get sparePid(): number | undefined {
    return this.pool.sparePid;
  }

  get respawnFailureArmed(): boolean {
    return this.pool.respawnFailureArmed;
  }

  crashWorker(r: CrashRequest): Promise<number> {
    return this.pool.crashWorker(r);
  }

  failRespawns(on: boolean): void {
    this.pool.failRespawns(on);
  }

  /**
   * Undoes the faults, as nginx's reload does: respawns stop failing, and a master left without
   * workers starts them again, opening its sockets again when it had closed them (Windows). Rejects
   * with ListenAgainError when they cannot be opened; the master then keeps running without them.
   */
  async restore(): Promise<void> {
    this.pool.failRespawns(false);
    if (this.exiting) return;
    if (!this.listeners.length) return this.openListeningSockets(true);
    this.pool.fill(this.conf.workerProcesses);
  }

  private stopping?: Promise<void>;
  /** The stop under way is graceful (SIGQUIT). */
  private quitting = false;

  /**
   * Stops the workers and the master: nginx's fast shutdown (SIGTERM/SIGINT), or its graceful one
   * (SIGQUIT: the workers finish what they serve). Resolves once every worker has exited and been
   * reaped, for every caller.
   */
  stop(signal?: NodeJS.Signals): Promise<void> {
    // A fast stop during a graceful one ends the workers now, as nginx's SIGTERM after SIGQUIT does.
    if (this.stopping && this.quitting && signal !== 'SIGQUIT') void this.pool.stop();
    this.stopping ??= this.stopAll(signal);
    return this.stopping;
  }

  private async stopAll(signal?: NodeJS.Signals): Promise<void> {
    this.exiting = true;
    // ngx_signal_handler()'s line, without "from <pid>" (Node cannot tell who sent it).
    const graceful = (this.quitting = signal === 'SIGQUIT');
    if (signal && this.os.name === 'linux') this.write('notice', `signal ${constants.signals[signal]} (${signal}) received, ${graceful ? 'shutting down' : 'exiting'}`);
    // ngx_master_process_cycle() on ngx_quit: no new connection while the workers finish.
    if (graceful) this.closeListeners();
    await this.pool.stop(graceful);
    await this.starting?.catch(() => undefined);
    this.closeListeners();
    this.removeRunFiles();
    this.write('notice', 'exit');
    for (const p of this.logPaths) closeLog(p);
    this.stopped();
  }

  private stopped!: () => void;

  /** Resolves when the master has stopped. */
  readonly exited = new Promise<void>((r) => (this.stopped = r));
}

