// Starting an engine that is expected to fail: what it printed, its exit code, its error log.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { startEmbedded } from '../../harness/embedded/engine.js';
import { startNginx } from '../../harness/nginx/engine.js';
import { ProxyStartError, type EngineName } from '../../harness/engine/engine.js';
import type { OsName } from '../../harness/os-profile.js';
import { conformanceConf, type ConfOptions } from './proxy-under-test.js';
import { freePort } from './ports.js';

export interface FailedStart {
  error: ProxyStartError;
  prefix: string;
  port: number;
  errorLog: string;
  ms: number;
  /** What the engine printed, each line with the time it arrived (Date.now()). */
  printed: { line: string; at: number }[];
}

export async function startExpectingFailure(
  engine: EngineName,
  dir: string,
  o: ConfOptions & { os?: OsName; port?: number; reservedPorts?: number[]; tempDir?: boolean; logsDir?: boolean; edit?: (conf: string) => string },
): Promise<FailedStart> {
  const port = o.port ?? (await freePort());
  const upstreamPort = await freePort();
  const prefix = join(dir, 'prefix');
  const text = conformanceConf(o, port, upstreamPort);
  preparePrefix({ prefix, conf: { text: o.edit ? o.edit(text) : text }, tempDir: o.tempDir });
  // `logsDir: false`: a user's prefix without logs/ (the harness's own preparation makes one).
  if (o.logsDir === false) rmSync(join(prefix, 'logs'), { recursive: true });
  const started = Date.now();
  const printed: FailedStart['printed'] = [];
  const start = engine === 'nginx' ? startNginx : startEmbedded;
  try {
    const onLine = (line: string) => printed.push({ line, at: Date.now() });
    const e = await start({ prefix, conf: 'conf/nginx.conf', os: o.os ?? 'linux', ready: { urls: [`http://127.0.0.1:${port}/`] }, reservedPorts: o.reservedPorts, onLine });
    await e.stop();
  } catch (error) {
    if (!(error instanceof ProxyStartError)) throw error;
    let errorLog = '';
    try {
      errorLog = readFileSync(join(prefix, 'logs', 'error.log'), 'latin1');
    } catch {
      // none written
    }
    return { error, prefix, port, errorLog, ms: Date.now() - started, printed };
  }
  throw new Error('the engine started, but a failure was expected');
}
