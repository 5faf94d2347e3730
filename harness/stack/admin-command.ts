// The user's own admin server started by the harness (--admin-command): the command run in its
// folder (no shell: its words split as execa's parseCommandString splits them), its output line by
// line to the stack's stream and to logs/admin.log, its port waited for with a deadline a Spring
// Boot start needs, its exit noticed, and its stop: SIGTERM to its tree, then SIGKILL after a grace
// period. It stops only the process it started, by its pid, and that process's children.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandString } from 'execa';
import treeKill from 'tree-kill';
import { startProcess, type StartedProcess } from '../engine/process.js';
import { accepts, describeBusyPort, hostPort } from '../ports.js';
import { UsageError, UserError } from '../errors.js';
import { DEFAULT_ADMIN_WAIT_S } from '../flags.js';
import { t } from './admin-command.texts.js';
import type { Upstream } from './pass-through.js';

export const DEFAULT_ADMIN_WAIT_MS = DEFAULT_ADMIN_WAIT_S * 1000;
/** Spring Boot's graceful shutdown ends well within this; past it the tree is killed. */
export const DEFAULT_ADMIN_GRACE_MS = 10_000;
/** How often the port is tried, and how often the wait says it still waits. */
const TRY_MS = 250;
const STILL_WAITING_MS = 30_000;

export interface AdminCommandSpec {
  /** The command line, as the user gave it. */
  command: string;
  /** The folder it runs in. */
  cwd: string;
  /** Where it listens once started (--admin-upstream). */
  upstream: Upstream;
  /** The stack's logs folder: its output goes to admin.log there too. */
  logs: string;
  waitMs?: number;
  graceMs?: number;
  onLine: (line: string) => void;
  onNote: (text: string) => void;
  /** A stop during the start: the wait ends, and the caller stops the command. */
  signal?: AbortSignal;
}

export interface AdminCommandExit {
  code: number | null;
  signal: string | null;
  at: Date;
}

export class AdminCommand {
  /** Set once it has exited, by itself or stopped. */
  exit?: AdminCommandExit;
  readonly exited: Promise<AdminCommandExit>;
  #stopping = false;

  private constructor(
    readonly spec: AdminCommandSpec,
    private readonly child: StartedProcess,
  ) {
    this.exited = child.exited.then(({ code, signal }) => (this.exit = { code, signal, at: new Date() }));
  }

  get pid(): number {
    return this.child.pid;
  }

  /** Whether the harness is stopping it (an exit then is no news). */
  get stopping(): boolean {
    return this.#stopping;
  }

  /**
   * Starts the command: refused when something listens on its port already (the command would find
   * it taken, and the harness would take that other server for it), or when it cannot be run.
   */
  static async start(spec: AdminCommandSpec): Promise<AdminCommand> {
    const where = hostPort(spec.upstream.host, spec.upstream.port);
    if (await accepts(spec.upstream.host, spec.upstream.port)) {
      throw new UserError(t('adminCommand.portTaken', { command: spec.command, why: await describeBusyPort(spec.upstream.host, spec.upstream.port, 'EADDRINUSE'), upstream: where }));
    }
    const [file, ...args] = parseCommandString(spec.command);
    if (!file) throw new UsageError(t('adminCommand.empty'));
    const log = join(spec.logs, 'admin.log');
    writeFileSync(log, '');
    let child: StartedProcess;
    try {
      child = startProcess({
        name: 'admin',
        file,
        args,
        cwd: spec.cwd,
        onLine: (line) => {
          appendFileSync(log, `${line}\n`);
          spec.onLine(line);
        },
        // Its whole tree: `mvn spring-boot:run` runs the server as a child of Maven.
        askToStop: () => new Promise((resolve) => treeKill(child.pid, 'SIGTERM', (e) => resolve(!e))),
      });
    } catch {
      throw new UsageError(t('adminCommand.notFound', { file, command: spec.command, cwd: spec.cwd }));
    }
    const command = new AdminCommand(spec, child);
    // Watched from its start, while the proxy starts: a server that listens, then ends, was ready once.
    command.#listening = command.#waitForPort();
    command.#listening.catch(() => undefined);
    return command;
  }

  #listening?: Promise<void>;

  /** Resolves once its port accepts connections; a UserError when it exits first or the deadline passes. */
  ready(): Promise<void> {
    return this.#listening!;
  }

  async #waitForPort(): Promise<void> {
    const { upstream, command } = this.spec;
    const where = hostPort(upstream.host, upstream.port);
    const waitMs = this.spec.waitMs ?? DEFAULT_ADMIN_WAIT_MS;
    this.spec.onNote(t('adminCommand.waiting', { command, pid: this.pid, upstream: where, seconds: Math.round(waitMs / 1000) }));
    const started = Date.now();
    let told = started;
    while (!(await accepts(upstream.host, upstream.port))) {
      if (this.spec.signal?.aborted) throw new Error('the stack is stopping');
      if (this.exit) throw new UserError(t('adminCommand.exitedEarly', { command, how: this.how(), upstream: where, last: this.lastLines() }));
      const now = Date.now();
      if (now - started >= waitMs) throw new UserError(t('adminCommand.deadline', { command, upstream: where, seconds: Math.round(waitMs / 1000), last: this.lastLines() }));
      if (now - told >= STILL_WAITING_MS) {
        told = now;
        this.spec.onNote(t('adminCommand.stillWaiting', { upstream: where, seconds: Math.round((now - started) / 1000) }));
      }
      await Promise.race([new Promise((r) => setTimeout(r, TRY_MS)), this.exited]);
    }
    this.spec.onNote(t('adminCommand.ready', { upstream: where, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
  }

  /** How it ended: `exit code 1`, `signal SIGKILL`. */
  how(): string {
    return this.exit?.signal ? t('adminCommand.bySignal', { signal: this.exit.signal }) : t('adminCommand.byCode', { code: String(this.exit?.code) });
  }

  /** Its last output lines, indented, for a message. */
  lastLines(n = 10): string {
    const lines = this.child.output.slice(-n);
    return lines.length ? `\n${lines.map((l) => `    ${l}`).join('\n')}` : ` ${t('adminCommand.noOutput')}`;
  }

  /** SIGTERM to its tree; SIGKILL after the grace period, said when it comes to that. */
  async stop(): Promise<void> {
    if (this.exit) return;
    this.#stopping = true;
    const graceMs = this.spec.graceMs ?? DEFAULT_ADMIN_GRACE_MS;
    const killed = setTimeout(() => this.spec.onNote(t('adminCommand.killed', { pid: this.pid, seconds: graceMs / 1000 })), graceMs);
    killed.unref();
    try {
      await this.child.stop(graceMs);
    } finally {
      clearTimeout(killed);
    }
  }
}
