// The two engines of the benchmark on one conf: the project's renderConf + preparePrefix, and the
// engine registry's startEngine, each on a prefix and port of its own (the files differ only in the
// listen port). Both are registered for clean-up at once.
import { benchPort } from './port.js';
import { join } from 'node:path';
import { renderConf } from '../harness/stack/render.js';
import { preparePrefix } from '../harness/stack/prefix.js';
import { localhostMode, startEngine as startProxy } from '../harness/stack/registry.js';
import { defaultFrontendRoot } from '../harness/paths.js';
import type { EngineName, ProxyEngine } from '../harness/engine/engine.js';
import { defer } from './procs.js';

export type { EngineName };
export type ConfKind = 'default' | 'keepalive';
export const CONF_KINDS: readonly ConfKind[] = ['default', 'keepalive'];

export const CONF_LABEL: Record<ConfKind, string> = {
  default: "nginx's defaults (HTTP/1.0, a new upstream connection per request)",
  keepalive: 'upstream keepalive 32, proxy_http_version 1.1, Connection ""',
};

export interface RunningEngine {
  name: EngineName;
  port: number;
  origin: string;
  prefix: string;
  confText: string;
  engine: ProxyEngine;
  stop(): Promise<void>;
}

let serial = 0;

export interface EngineSetup {
  root: string;
  /** The upstream's port: the admin stand-in's, or the fast upstream's. */
  adminPort: number;
  workers: number;
  conf: ConfKind;
  /** `access_log off`, as the fast-upstream setup has it. */
  accessLogOff?: boolean;
}

export async function renderFor(o: Omit<EngineSetup, 'root'> & { port: number }): Promise<string> {
  return renderConf({
    proxyPort: o.port,
    adminPort: o.adminPort,
    frontendRoot: defaultFrontendRoot,
    workers: o.workers,
    localhost: await localhostMode('nginx'),
    upstreamKeepalive: o.conf === 'keepalive' ? 32 : undefined,
    accessLogOff: o.accessLogOff,
  });
}

export async function startEngine(name: EngineName, o: EngineSetup): Promise<RunningEngine> {
  const port = await benchPort();
  const prefix = join(o.root, `${name}-${o.conf}-w${o.workers}-${++serial}`);
  const confText = await renderFor({ ...o, port });
  preparePrefix({ prefix, conf: { text: confText } });
  const opts = { prefix, conf: 'conf/nginx.conf', os: 'linux' as const, ready: { urls: [`http://127.0.0.1:${port}/`] } };
  const engine = await startProxy(name, opts);
  const undefer = defer(`${name} engine (pid ${engine.pid})`, () => engine.stop());
  return {
    name,
    port,
    origin: `http://127.0.0.1:${port}`,
    prefix,
    confText,
    engine,
    async stop() {
      await engine.stop();
      undefer();
    },
  };
}
