// A Stack is the components of one run: the admin stub (in this process), a proxy
// engine (the embedded one's master in this process and its workers, or real nginx) on an
// nginx.conf rendered from the spec or the user's own, and the front end it serves. start() brings
// them up and checks each is ready on the address its consumer dials; stop() stops what it
// started, on every path out, failed starts included.
import { join, resolve } from 'node:path';
import type { AdminServer, ListenMode } from '../../stubs/admin-server/server.js';
import { renderConf, starterWorkerUser, type ConfSpec } from './render.js';
import { preparePrefix } from './prefix.js';
import { DEFAULT_VERSION, type OsName } from '../os-profile.js';
import { defaultFrontendRoot } from '../paths.js';
import { ProxyStartError, type EngineName, type ProxyEngine } from '../engine/engine.js';
import { localhostMode, readConf, startEngine, unreachableRoot } from './registry.js';
import { confListens, exposure, type ConfListen } from '../engine/listens.js';
import { bindAddress, isWildcard } from '../loopback.js';
import { describeBusyPort, hostPort } from '../ports.js';
import type { ProxyReadiness } from '../engine/ready.js';

export type AdminMode = ListenMode | 'external';

/** The admin stub could not listen (its port was taken meanwhile, by the proxy of a conf that listens there too). */
export class AdminStartError extends Error {}

/** The addresses a browser dials for `localhost`, IPv4 first. */
const LOOPBACKS = ['127.0.0.1', '::1'];

export interface StackSpec {
  /** The per-stack directory; the nginx prefix (conf/, html/, logs/, temp/) is made in it. */
  dir: string;
  proxyPort: number;
  adminPort: number;
  /** How the admin stub listens; `external`: the user's own server is on adminPort, none is started. */
  admin: AdminMode;
  /** The seed of the admin stub's generated month of orders (default 1). */
  adminSeed?: number;
  engine: EngineName;
  workers: number;
  os: OsName;
  frontendRoot?: string;
  /** A user's own nginx.conf, used instead of the rendered one (ports and root are then the file's). */
  nginxConf?: string;
  nginxVersion?: string;
  refusedConnectDelayMs?: number;
  /** Conf settings a scenario needs (timeouts, a missing temp dir, keep-alive). */
  conf?: Partial<Omit<ConfSpec, 'proxyPort' | 'adminPort' | 'frontendRoot' | 'workers' | 'localhost'>>;
  /** Leave temp/ out of the prefix, as a Git copy of the nginx folder has it. */
  noTempDir?: boolean;
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

export class Stack {
  admin?: AdminServer;
  proxy?: ProxyEngine;
  readonly prefix: string;
  private stopping?: Promise<void>;

