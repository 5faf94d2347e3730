// A Stack is the components of one run: the admin stand-in (in this process), a proxy
// engine (the embedded one's master in this process and its workers, or real nginx) on an
// nginx.conf rendered from the spec or the user's own, and the front end it serves. start() brings
// them up and checks each is ready on the address its consumer dials; stop() stops what it
// started, on every path out, failed starts included.
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AdminStandIn, ListenMode } from '../../stand-in/admin-server/server.js';
import type { AdminShell } from '../../stand-in/admin-server/shell.js';
import type { PassThrough, Upstream } from './pass-through.js';
import type { AdminCommand } from './admin-command.js';
import { renderConf, starterWorkerUser, type ConfSpec } from './render.js';
import { preparePrefix } from './prefix.js';
import { DEFAULT_VERSION, type OsName } from '../os-profile.js';
import { defaultFrontendRoot } from '../paths.js';
import { ProxyStartError, type EngineName, type ProxyEngine } from '../engine/engine.js';
import { localhostMode, loadNginxConf, startEngine, unreachableRoot } from './registry.js';
import { confListens, exposure, type ConfListen } from '../engine/listens.js';
import { bindAddress, isWildcard } from '../loopback.js';
import { describeBusyPort, hostPort } from '../ports.js';
import type { ProxyReadiness } from '../engine/ready.js';
import { copyIncludes, userPaths } from './user-conf.js';
import { COURSE_SOCKET, dialsPort80, frontendTarget, placeFrontend, slashOf } from './frontend.js';
import { UserError } from '../errors.js';
import { t } from './stack.texts.js';

export type AdminMode = ListenMode | 'external';

/** The admin stand-in could not listen (its port was taken meanwhile, by the proxy of a conf that listens there too). */
export class AdminStartError extends Error {}

/** The addresses a browser dials for `localhost`, IPv4 first. */
const LOOPBACKS = ['127.0.0.1', '::1'];

export interface StackSpec {
  /** The per-stack directory; the nginx prefix (conf/, html/, logs/, temp/) is made in it, unless nginxDir is given. */
  dir: string;
  proxyPort: number;
  adminPort: number;
  /** How the admin stand-in listens; `external`: the user's own server is on adminPort, none is started.
   *  With `adminUpstream`: how the pass-through listens (`external` is `dual`). */
  admin: AdminMode;
  /** The user's own admin server: the harness listens on adminPort and passes every request through
   *  to it (pass-through.ts), where the admin.* faults apply. */
  adminUpstream?: Upstream;
  /** The command that starts the user's own admin server (--admin-command, with adminUpstream):
   *  run in `cwd`, waited for on adminUpstream for `waitMs`, stopped with the stack. */
  adminCommand?: { command: string; cwd: string; waitMs?: number; graceMs?: number };
  /** The seed of the admin stand-in's generated month of orders (default 1). */
  adminSeed?: number;
  engine: EngineName;
  workers: number;
  os: OsName;
  frontendRoot?: string;
  /** A user's own nginx.conf, used instead of the rendered one (ports and root are then the file's). */
  nginxConf?: string;
  /**
   * The user's nginx folder, nginx's prefix as it is (nginxConf is its conf/nginx.conf): the
   * engines run the copy of its conf in `dir`, and nothing is written in the folder but what nginx
   * writes there itself (its logs, pid and temp files).
   */
  nginxDir?: string;
  /** The nginx program real nginx runs (--nginx). */
  nginx?: string;
  nginxVersion?: string;
  /** How long a refused connect takes, in ms (--refused-delay; the Windows profile's default 2000, Linux's 0). */
  refusedConnectDelayMs?: number;
  /** Conf settings a scenario needs (timeouts, a missing temp dir, keep-alive). */
  conf?: Partial<Omit<ConfSpec, 'proxyPort' | 'adminPort' | 'frontendRoot' | 'workers' | 'localhost'>>;
  /** Leave temp/ out of the prefix, as a Git copy of the nginx folder has it. */
  noTempDir?: boolean;
  /** The Windows profile's excluded ports (--excluded-port): binding one fails with 10013. */
  reservedPorts?: number[];
  /** Bind the wildcard listens of a user's own conf on every interface, as written (else loopback). */
  bindAny?: boolean;
  /** Each output line of a component. */
  onLine?: (component: string, line: string) => void;
  /** What the stack tells the user of its conf: each wildcard listen, and what it binds. */
  onNote?: (text: string) => void;
  /** Aborted: the start ends, and what it had started is stopped (a stop request during the start). */
  signal?: AbortSignal;
}

export interface StackAddresses {
  /** The URL to open in a browser. */
  url: string;
  proxy: string[];
  admin: string[];
}

