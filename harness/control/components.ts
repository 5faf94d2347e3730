// What the control page shows of the stack's parts: the proxy (engine, OS profile, addresses, the
// master's and workers' pids), the admin server (how it listens, where), the ports, the folder,
// and since when it runs. The workers are watched while a page is open: a crashed worker and the
// one its master starts in its place are told as they happen, whichever engine runs them.
import { isAbsolute, relative, resolve } from 'node:path';
import type { Stack } from '../stack/stack.js';

export interface Components {
  engine: string;
  os: string;
  proxy: { port: number; addresses: string[]; conf?: string; master?: number; workers: number[] };
  admin: { port: number; mode: string; addresses: string[]; upstream?: string; command?: AdminCommandView };
  /** The URL to open the front end at; undefined when the stack serves none it knows of (a user's conf that proxies `/`). */
  frontend?: string;
  frontendRoot?: string;
  prefix: string;
  errorLog: string;
  accessLog: string;
  /** The harness's own process (the embedded engine's master is in it). */
  harnessPid: number;
  startedAt: string;
}

/** The user's own server as the harness started it (--admin-command), and how it ended if it has. */
export interface AdminCommandView {
  command: string;
  pid: number;
  exited?: { at: string; how: string };
}

/** A change of the worker pids: the ones gone, the ones new. */
export interface WorkerChange {
  at: string;
  gone: number[];
  started: number[];
}

/** How often the workers are looked at while a page is open. */
const WATCH_MS = 200;

/** A path as the user typed it: relative to the folder harness up runs in when inside it (`.harness/logs/error.log`). */
function shown(path: string): string {
  const abs = resolve(path);
  const rel = relative(process.cwd(), abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

function adminCommandView(s: Stack): AdminCommandView | undefined {
  const c = s.adminCommand;
  if (!c) return undefined;
  return { command: c.spec.command, pid: c.pid, ...(c.exit && { exited: { at: c.exit.at.toISOString(), how: c.how() } }) };
}

export class ComponentsView {
  /** The workers as last looked at; undefined before the first look. */
  #workers?: number[];
  #timer?: NodeJS.Timeout;
  #looking = false;

  constructor(
    private readonly stack: Stack,
    private readonly startedAt: Date,
    private readonly onChange: (c: WorkerChange) => void,
  ) {}

  async read(): Promise<Components> {
    const s = this.stack;
    const a = s.addresses();
    const workers = s.proxy?.running ? await s.proxy.workers().catch(() => this.#workers ?? []) : [];
    return {
      engine: s.spec.engine,
      os: s.spec.os,
      proxy: { port: s.spec.proxyPort, addresses: s.spec.nginxConf ? [] : a.proxy, conf: s.spec.nginxConf && shown(s.spec.nginxConf), master: s.proxy?.pid, workers },
      admin: { port: s.spec.adminPort, mode: s.adminShell ? s.adminShell.mode : 'external', addresses: a.admin, upstream: s.passThrough?.upstreamAddress, command: adminCommandView(s) },
      frontend: s.frontend?.url,
      frontendRoot: s.frontend?.from && shown(s.frontend.from),
      prefix: shown(s.prefix),
      errorLog: shown(s.errorLogPath),
      accessLog: shown(s.accessLogPath),
      harnessPid: process.pid,
      startedAt: this.startedAt.toISOString(),
    };
  }

  /** Looks at the workers every WATCH_MS while `on`; each change goes to onChange. */
  watch(on: boolean): void {
    if (!on) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    this.#timer ??= setInterval(() => void this.look(), WATCH_MS);
  }

  async look(): Promise<void> {
    const proxy = this.stack.proxy;
    if (this.#looking || !proxy?.running) return;
    this.#looking = true;
    try {
      const now = await proxy.workers();
      const was = this.#workers ?? now;
      const gone = was.filter((p) => !now.includes(p));
      const started = now.filter((p) => !was.includes(p));
      this.#workers = now;
      if (gone.length || started.length) this.onChange({ at: new Date().toISOString(), gone, started });
    } catch {
      // the proxy is stopping
    } finally {
      this.#looking = false;
    }
  }
}