  private constructor(readonly spec: StackSpec) {
    this.prefix = resolve(spec.dir);
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

  addresses(): StackAddresses {
    return {
      url: this.url,
      proxy: LOOPBACKS.map((h) => hostPort(h, this.spec.proxyPort)),
      admin: this.admin?.addresses().map((a) => hostPort(a.host, a.port)) ?? [],
    };
  }

  private async startAll(): Promise<void> {
    const s = this.spec;
    const localhost = await localhostMode(s.engine);
    const frontendRoot = resolve(s.frontendRoot ?? defaultFrontendRoot);
    const confFile = preparePrefix({
      prefix: this.prefix,
      tempDir: !s.noTempDir,
      conf: s.nginxConf
        ? { file: s.nginxConf }
        : {
            text: renderConf({
              proxyPort: s.proxyPort,
              adminPort: s.adminPort,
              frontendRoot,
              workers: s.workers,
              localhost,
              user: starterWorkerUser(s.os),
              ...s.conf,
            }),
          },
    });
    // What the engines say of the prefix's copy of a user's conf names the user's file: the copy
    // keeps every line where it was (harness/nginx/listen-loopback.ts, defaults.ts).
    const toUser = (text: string) => (s.nginxConf ? text.split(confFile).join(s.nginxConf) : text);
    // A browser dials both loopbacks for `localhost`: the front end's index must answer on each.
    const ready: ProxyReadiness = s.nginxConf
      ? await userConfReadiness(this.prefix, confFile, s.nginxConf, s.os, (l) => s.onNote?.(exposure(l, !!s.bindAny, l.directive.file === confFile ? s.nginxConf : undefined)))
      : { urls: LOOPBACKS.map((h) => `http://${hostPort(h, s.proxyPort)}/`), index: join(frontendRoot, 'index.html') };
    let starting!: () => void;
    const workersStarting = new Promise<void>((r) => (starting = r));
    const opts = {
      prefix: this.prefix,
      conf: 'conf/nginx.conf',
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
    // The admin stub starts (its modules load, its data is seeded) once the engine is starting its
    // processes, so that this work overlaps theirs (a worker's conf, listen and first answers)
    // instead of coming before it; not at all when the proxy failed first. A user's own conf may
    // listen on the stub's port: then the stub starts at once, to take that port before the proxy.
    const mode = s.admin;
    const go = s.nginxConf ? Promise.resolve(true) : Promise.race([workersStarting.then(() => true), proxy.then(() => true, () => false)]);
    const admin = mode === 'external' ? undefined : go.then((yes) => (yes ? this.startAdmin(s.adminPort, mode, s.adminSeed) : undefined));
    const [a, p] = await Promise.allSettled([admin, proxy]);
    for (const r of [a, p]) if (r.status === 'rejected') throw r.reason;
  }

  private async startAdmin(port: number, mode: ListenMode, seed: number | undefined): Promise<void> {
    const { AdminServer } = await import('../../stubs/admin-server/server.js');
    // Uploaded images live in the stack's folder, beside its logs.
    this.admin = new AdminServer({ port, mode, seed, uploadDir: join(this.prefix, 'uploads') });
    try {
      await this.admin.start();
    } catch (e) {
      const cause = (e as Error).cause as (NodeJS.ErrnoException & { address?: string }) | undefined;
      if (!cause?.code || !cause.address) throw e;
      throw new AdminStartError(`the admin stub could not listen: ${describeBusyPort(cause.address, port, cause.code)}`);
    }
  }

  /** Resolves once everything the stack started has stopped, for every caller. */
  stop(): Promise<void> {
    this.stopping ??= Promise.all([this.proxy?.stop(), this.admin?.stop()]).then(() => undefined);
    return this.stopping;
  }
}

/**
 * For a user's own conf: every address its http servers listen on in plain HTTP (a wildcard as the
 * loopback a browser dials), answered by nginx; what `/` serves there is the conf's business, as
 * long as its workers can read its roots. `userFile`: the conf as the user named it (`confFile` is
 * its copy in the prefix). Each wildcard listen is told to `wildcard`.
 */
async function userConfReadiness(prefix: string, confFile: string, userFile: string, os: OsName, wildcard: (l: ConfListen) => void): Promise<ProxyReadiness> {
  // The roots where the embedded engine can read the conf (one with nginx-only directives is real
  // nginx's to check).
  let conf: ReturnType<typeof readConf> | undefined;
  try {
    conf = readConf(prefix, confFile);
  } catch {
    conf = undefined;
  }
  const unreachable = conf && (await unreachableRoot(conf, os, userFile));
  if (unreachable) throw new ProxyStartError(unreachable, [], null);
  let listens: ConfListen[] = [];
  try {
    listens = confListens(confFile);
  } catch {
    // the engine reports the conf's error itself
  }
  listens.filter((l) => isWildcard(l.host)).forEach(wildcard);
  const hosts = listens.filter((l) => l.plainHttp).map((l) => hostPort(bindAddress(l.host, false), l.port));
  return { urls: hosts.length ? [...new Set(hosts)].map((h) => `http://${h}/`) : ['http://127.0.0.1:80/'] };
}