/** The URL to open in a browser, for a stack whose proxy listens on `port`. */
export function stackUrl(port: number): string {
  return `http://localhost:${port}/`;
}

/** The front end a stack serves: what harness up and the control page say of it. */
export interface ServedFrontend {
  /** The folder `/` is served from; none when the conf proxies `/` or the harness cannot tell. */
  root?: string;
  /** The user's folder (--frontend), when the front end is theirs. */
  from?: string;
  /** The URL its page opens at; none when the harness does not know what `/` serves. */
  url?: string;
  /** One line for the ready block. */
  describe: string;
}

export class Stack {
  /** The stand-in, with its data. */
  admin?: AdminStandIn;
  /** The pass-through to the user's own server (`adminUpstream`). */
  passThrough?: PassThrough;
  /** The user's own server, started by the harness (`adminCommand`). */
  adminCommand?: AdminCommand;
  proxy?: ProxyEngine;
  frontend?: ServedFrontend;
  /** nginx's prefix: the stack's folder, or the user's nginx folder. */
  readonly prefix: string;
  /** The stack's own folder: the conf the engines run, the uploads. */
  readonly dir: string;
  private stopping?: Promise<void>;

  private constructor(readonly spec: StackSpec) {
    this.dir = resolve(spec.dir);
    this.prefix = resolve(spec.nginxDir ?? spec.dir);
  }

  /** Starts a stack; on failure stops whatever had started, then rethrows. */
  static async start(spec: StackSpec): Promise<Stack> {
    const stack = new Stack(spec);
    try {
      await stack.startAll();
    } catch (e) {
      await stack.stop();
      throw e;
    }
    return stack;
  }

  get url(): string {
    return stackUrl(this.spec.proxyPort);
  }

  /** The URL tests dial: IPv4 loopback. */
  get proxyUrl(): string {
    return `http://127.0.0.1:${this.spec.proxyPort}`;
  }

  get errorLogPath(): string {
    return join(this.prefix, 'logs', 'error.log');
  }

  get accessLogPath(): string {
    return join(this.prefix, 'logs', 'access.log');
  }

  /** What listens on the admin port for the harness: the stand-in or the pass-through. */
  get adminShell(): AdminShell | undefined {
    return this.admin ?? this.passThrough;
  }

  addresses(): StackAddresses {
    return {
      url: this.url,
      proxy: LOOPBACKS.map((h) => hostPort(h, this.spec.proxyPort)),
      admin: this.adminShell?.addresses().map((a) => hostPort(a.host, a.port)) ?? [],
    };
  }

