// One engine (embedded or real nginx) on a prefix of its own, with the conformance conf (the one
// nginx 1.22.1's behaviour was captured on) and a test upstream: what the conformance specs run against.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { confSkeleton, starterWorkerUser, tempPaths } from '../../harness/stack/render.js';
import { startEmbedded } from '../../harness/embedded/engine.js';
import { startNginx } from '../../harness/nginx/engine.js';
import type { EngineName, ProxyEngine } from '../../harness/engine/engine.js';
import type { OsName } from '../../harness/os-profile.js';
import { TestUpstream, type Family } from './upstream.js';
import { send, type RawResponse, type SendOptions } from './raw-http.js';
import { freePort } from './ports.js';

export interface ConfOptions {
  /** Directives of the main context, as lines after the last block (`master_process off;`). */
  main?: string;
  /** Directives added to the http block. */
  http?: string;
  /** Directives added to `location /api/`. */
  api?: string;
  /** Directives (and locations) added to the server block. */
  server?: string;
  /** Directives added to `location /`. */
  static?: string;
  /** proxy_pass target of /api/ (`U` is replaced by the upstream's port). */
  proxyPass?: string;
  /** server_name's arguments (`localhost`). */
  serverName?: string;
  errorLogLevel?: string;
  workers?: number;
  /** worker_connections (1024). */
  workerConnections?: number;
  /** Replace the whole conf (P and U are replaced by the ports; Q by a second port of the proxy's, where one is given). */
  conf?: string;
  /**
   * The workers' user, as a line added after the last block (no other line moves). By default
   * `root` when the tests run as root, so that nginx's workers read the prefix wherever the clone
   * is (a folder of mode 0700), as the stack's own conf has them; `null`: no `user` line, nginx's
   * default (nobody, as root).
   */
  user?: string | null;
}

/** The `user` of a test's conf (ConfOptions.user). */
const testUser = (o: ConfOptions) => (o.user === undefined ? (starterWorkerUser() ?? null) : o.user);

/** For a test's own conf text: `user root;` when the tests run as root, as the stack's own conf has it. */
export const userLine = () => (testUser({}) ? `user ${testUser({})};\n` : '');

/**
 * `upstream localhost { server [::1]:U <params>; server 127.0.0.1:U <params>; }`: the implicit
 * upstream's two peers written out, so that their parameters can be set (fail_timeout=1s for a
 * recovery that fits in a test). Used with `proxyPass: 'http://localhost/admin/'`; it writes the
 * same error-log lines as the implicit one (checked on nginx 1.22.1).
 */
export function localhostPeers(params = ''): string {
  const p = params ? ' ' + params : '';
  return `upstream localhost {
        server [::1]:U${p};
        server 127.0.0.1:U${p};
    }`;
}

export function conformanceConf(o: ConfOptions, port: number, upstreamPort: number, secondPort?: number): string {
  const text =
    o.conf ??
    confSkeleton({
      workers: o.workers ?? 1,
      workerConnections: o.workerConnections,
      errorLogLevel: o.errorLogLevel,
      accessLog: 'logs/access.log',
      http: `
    sendfile        on;
    keepalive_timeout  65;
${tempPaths()}${o.http ?? ''}
    server {
        listen       127.0.0.1:P;
        listen       [::1]:P;
        server_name  ${o.serverName ?? 'localhost'};
        location /api/ {
            proxy_pass ${o.proxyPass ?? 'http://localhost:U/admin/'};
${o.api ?? ''}
        }
        location / {
            root   html;
            index  index.html index.htm;
${o.static ?? ''}
        }
${o.server ?? ''}
    }`,
    });
  const user = testUser(o);
  const main = [...(user ? [`user ${user};`] : []), ...(o.main ? [o.main] : [])].join('\n');
  const filled = (text + (main ? `${text.endsWith('\n') ? '' : '\n'}${main}\n` : '')).replace(/\bP\b/g, String(port)).replace(/\bU\b/g, String(upstreamPort));
  return secondPort === undefined ? filled : filled.replace(/\bQ\b/g, String(secondPort));
}

