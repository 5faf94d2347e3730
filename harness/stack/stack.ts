// A Stack is the components of one run (DESIGN.md): the admin stub (in this process), a proxy
// engine (the embedded one's master in this process and its workers, or real nginx) on an
// nginx.conf rendered from the spec or the user's own, and the front end it serves. start() brings
// them up and checks each is ready on the address its consumer dials; stop() stops what it
// started, on every path out, failed starts included.
import { join, resolve } from 'node:path';
import type { AdminServer, ListenMode } from '../../stubs/admin-server/server.js';
import { renderConf, type ConfSpec } from '../nginx/render.js';
import { preparePrefix } from '../nginx/prefix.js';
import { DEFAULT_VERSION } from '../proxy/master.js';
import type { OsName } from '../os-profile.js';
import { defaultFrontendRoot } from '../paths.js';
import type { EngineName, ProxyEngine } from './proxy-engine.js';
import { loadConf } from '../proxy/load.js';

export type AdminMode = ListenMode | 'external';

export interface StackSpec {
  /** The per-stack directory; the nginx prefix (conf/, html/, logs/, temp/) is made in it. */
  dir: string;
  proxyPort: number;
  adminPort: number;
  /** How the admin stub listens; `external`: the user's own server is on adminPort, none is started. */
  admin: AdminMode;
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
  /** Each output line of a component. */
  onLine?: (component: string, line: string) => void;
}

export interface StackAddresses {
  /** The URL to open in a browser. */
  url: string;
  proxy: string[];
  admin: string[];
}

export class Stack {
  admin?: AdminServer;
  proxy?: ProxyEngine;
  readonly prefix: string;
  private stopped = false;

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
    return `http://localhost:${this.spec.proxyPort}/`;
  }

  /** The URL the proxy is checked on, and that tests dial: IPv4 loopback, as the browser's first try. */
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
      proxy: [`127.0.0.1:${this.spec.proxyPort}`, `[::1]:${this.spec.proxyPort}`],
      admin: this.admin?.addresses().map((a) => (a.host.includes(':') ? `[${a.host}]:${a.port}` : `${a.host}:${a.port}`)) ?? [],
    };
  }

  private async startAll(): Promise<void> {
    const s = this.spec;
    // Each engine's modules load only when it runs (execa and undici take ~0.1 s each to load).
    const nginx = s.engine === 'nginx' ? await import('../nginx/engine.js') : undefined;
    const localhost = nginx ? await nginx.nginxLocalhostMode() : 'implicit';
    const confFile = preparePrefix({
      prefix: this.prefix,
      tempDir: !s.noTempDir,
      conf: s.nginxConf
        ? { file: s.nginxConf }
        : {
            text: renderConf({
              proxyPort: s.proxyPort,
              adminPort: s.adminPort,
              frontendRoot: resolve(s.frontendRoot ?? defaultFrontendRoot),
              workers: s.workers,
              localhost,
              ...s.conf,
            }),
          },
    });
    const readyUrl = s.nginxConf ? userConfReadyUrl(this.prefix, confFile) : `${this.proxyUrl}/`;
    const opts = {
      prefix: this.prefix,
      conf: 'conf/nginx.conf',
      os: s.os,
      version: s.nginxVersion ?? DEFAULT_VERSION[s.os],
      refusedConnectDelayMs: s.refusedConnectDelayMs,
      readyUrl,
      reservedPorts: s.reservedPorts,
      onLine: (line: string) => s.onLine?.(s.engine === 'nginx' ? 'nginx' : 'proxy', line),
    };
    const proxy = (nginx ? nginx.startNginx(opts) : import('../proxy/engine.js').then((e) => e.startEmbedded(opts))).then((p) => (this.proxy = p));
    // The admin server starts (and its modules load) while the proxy's workers boot.
    const admin = s.admin !== 'external' ? this.startAdmin(s.adminPort, s.admin) : undefined;
    const [a, p] = await Promise.allSettled([admin, proxy]);
    for (const r of [a, p]) if (r.status === 'rejected') throw r.reason;
  }

  private async startAdmin(port: number, mode: ListenMode): Promise<void> {
    const { AdminServer } = await import('../../stubs/admin-server/server.js');
    this.admin = new AdminServer({ port, mode });
    await this.admin.start();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all([this.proxy?.stop(), this.admin?.stop()]);
  }
}

/** For a user's own conf: the first listen address it names, as the ready check's target. */
function userConfReadyUrl(prefix: string, confFile: string): string {
  try {
    const conf = loadConf({ prefix, conf: confFile });
    const l = conf.servers[0]?.listens[0];
    if (l) {
      const host = l.host === '0.0.0.0' ? '127.0.0.1' : l.host === '::' ? '::1' : l.host;
      return `http://${host.includes(':') ? `[${host}]` : host}:${l.port}/`;
    }
  } catch {
    // the engine reports the conf's error itself
  }
  return 'http://127.0.0.1:80/';
}
