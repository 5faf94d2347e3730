// The master's worker processes (ngx_start_worker_processes, ngx_spawn_process, ngx_reap_children):
// one slot per worker with one state at a time, the pre-booted spare, respawns (and respawns made
// to fail), crashes on demand, and every worker ended on stop. The master gives it what a worker
// needs (its environment, the listening sockets) and hears its log lines through PoolHost.
import { fork, type ChildProcess } from 'node:child_process';
import type net from 'node:net';
import { constants } from 'node:os';
import { WORKER_ENTRY, WORKER_EXEC_ARGV, takePrebooted } from '../preboot.js';
import type { OsProfile, ErrnoName } from '../../os-profile.js';
import type { Level } from '../../logs/error-log.js';
import type { ErrorLog } from '../../logs/writer.js';
import type { WorkerEnv, MasterToWorker, WorkerToMaster } from '../protocol.js';
import type { CrashRequest } from '../../crash.js';
import { workerExit } from './reap.js';
import { BACKLOG, listenErrno, type Listener } from './listeners.js';
import { NoWorkerError, WorkerStartError } from './errors.js';
import { windowsWorkerStatus } from './status.js';

/**
 * How a worker's first listen() went: fine, failed with a Node error code, refused (`unknown`: why
 * its conf has no such socket), or it exited first.
 */
export type Listened = { ok: true } | { ok: false; key: string; code: string } | { ok: false; unknown: string } | { ok: false; exited: true };

/**
 * How long this process took to start and load the engine (this module): Node's start and modules,
 * the work a worker does before it can listen, on this machine as busy as it is now.
 */
const ENGINE_LOADED_MS = performance.now();

/**
 * How long the workers of a start have to say they listen: WORKER_START_FACTOR times as long as
 * the master took to start (`ownStartMs`), so a busy machine gets as much more time as it needs;
 * never below WORKER_START_MIN_MS, so that a master that started unusually fast is no hair trigger.
 * A worker that has not said it by then will not.
 */
export function workerStartDeadline(ownStartMs: number = ENGINE_LOADED_MS): number {
  return Math.max(WORKER_START_MIN_MS, Math.round(WORKER_START_FACTOR * ownStartMs));
}
export const WORKER_START_FACTOR = 20;
export const WORKER_START_MIN_MS = 2000;

/**
 * Where a worker process is in its life, one state at a time:
 * - spare-booting, spare: the booted worker kept aside (see spawnSpare), loading, then waiting for the sockets;
 * - starting: given the sockets at the start, its listen() the socket's first (which may fail);
 * - serving: accepting;
 * - crashing: a crash was asked of it (another crash picks another worker);
 * - failing: a respawn made to fail, dying at its start as a Windows worker can;
 * - discarded: ended by the master without a line: its start failed, or was stopped;
 * - broken: its listen() failed after the start: not respawned (it would fail again).
 */
type SlotState = 'spare-booting' | 'spare' | 'starting' | 'serving' | 'crashing' | 'failing' | 'discarded' | 'broken';

interface Slot {
  child: ChildProcess;
  pid: number;
  state: SlotState;
  /** The Windows exit status a crash was asked for (the process itself exits 1). */
  windowsCode?: number;
  listened: Promise<Listened>;
  reaped: Promise<void>;
}

/** What the pool needs of its master. */
export interface PoolHost {
  readonly os: OsProfile;
  /** The emulated nginx's version (a Windows worker's start-up lines). */
  readonly version: string;
  /** The master's error log (a Windows worker's own lines go there under its pid). */
  readonly log: ErrorLog;
  /** The sockets a new worker accepts on. */
  readonly listeners: Listener[];
  workerEnv(o: { failStart?: number; spare: boolean }): WorkerEnv;
  write(level: Level, message: string, errno?: ErrnoName): void;
  /** No worker is left and the OS profile's master closes its sockets (Windows). */
  closeListeners(): void;
}

/** What the master asks of its workers, whether a pool of processes or its own (SingleProcess: master_process off). */
export type Workers = Pick<WorkerPool, 'start' | 'replace' | 'fill' | 'spawnSpare' | 'workers' | 'sparePid' | 'respawnFailureArmed' | 'failRespawns' | 'crashWorker' | 'stop'>;

export class WorkerPool {
  /** Workers by pid. */
  private readonly slots = new Map<number, Slot>();
  /** A booted worker not yet given the sockets: the next respawn, at once (see spawnSpare). */
  private spare?: Slot;
  private respawnFails = false;
  private exiting = false;
  private readonly workersGone = new Set<() => void>();