export interface StartOptions extends ConfOptions {
  upstream?: Family;
  os?: OsName;
  refusedConnectDelayMs?: number;
}

/** What stands behind the proxy: a port on both loopbacks, closed with the proxy. */
export interface UpstreamServer {
  readonly port: number;
  close(): Promise<void>;
}

export class ProxyUnderTest<U extends UpstreamServer = TestUpstream> {
  private constructor(
    readonly engineName: EngineName,
    readonly engine: ProxyEngine,
    readonly port: number,
    readonly upstream: U,
    readonly prefix: string,
  ) {}

  static async start(engineName: EngineName, dir: string, o: StartOptions = {}): Promise<ProxyUnderTest> {
    const upstream = new TestUpstream(await freePort());
    await upstream.listen(o.upstream ?? 'dual');
    return ProxyUnderTest.around(engineName, dir, upstream, o);
  }

  /** The engine in front of an upstream of the test's own, already listening (the admin stand-in). */
  static async around<U extends UpstreamServer>(engineName: EngineName, dir: string, upstream: U, o: Omit<StartOptions, 'upstream'> = {}): Promise<ProxyUnderTest<U>> {
    const port = await freePort();
    const prefix = join(dir, 'prefix');
    preparePrefix({ prefix, conf: { text: conformanceConf(o, port, upstream.port) } });
    mkdirSync(join(prefix, 'html', 'dir'), { recursive: true });
    writeFileSync(join(prefix, 'html', 'x'), 'hello\n');
    writeFileSync(join(prefix, 'html', 'index.html'), '<h1>index</h1>\n');
    writeFileSync(join(prefix, 'html', 'style.css'), 'body{}\n');
    const start = engineName === 'nginx' ? startNginx : startEmbedded;
    try {
      const engine = await start({
        prefix,
        conf: 'conf/nginx.conf',
        os: o.os ?? 'linux',
        refusedConnectDelayMs: o.refusedConnectDelayMs,
        ready: { urls: [`http://127.0.0.1:${port}/x`] },
      });
      return new ProxyUnderTest(engineName, engine, port, upstream, prefix);
    } catch (e) {
      await upstream.close();
      throw e;
    }
  }

  send(request: string | Buffer, o?: SendOptions): Promise<RawResponse> {
    return send(this.port, request, o);
  }

  /** The error log's lines, without the start-up's notice lines. */
  errorLog(): string[] {
    return readLines(join(this.prefix, 'logs', 'error.log'));
  }

  /** The access log's lines after the ready check's request (connection *1). */
  accessLog(): string[] {
    return readLines(join(this.prefix, 'logs', 'access.log')).slice(1);
  }

  /**
   * The error log's lines bound to a client connection (`*N`), normalised, without the ready
   * check's connection *1: what a test's requests wrote. Start-up [notice] lines are not included.
   */
  requestLog(): string[] {
    return this.errorLog()
      .filter((l) => /\] \d+#\d+: \*\d+ /.test(l) && !/\] \d+#\d+: \*1 /.test(l))
      .map((l) => this.normalise(l));
  }

  /** The access log's lines after the ready check's, normalised. */
  access(): string[] {
    return this.accessLog().map((l) => this.normalise(l));
  }

  /** Lines with time, PID#TID, the prefix and the ports replaced by placeholders. */
  normalise(line: string): string {
    return line
      .replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d/, 'TIME')
      .replace(/\[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]/, '[TIME]')
      .replace(/\] \d+#\d+: /, '] PID: ')
      .split(this.prefix)
      .join('PREFIX')
      .replace(new RegExp(`:${this.port}(?!\\d)`, 'g'), ':P')
      .replace(new RegExp(`:${this.upstream.port}(?!\\d)`, 'g'), ':U');
  }

  async stop(): Promise<void> {
    await this.engine.stop();
    await this.upstream.close();
  }
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'latin1').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}