  private async startAll(): Promise<void> {
    const s = this.spec;
    const localhost = await localhostMode(s.engine);
    const source = resolve(s.frontendRoot ?? defaultFrontendRoot);
    // Your own front end on a port other than 80 may need a copy with that port written in.
    const dialling = s.frontendRoot && !s.nginxConf && s.proxyPort !== 80 ? dialsPort80(source) : [];
    const copy = dialling.length ? join(this.prefix, 'html', 'frontend') : undefined;
    const confFile = preparePrefix({
      prefix: this.dir,
      tempDir: !s.noTempDir && !s.nginxDir,
      freshLogs: !s.nginxDir,
      conf: s.nginxConf
        ? { file: s.nginxConf }
        : {
            text: renderConf({
              proxyPort: s.proxyPort,
              adminPort: s.adminPort,
              frontendRoot: copy ?? source,
              workers: s.workers,
              localhost,
              user: starterWorkerUser(s.os),
              ...s.conf,
            }),
          },
    });
    // The user's own server starts first: a Spring Boot start takes seconds, the rest far less.
    if (s.adminCommand && s.adminUpstream) {
      // Lazy: it brings execa (~100 modules), which a stack of the stand-in never needs.
      const { AdminCommand } = await import('./admin-command.js');
      this.adminCommand = await AdminCommand.start({
        ...s.adminCommand,
        upstream: s.adminUpstream,
        logs: join(this.dir, 'logs'),
        onLine: (line) => s.onLine?.('admin', line),
        onNote: (text) => s.onNote?.(text),
        signal: s.signal,
      });
    }
    // What the engines say of the prefix's copy of a user's conf names the user's file: the copy
    // keeps every line where it was (harness/nginx/listen-loopback.ts, defaults.ts).
    const toUser = s.nginxConf ? userPaths(this.prefix, confFile, s.nginxConf, copyIncludes(s.nginxConf, dirname(confFile)), s.os) : (text: string) => text;
    let ready: ProxyReadiness;
    if (s.nginxConf) {
      const wildcard = (l: ConfListen) => s.onNote?.(exposure(l, !!s.bindAny, toUser(l.directive.file)));
      let frontend!: ServedFrontend;
      const place = (port: number) => (frontend = userConfFrontend(this.prefix, confFile, toUser, s.frontendRoot && source, port, s.onNote, !s.nginxDir));
      const user = await userConfReadiness(this.prefix, confFile, s.nginxConf, s.os, wildcard, place);
      this.frontend = { ...frontend, url: frontend.root && user.url };
      ready = { urls: user.urls, index: frontend.root && join(frontend.root, 'index.html') };
    } else {
      const served = copy ? placeFrontend(source, copy, s.proxyPort, dialling) : { root: source };
      if (served.note) s.onNote?.(served.note);
      this.frontend = { root: served.root, from: s.frontendRoot && source, url: this.url, describe: !s.frontendRoot ? t('stack.frontend.stub') : copy ? t('stack.frontend.copy', { source, copy }) : source };
      // A browser dials both loopbacks for `localhost`: the front end's index must answer on each.
      ready = { urls: LOOPBACKS.map((h) => `http://${hostPort(h, s.proxyPort)}/`), index: join(served.root, 'index.html') };
    }
    let starting!: () => void;
    const workersStarting = new Promise<void>((r) => (starting = r));
    const opts = {
      prefix: this.prefix,
      conf: s.nginxDir ? confFile : 'conf/nginx.conf',
      nginx: { named: s.nginx, dir: s.nginxDir },
      os: s.os,
      version: s.nginxVersion ?? DEFAULT_VERSION[s.os],
      refusedConnectDelayMs: s.refusedConnectDelayMs,
      ready,
      reservedPorts: s.reservedPorts,
      bindAny: s.bindAny,
      onLine: (line: string) => s.onLine?.(s.engine === 'nginx' ? 'nginx' : 'proxy', toUser(line)),
      starting,
      signal: s.signal,
    };
    const proxy = startEngine(s.engine, opts).then(
      (p) => (this.proxy = p),
      (e: unknown) => {
        throw e instanceof ProxyStartError ? new ProxyStartError(toUser(e.message), e.emerg.map(toUser), e.exitCode) : e;
      },
    );
    // The admin stand-in starts (its modules load, its data is seeded) once the engine is starting its
    // processes, so that this work overlaps theirs (a worker's conf, listen and first answers)
    // instead of coming before it; not at all when the proxy failed first. A user's own conf may
    // listen on the stand-in's port: then the stand-in starts at once, to take that port before the proxy.
    const mode = s.admin;
    const go = s.nginxConf ? Promise.resolve(true) : Promise.race([workersStarting.then(() => true), proxy.then(() => true, () => false)]);
    const start = () => (s.adminUpstream ? this.startPassThrough(s.adminUpstream, mode === 'external' ? 'dual' : mode) : mode === 'external' ? undefined : this.startAdmin(mode, s.adminSeed));
    const admin = go.then((yes) => (yes ? start() : undefined));
    const [a, p] = await Promise.allSettled([admin, proxy]);
    for (const r of [a, p]) if (r.status === 'rejected') throw r.reason;
    await this.adminCommand?.ready();
  }

  private async startAdmin(mode: ListenMode, seed: number | undefined): Promise<void> {
    // Loaded while the engine starts its workers, in parallel with it (~15 ms, and not at all for --admin external).
    const { AdminStandIn } = await import('../../stand-in/admin-server/server.js');
    // Uploaded images live in the stack's folder, beside its logs.
    this.admin = new AdminStandIn({ port: this.spec.adminPort, mode, seed, uploadDir: join(this.dir, 'uploads') });
    await listenOrSay(this.admin, 'stack.adminListen');
  }

  private async startPassThrough(upstream: Upstream, mode: ListenMode): Promise<void> {
    // http-proxy and the pass-through load only for --admin-upstream: ~40 ms of every other start-up.
    const { PassThrough } = await import('./pass-through.js');
    this.passThrough = new PassThrough({ port: this.spec.adminPort, mode, upstream, onNote: this.spec.onNote });
    await listenOrSay(this.passThrough, 'stack.passThroughListen');
  }

  /** Resolves once everything the stack started has stopped, for every caller. */
  stop(): Promise<void> {
    this.stopping ??= Promise.all([this.proxy?.stop(), this.adminShell?.stop(), this.adminCommand?.stop()]).then(() => undefined);
    return this.stopping;
  }
}

/** Starts `shell` listening; a port taken meanwhile is an AdminStartError that names its holder. */
async function listenOrSay(shell: AdminShell, what: 'stack.adminListen' | 'stack.passThroughListen'): Promise<void> {
  try {
    await shell.start();
  } catch (e) {
    const cause = (e as Error).cause as (NodeJS.ErrnoException & { address?: string }) | undefined;
    if (!cause?.code || !cause.address) throw e;
    throw new AdminStartError(t(what, { why: await describeBusyPort(cause.address, shell.port, cause.code) }));
  }
}

