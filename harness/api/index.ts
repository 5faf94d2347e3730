// The package's programmatic surface, `import { up } from 'sky-harness'`: a stack in your own
// process (a script, a test suite), on free ports in a folder of its own, with the faults of
// `harness chaos inject` and a stop that leaves nothing behind. The CLI's `harness up` is the
// same Stack, in the foreground.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import getPort from 'get-port';
import { stackUrl, type AdminMode } from '../stack/stack.js';
import { PrefixTaken } from '../stack/owner.js';
import { StackLife } from '../stack-life/stack-life.js';
import { UserError } from '../errors.js';
import { checkAdminUpstream } from '../flags.js';
import { parseTokens } from '../faults/params.js';
import type { EngineName } from '../engine/engine.js';
import { hostOs, type OsName } from '../os-profile.js';

/** The package's options, under names kept stable for users: `proxy` is StackSpec's `engine`, `frontend` its `frontendRoot`. */
import { t as adminCommandText } from '../stack/admin-command.texts.js';

export interface UpOptions {
  /** The proxy's port (default: a free one). */
  port?: number;
  /** The admin server's port (default: a free one). */
  adminPort?: number;
  /** How the admin stand-in listens: `dual` (default), `ipv4`, `ipv6`, `down`; `external`: your own server on adminPort. */
  admin?: AdminMode;
  /** Your own admin server (`{ host: '127.0.0.1', port: 8081 }`): the harness listens on adminPort, passes
   *  every request to it, and its admin.* faults act there (`admin` then says how the harness listens). */
  adminUpstream?: { host: string; port: number };
  /** The command that starts your own server (with adminUpstream: where it listens), run without a shell in `cwd`
   *  (default: this process's folder); up() resolves once it listens (within `waitMs`, default 300 s), stop() stops it. */
  adminCommand?: { command: string; cwd?: string; waitMs?: number };
  /** `embedded` (default) or `nginx` (the system nginx on the same conf). */
  proxy?: EngineName;
  /** The nginx the proxy behaves like: `linux` or `windows` (default: this machine's). */
  os?: OsName;
  workers?: number;
  /** Your own front end's folder (its built dist/); default: the stand-in front end. */
  frontend?: string;
  /** Your own nginx.conf (it then says the ports and the root). */
  nginxConf?: string;
  /** The stack's folder (nginx prefix, logs); default: a new temporary folder, removed by stop(). */
  prefix?: string;
  /** Each output line of a component (`proxy`, `admin`, `nginx`). */
  onLine?: (component: string, line: string) => void;
}

export interface InjectResult {
  /** The fault as a user types it: `admin.reset --path /admin/employee/**`. */
  applied: string;
  /** What you will see now. */
  effect: string;
  warnings: string[];
}

export interface RunningStack {
  /** The URL to open: the front end through the proxy. */
  url: string;
  port: number;
  adminPort: number;
  prefix: string;
  errorLog: string;
  accessLog: string;
  /** A fault by name and arguments as `harness chaos inject` takes them: inject('admin.latency', '2000', '--path', '/admin/employee/**'). */
  inject(fault: string, ...args: string[]): Promise<InjectResult>;
  /** Undoes every fault, newest first; the labels undone. */
  restore(): Promise<string[]>;
  /** Undoes the faults and stops every process of the stack (and removes its temporary folder). */
  stop(): Promise<void>;
}

export async function up(o: UpOptions = {}): Promise<RunningStack> {
  const adminPort = o.adminPort ?? (await getPort({ host: '127.0.0.1' }));
  checkAdminUpstream(adminPort, o.adminUpstream);
  if (o.adminCommand && !o.adminUpstream) throw new UserError(adminCommandText('adminCommand.needsUpstream'));
  const port = o.port ?? (await getPort({ host: '127.0.0.1', exclude: [adminPort] }));
  const temporary = o.prefix === undefined;
  const prefix = temporary ? mkdtempSync(join(tmpdir(), 'sky-harness-')) : resolve(o.prefix!);
  let life: StackLife;
  try {
    // A prefix of the caller's is the stack's alone while it runs, as `harness up`'s is (harness.lock).
    life = await StackLife.start(
      {
        dir: prefix,
        proxyPort: port,
        adminPort,
        admin: o.admin ?? 'dual',
        adminUpstream: o.adminUpstream,
        adminCommand: o.adminCommand && { ...o.adminCommand, cwd: o.adminCommand.cwd ?? process.cwd() },
        engine: o.proxy ?? 'embedded',
        workers: o.workers ?? 1,
        os: o.os ?? hostOs(),
        frontendRoot: o.frontend,
        nginxConf: o.nginxConf ? resolve(o.nginxConf) : undefined,
        onLine: o.onLine,
      },
      { url: stackUrl(port), temporary },
    );
  } catch (e) {
    if (!(e instanceof PrefixTaken)) throw e;
    throw new UserError(`a stack already runs from ${prefix} (pid ${e.holder.pid}${e.holder.url ? `, ${e.holder.url}` : ''}): give up() another prefix, or stop that stack.`);
  }
  const { stack } = life;
  return {
    url: stack.frontend?.url ?? stack.url,
    port,
    adminPort,
    prefix,
    errorLog: stack.errorLogPath,
    accessLog: stack.accessLogPath,
    async inject(fault, ...args) {
      const { entry, effect, warnings } = await life.faults.inject(fault, parseTokens(args));
      return { applied: entry.label, effect, warnings };
    },
    restore: () => life.faults.restore(),
    stop: () => life.stop(),
  };
}