  constructor(private readonly host: PoolHost) {}

  get size(): number {
    return this.slots.size;
  }

  /**
   * Starts `count` workers on the listening sockets and waits until they listen. When listen()
   * fails, they are ended without a trace (nginx would not have forked them yet) and the failure
   * is returned. A worker that refuses a socket, or does not say within workerStartDeadline()
   * that it listens, ends the start: every worker is ended, and WorkerStartError says why.
   */
  async start(count: number): Promise<{ key: string; code: string } | undefined> {
    if (this.exiting) return undefined;
    const started: Slot[] = [];
    for (let i = 0; i < count; i++) {
      const s = this.respawn();
      s.state = 'starting';
      started.push(s);
    }
    const answered = new Set<Slot>();
    let timer: NodeJS.Timeout | undefined;
    const deadline = workerStartDeadline();
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), deadline)));
    const results = await Promise.race([Promise.all(started.map((s) => s.listened.then((l) => (answered.add(s), l)))), late]);
    clearTimeout(timer);
    const discard = async () => {
      for (const s of started) {
        s.state = 'discarded';
        s.child.kill('SIGKILL');
      }
      await Promise.all(started.map((s) => s.reaped));
    };
    if (results === 'late') {
      const silent = started.filter((s) => !answered.has(s)).map((s) => s.pid);
      await discard();
      throw new WorkerStartError(
        `worker process${silent.length > 1 ? 'es' : ''} ${silent.join(', ')} did not say ${silent.length > 1 ? 'they listen' : 'it listens'} within ${(deadline / 1000).toFixed(1)} s of getting the listening sockets (${WORKER_START_FACTOR} times as long as the master took to start), and ${started.length > 1 ? 'every worker was' : 'it was'} ended. ` +
          'Try again once the machine is less busy; if it happens again, report it with logs/error.log.',
      );
    }
    const unknown = results.find((r): r is { ok: false; unknown: string } => !r.ok && 'unknown' in r);
    if (unknown) {
      await discard();
      throw new WorkerStartError(`${unknown.unknown}. Did another program (another harness up, or nginx) write the same --prefix? Start again once it is alone there.`);
    }
    const refused = results.find((r): r is { ok: false; key: string; code: string } => !r.ok && 'key' in r);
    if (!refused) return undefined;
    await discard();
    return refused;
  }

  /**
   * A reload: `count` new workers (reading the conf again), then the old ones are told to finish
   * and exit; their exits are expected, so they are reaped without a line or a respawn.
   */
  async replace(count: number): Promise<void> {
    if (this.exiting) return;
    const old = [...this.slots.values()];
    // New processes: the spare read the old conf when it booted, so a new one replaces it too.
    const spare = this.spare;
    this.spare = undefined;
    if (spare) {
      spare.state = 'discarded';
      spare.child.kill('SIGTERM');
    }
    const started: Slot[] = [];
    for (let i = 0; i < count; i++) {
      const s = this.fork({ spare: false });
      this.activate(s);
      started.push(s);
    }
    await Promise.all(started.map((s) => s.listened));
    this.spawnSpare();
    for (const s of old) {
      s.state = 'discarded';
      if (s.child.connected) s.child.send({ type: 'terminate' } satisfies MasterToWorker, () => undefined);
      else s.child.kill('SIGTERM');
    }
  }

  /** Workers again up to `count` (a restore after a failed respawn). */
  fill(count: number): void {
    while (this.slots.size < count) this.respawn();
  }

  private fork(o: { failStart?: number; spare: boolean }): Slot {
    const env = this.host.workerEnv(o);
    // A first worker the CLI pre-booted has loaded its modules already: it only needs its job.
    const prebooted = o.spare || o.failStart !== undefined ? undefined : takePrebooted();
    prebooted?.send({ type: 'configure', env } satisfies MasterToWorker);
    // Its own execArgv, so a master inside another program (the test runner) forks plain Node workers.
    const child = prebooted ?? fork(WORKER_ENTRY, [], { env: { ...process.env, HARNESS_WORKER: JSON.stringify(env) }, stdio: 'inherit', execArgv: WORKER_EXEC_ARGV });
    let listened!: (l: Listened) => void;
    let reaped!: () => void;
    const slot: Slot = {
      child,
      pid: child.pid!,
      state: o.spare ? 'spare-booting' : o.failStart !== undefined ? 'failing' : 'serving',
      listened: new Promise((r) => (listened = r)),
      reaped: new Promise((r) => (reaped = r)),
    };
    child.on('message', (m: WorkerToMaster) => {
      if (m.type === 'booted') {
        if (slot.state === 'spare-booting') slot.state = 'spare';
      } else if (m.type === 'ready') {
        if (slot.state === 'starting') slot.state = 'serving';
        listened({ ok: true });
      } else if (m.type === 'listen-error') {
        listened({ ok: false, key: m.key, code: m.code });
        // After the start a listen() cannot fail on a socket that listens already; if it does, say
        // so, and do not respawn a worker that would fail the same way.
        if (slot.state !== 'starting') {
          const l = this.host.listeners.find((x) => x.key === m.key);
          this.host.write('alert', `listen() to ${l?.text ?? m.key}, backlog ${BACKLOG} failed`, listenErrno(m.code));
          slot.state = 'broken';
        }
      } else if (m.type === 'unknown-socket') {
        const l = this.host.listeners.find((x) => x.key === m.key);
        const why = `worker process ${slot.pid} was given the listening socket ${l?.text ?? m.key}, which ${m.conf} does not listen on: the file changed after the master had read it`;
        listened({ ok: false, unknown: why });
        // A respawn after the start: not respawned again (it would read the same file).
        if (slot.state !== 'starting') {
          this.host.write('alert', why);
          slot.state = 'broken';
        }
      }
    });
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      listened({ ok: false, exited: true });
      this.reap(slot, code, signal as NodeJS.Signals | null);
      reaped();
    });
    return slot;
  }

  /** Gives a worker the listening sockets: it accepts from then on. */
  private activate(slot: Slot): void {
    const { os, log, listeners } = this.host;
    if (slot.state === 'spare') slot.state = 'serving';
    this.slots.set(slot.pid, slot);
    this.host.write('notice', `start worker process ${slot.pid}`);
    // A Windows worker runs nginx.exe's main() again and writes its own start-up lines (one that dies
    // at its start, a failed respawn, writes none).
    if (os.name === 'windows' && slot.state !== 'failing') {
      const own = log.forProcess(slot.pid, os.tid(slot.pid));
      const threads = [1, 2, 3].map((n) => os.tid(slot.pid * 4 + n));
      for (const [level, message] of windowsWorkerStatus(this.host.version, threads)) own.write(level, { message });
    }
    for (const l of listeners) slot.child.send({ type: 'listen', key: l.key, count: listeners.length } satisfies MasterToWorker, l.handle as net.Server);
  }

  /**
   * nginx forks a worker in a millisecond; a Node worker needs tens of them to load. The master
   * keeps one booted worker aside, the spare, and gives it the sockets when a worker dies, so a
   * crashed worker is replaced as fast as nginx replaces it. It serves nothing until then, logs
   * nothing, and `ps` shows it as `harness: spare worker (not serving)`. The first is started by
   * the master's owner once the engine answers (after start() and the readiness check): its boot,
   * a Node start and the engine's modules, would otherwise share the cores with the workers' first
   * answers.
   */
  spawnSpare(): void {
    if (this.exiting || this.spare) return;
    this.spare = this.fork({ spare: true });
  }

  /** A worker in place of a dead one (ngx_spawn_process()): the spare when it has booted, else a new process. */
  private respawn(failStart?: number): Slot {
    const s = this.spare;
    if (failStart === undefined && s?.state === 'spare') {
      this.spare = undefined;
      this.activate(s);
      this.spawnSpare();
      return s;
    }
    const slot = this.fork({ failStart, spare: false });
    this.activate(slot);
    return slot;
  }

  private reap(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.state === 'discarded') {
      this.slots.delete(slot.pid);
      if (this.exiting) this.checkExited();
      return;
    }
    if (slot.state === 'spare' || slot.state === 'spare-booting') return this.reapSpare(slot, code, signal);
    if (!this.slots.delete(slot.pid)) return;
    const exit = workerExit(this.host.os.name, { pid: slot.pid, code, signal, failing: slot.state === 'failing', windowsCode: slot.windowsCode, exiting: this.exiting });
    for (const l of exit.lines) this.host.write(l.level, l.text, l.errno);
    // Windows nginx's master closed its listening sockets long ago: with no worker, clients are refused.
    if (exit.closeListeners && this.slots.size === 0) this.host.closeListeners();
    if (this.exiting) return this.checkExited();
    if (!exit.respawn || slot.state === 'broken') return;
    if (this.respawnFails) return this.failRespawn();
    this.respawn();
  }

  /** The spare is the harness's, not nginx's: its death is told apart, and costs no request. */
  private reapSpare(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.spare === slot) this.spare = undefined;
    if (this.exiting) return this.checkExited();
    const how = signal ? `on signal ${constants.signals[signal]}` : `with code ${code}`;
    // One that died while booting would die again: the next respawn forks a worker instead.
    const booted = slot.state === 'spare';
    const next = booted ? 'a new spare is starting' : 'it died while booting, so none is started until the next respawn';
    this.host.write('notice', `spare worker process ${slot.pid} exited ${how} (the harness's pre-booted spare, not serving: no request was lost; ${next})`);
    if (booted) this.spawnSpare();
  }

  private checkExited(): void {
    if (this.slots.size === 0 && !this.spare) for (const cb of this.workersGone) cb();
  }

  /** A respawn made to fail: Linux's fork() EAGAIN, or a Windows worker that dies at its start. */
  private failRespawn(): void {
    if (this.host.os.name === 'windows') {
      this.respawn(1).windowsCode = 0xc0000142;
      return;
    }
    this.host.write('alert', 'fork() failed while spawning "worker process"', 'EAGAIN');
    // The master keeps the sockets: with no worker, clients connect and hang.
    this.host.write('alert', 'could not respawn worker process');
  }

  workers(): { pid: number; crashing: boolean }[] {
    return [...this.slots.values()].map((s) => ({ pid: s.pid, crashing: s.state === 'crashing' }));
  }

  /** The spare's pid, while there is one. */
  get sparePid(): number | undefined {
    return this.spare?.pid;
  }

  get respawnFailureArmed(): boolean {
    return this.respawnFails;
  }

  /** Every respawn fails until restore (Linux: fork() EAGAIN; Windows: the new worker dies at start). */
  failRespawns(on: boolean): void {
    this.respawnFails = on;
  }

  /**
   * Crashes one worker (a checked request: crash.ts) and resolves with its pid once it has exited
   * and been reaped. Two crashes at once end two workers: one already crashing is not chosen again.
   */
  async crashWorker(r: CrashRequest): Promise<number> {
    const pids = () => [...this.slots.keys()].join(', ') || 'none';
    const slot = r.pid !== undefined ? this.slots.get(r.pid) : [...this.slots.values()].find((s) => s.state !== 'crashing' && s.state !== 'failing');
    if (!slot) {
      if (r.pid !== undefined) throw new NoWorkerError(`no worker process ${r.pid}; the workers are: ${pids()}`);
      throw new NoWorkerError(this.slots.size ? `every worker (${pids()}) is crashing already: wait until they are replaced` : 'no worker is running (a failed respawn left none): restore first');
    }
    if (slot.state === 'crashing') throw new NoWorkerError(`worker process ${slot.pid} is crashing already`);
    slot.state = 'crashing';
    const msg: Extract<MasterToWorker, { type: 'crash' }> = { type: 'crash' };
    if (this.host.os.name === 'windows' && r.code !== undefined) {
      // A Linux process cannot exit with an NTSTATUS: it exits 1, and the master reports the status.
      slot.windowsCode = r.code;
      msg.code = 1;
    } else if (r.code !== undefined) msg.code = r.code;
    else msg.signal = r.signal ?? 'SIGSEGV';
    slot.child.send(msg);
    await slot.reaped;
    return slot.pid;
  }

  /**
   * Ends every worker and the spare (terminate, SIGKILL after 3 s): resolves once all are reaped.
   * `graceful` (nginx's quit): the workers finish their connections first, for as long as it takes.
   */
  async stop(graceful = false): Promise<void> {
    this.exiting = true;
    const all = () => [...this.slots.values(), ...(this.spare ? [this.spare] : [])];
    const done = new Promise<void>((r) => (all().length ? this.workersGone.add(r) : r()));
    for (const s of all()) {
      // One that has not said it listens has no connection to lose, and may not be listening at all.
      if (s.state === 'starting') {
        s.state = 'discarded';
        s.child.kill('SIGKILL');
      } else if (s.child.connected) s.child.send({ type: graceful && s !== this.spare ? 'quit' : 'terminate' } satisfies MasterToWorker, () => undefined);
      else s.child.kill(graceful ? 'SIGQUIT' : 'SIGTERM');
    }
    if (graceful) return done;
    const timeout = setTimeout(() => {
      for (const s of all()) s.child.kill('SIGKILL');
    }, 3000);
    await done;
    clearTimeout(timeout);
  }
}
