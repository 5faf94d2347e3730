// Both engines side by side on the conformance conf (proxy-under-test.ts conformanceConf; the two
// confs differ only in their ports), each on a prefix and an echo upstream of its own, with the same
// static files at the same times, and with secrets planted outside the root: `<prefix>/secret.txt`,
// `<dir>/secret.txt` above the prefix, and a marker comment in `<prefix>/conf/nginx.conf`. A
// response that holds one of them (or /etc/passwd) served a file from outside `html/`.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preparePrefix } from '../../harness/stack/prefix.js';
import { startEmbedded } from '../../harness/embedded/engine.js';
import { startNginx } from '../../harness/nginx/engine.js';
import type { EngineName, ProxyEngine } from '../../harness/engine/engine.js';
import { conformanceConf, type ConfOptions } from './proxy-under-test.js';
import { WireUpstream } from './wire-upstream.js';
import { execa } from 'execa';
import { repoRoot } from '../../harness/paths.js';
import { waitForProxy, type ProxyReadiness } from '../../harness/engine/ready.js';
import { freePort } from './ports.js';

/** The static files of every prefix (proxy-under-test.ts's), all with this modification time. */
const HTML: Record<string, string> = { x: 'hello\n', 'index.html': '<h1>index</h1>\n', 'style.css': 'body{}\n' };
const MTIME = new Date('2026-01-02T03:04:05Z');

export interface EngineUnderTest {
  name: EngineName;
  engine: Pick<ProxyEngine, 'stop'>;
  port: number;
  /** The conf's second listen port (`Q`), when it has one. */
  secondPort?: number;
  upstream: WireUpstream;
  prefix: string;
  /** The access log's lines (the ready check's included). */
  accessLog(): string[];
}

export interface EnginePair {
  nginx: EngineUnderTest;
  embedded: EngineUnderTest;
  /** Texts that only files outside the roots hold. */
  secrets: string[];
  /** The secret any of `text` holds (a planted marker, or /etc/passwd's root line), if one. */
  leak(text: string): string | undefined;
  stop(): Promise<void>;
}

/**
 * `harness proxy -p PREFIX -c CONF -g 'daemon off;'` in the foreground, as a user runs it (the CLI,
 * not the engine's module): stopped with SIGTERM, as real nginx is run beside it.
 */
async function startHarnessProxy(o: { prefix: string; conf: string; os: string; ready: ProxyReadiness }): Promise<Pick<ProxyEngine, 'stop'>> {
  const child = execa(process.execPath, [join(repoRoot, 'bin', 'harness.js'), 'proxy', '-p', o.prefix, '-c', o.conf, '-g', 'daemon off;', '--os', o.os], { reject: false, stdio: 'inherit' });
  const stop = async () => {
    child.kill('SIGTERM');
    await child;
  };
  // Ready when it answers, or failed when it exits first; however long a loaded machine takes to
  // start it, the test's own timeout is the only clock.
  const gone = new AbortController();
  void child.finally(() => gone.abort());
  try {
    await waitForProxy(o.ready, { timeoutMs: Infinity, signal: gone.signal });
  } catch (e) {
    await stop();
    if (!gone.signal.aborted) throw e;
    const r = await child;
    throw new Error(`harness proxy exited (${r.exitCode ?? r.signal}) before it answered`);
  }
  return { stop };
}

/** `cli`: the embedded engine through `harness proxy`; `module`: its master in this process. */
export type EmbeddedVia = 'cli' | 'module';