/**
 * For a user's own conf: every address its http servers listen on in plain HTTP (a wildcard as the
 * loopback a browser dials), answered by nginx, and the URL a browser opens (the first). The front
 * end is put in place (`place`, with the port it is served on) before the workers' access to the
 * conf's roots is checked. `userFile`: the conf as the user named it (`confFile` is its copy in
 * the prefix). Each wildcard listen is told to `wildcard`.
 */
async function userConfReadiness(prefix: string, confFile: string, userFile: string, os: OsName, wildcard: (l: ConfListen) => void, place: (port: number) => void): Promise<{ urls: string[]; url: string; port: number }> {
  let listens: ConfListen[] = [];
  try {
    listens = confListens(confFile);
  } catch {
    // the engine reports the conf's error itself
  }
  listens.filter((l) => isWildcard(l.host)).forEach(wildcard);
  const plain = listens.filter((l) => l.plainHttp);
  const hosts = plain.map((l) => hostPort(bindAddress(l.host, false), l.port));
  // What a browser opens: the first listen, as `localhost` when it is a loopback's or a wildcard's.
  const first = plain[0] ?? { host: '0.0.0.0', port: 80 };
  const url = isWildcard(first.host) || LOOPBACKS.includes(first.host) ? stackUrl(first.port) : `http://${hostPort(first.host, first.port)}/`;
  // The front end is in place before its roots are checked: a link's target is on the workers' way too.
  place(first.port);
  // The roots where the embedded engine can read the conf (one with nginx-only directives is real
  // nginx's to check).
  let conf: ReturnType<typeof loadNginxConf> | undefined;
  try {
    conf = loadNginxConf(prefix, confFile);
  } catch {
    conf = undefined;
  }
  const unreachable = conf && (await unreachableRoot(conf, os, userFile));
  if (unreachable) throw new ProxyStartError(unreachable, [], null);
  return { urls: hosts.length ? [...new Set(hosts)].map((h) => `http://${h}/`) : ['http://127.0.0.1:80/'], url, port: first.port };
}

/**
 * The front end of a user's conf: what it serves `/` from, with the front end put there when the
 * user gave one (--frontend) or the stub when that root is an empty folder of the prefix's own
 * (`ownPrefix`: not the user's nginx folder, where nothing is put).
 * Refused when --frontend cannot be served there; one with no index.html there is no front end.
 */
function userConfFrontend(prefix: string, confFile: string, toUser: (path: string) => string, given: string | undefined, port: number, note: ((text: string) => void) | undefined, ownPrefix: boolean): ServedFrontend {
  const slash = slashOf(confFile, prefix);
  if (!slash || 'proxyPass' in slash) {
    const how = slash ? `proxy_pass ${slash.proxyPass} (${toUser(slash.at.file)}:${slash.at.line})` : undefined;
    if (given) throw new UserError(t('stack.frontend.notServed', { given, how: how ? t('stack.frontend.sendsTo', { how }) : t('stack.frontend.noRoot') }));
    return { describe: how ? t('stack.frontend.confSends', { how }) : t('stack.frontend.confServes') };
  }
  const where = `${slash.place}, ${toUser(slash.at.file)}:${slash.at.line}`;
  if (given && resolve(given) === slash.root) {
    if (port !== 80 && dialsPort80(given).length) note?.(t('stack.frontend.port80', { socket: COURSE_SOCKET, port, given }));
    return { root: slash.root, from: given, describe: `${given} (${where})` };
  }
  if (!ownPrefix && given) {
    throw new UserError(t('stack.frontend.nginxFolder', { given, root: slash.root, where }));
  }
  const target = ownPrefix ? frontendTarget(slash, prefix, where, !!given) : undefined;
  if (!target) {
    // Not a front end, then (a conf of an API alone, say): nothing is announced, nothing checked.
    if (!existsSync(join(slash.root, 'index.html'))) return { describe: t('stack.frontend.none', { root: slash.root, where }) };
    // A link there (the user's, or one an earlier start made for --frontend) is named with what it points to.
    const link = lstatSync(slash.root).isSymbolicLink() ? ` → ${readlinkSync(slash.root)}` : '';
    return { root: slash.root, describe: `${slash.root}${link} (${where})` };
  }
  const served = placeFrontend(given ?? defaultFrontendRoot, target, port);
  if (served.note) note?.(served.note);
  return { root: served.root, from: given, describe: t('stack.frontend.servedFrom', { source: given ?? t('stack.frontend.stub'), target, where }) };
}