async function startOne(name: EngineName, dir: string, o: ConfOptions, markers: { prefix: string; above: string; conf: string }, via: EmbeddedVia = 'module'): Promise<EngineUnderTest> {
  const port = await freePort();
  const secondPort = o.conf && /\bQ\b/.test(o.conf) ? await freePort() : undefined;
  const upstreamPort = await freePort();
  const upstream = new WireUpstream(upstreamPort);
  await upstream.listen();
  const prefix = join(dir, 'prefix');
  // The conf's marker is a comment in the http block: it changes nothing but the file's text.
  const http = `    # ${markers.conf}\n${o.http ?? ''}`;
  preparePrefix({ prefix, conf: { text: conformanceConf({ ...o, http }, port, upstreamPort, secondPort) } });
  mkdirSync(join(prefix, 'html', 'dir'), { recursive: true });
  for (const [file, text] of Object.entries(HTML)) {
    writeFileSync(join(prefix, 'html', file), text);
    utimesSync(join(prefix, 'html', file), MTIME, MTIME);
  }
  utimesSync(join(prefix, 'html', '50x.html'), MTIME, MTIME);
  // Readable by nginx's workers (nobody when the master is root), so that a leak would be a leak.
  writeFileSync(join(prefix, 'secret.txt'), `${markers.prefix}\n`);
  writeFileSync(join(dir, 'secret.txt'), `${markers.above}\n`);
  chmodSync(dir, 0o755);
  const start = name === 'nginx' ? startNginx : via === 'cli' ? startHarnessProxy : startEmbedded;
  try {
    const engine = await start({ prefix, conf: 'conf/nginx.conf', os: 'linux', ready: { urls: [`http://127.0.0.1:${port}/x`] } });
    const accessLog = () => {
      try {
        return readFileSync(join(prefix, 'logs', 'access.log'), 'latin1').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    };
    // The ready check's line, which the embedded engine writes at the end of its worker's event
    // loop turn, is in before a test counts the lines it has.
    for (const until = Date.now() + 5000; !accessLog().length; ) {
      if (Date.now() > until) throw new Error(`${name}: the ready check's access-log line never came`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return { name, engine, port, secondPort, upstream, prefix, accessLog };
  } catch (e) {
    await upstream.close();
    throw e;
  }
}

/** Starts real nginx and the embedded engine on the same conf, under `dir`. */
export async function startEnginePair(dir: string, o: ConfOptions = {}, via: EmbeddedVia = 'module'): Promise<EnginePair> {
  const mark = (what: string) => `HOSTILE-${what}-${randomBytes(8).toString('hex')}`;
  const markers = { prefix: mark('PREFIX-SECRET'), above: mark('ABOVE-PREFIX-SECRET'), conf: mark('CONF-MARKER') };
  mkdirSync(dir, { recursive: true });
  const [n, e] = await Promise.allSettled([startOne('nginx', join(dir, 'nginx'), o, markers), startOne('embedded', join(dir, 'embedded'), o, markers, via)]);
  if (n.status === 'rejected' || e.status === 'rejected') {
    await Promise.all([n, e].map((r) => (r.status === 'fulfilled' ? stopOne(r.value) : undefined)));
    throw n.status === 'rejected' ? n.reason : (e as PromiseRejectedResult).reason;
  }
  const nginx = n.value;
  const embedded = e.value;
  // Both ports are ephemeral (5 digits), so replacing them keeps lengths and Content-Lengths equal.
  const secrets = [markers.prefix, markers.above, markers.conf];
  return {
    nginx,
    embedded,
    secrets,
    leak: (text) => secrets.find((s) => text.includes(s)) ?? (/^root:[^:\n]*:0:0:/m.test(text) ? '/etc/passwd' : undefined),
    stop: async () => {
      await Promise.all([stopOne(nginx), stopOne(embedded)]);
    },
  };
}

/** `text` (an answer, log lines) with the engine's prefix, Date, times, pid#tid, connection numbers and ports replaced. */
export function normaliseFor(x: EngineUnderTest, text: string): string {
  return text
    .split(x.prefix)
    .join('PREFIX')
    .replace(/\r\nDate: [^\r\n]*/g, '\r\nDate: DATE')
    .replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /gm, 'TIME ')
    .replace(/\[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]/g, '[TIME]')
    .replace(/\d+#\d+: \*\d+ /g, 'PID#TID: *N ')
    .replace(/\d+#\d+: /g, 'PID#TID: ')
    .replace(new RegExp(`(?<!\\d)${x.port}(?!\\d)`, 'g'), 'P')
    .replace(new RegExp(`(?<!\\d)${x.upstream.port}(?!\\d)`, 'g'), 'U')
    .replace(new RegExp(`(?<!\\d)${x.secondPort ?? 'no second port'}(?!\\d)`, 'g'), 'Q');
}

async function stopOne(e: EngineUnderTest): Promise<void> {
  try {
    await e.engine.stop();
  } finally {
    await e.upstream.close();
  }
}
