// The embedded engine as the harness runs it: a master process of its own (node main.js), with an
// IPC channel so it leaves when the harness does, and its control channel for faults.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { distFile } from '../paths.js';
import { startProcess } from '../stack/process.js';
import { waitForHttp, NotReady } from '../stack/ready.js';
import { ProxyStartError, type EngineStartOptions, type ProxyEngine, type CrashOptions } from '../stack/proxy-engine.js';
import type { ControlInfo } from './control.js';

export async function startEmbedded(o: EngineStartOptions): Promise<ProxyEngine> {
  const controlFile = join(o.prefix, 'logs', 'harness-control.json');
  const args = ['-p', o.prefix, '-c', o.conf, '--os', o.os, '--control-file', controlFile];
  if (o.version) args.push('--nginx-version', o.version);
  if (o.refusedConnectDelayMs !== undefined) args.push('--refused-delay', String(o.refusedConnectDelayMs));
  for (const p of o.reservedPorts ?? []) args.push('--reserved-port', String(p));
  const proc = startProcess({ name: 'proxy', file: process.execPath, args: [distFile('harness/proxy/main.js'), ...args], onLine: o.onLine, ipc: true });
  try {
    await waitForHttp(o.readyUrl, { process: proc });
  } catch (e) {
    if (!(e instanceof NotReady)) throw e;
    const { code } = proc.running ? { code: null } : await proc.exited;
    await proc.stop();
    const emerg = proc.output.filter((l) => l.startsWith('nginx: [emerg]'));
    throw new ProxyStartError(emerg.length ? emerg[emerg.length - 1] : e.message, emerg, code);
  }
  let control: ControlInfo | undefined;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> => {
    control ??= JSON.parse(readFileSync(controlFile, 'utf8')) as ControlInfo;
    const r = await request(control.url + path, {
      method,
      headers: { 'x-harness-token': control.token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.body.json()) as Record<string, unknown>;
    if (r.statusCode >= 300) throw new Error(`embedded proxy control ${path}: ${json.error ?? r.statusCode}`);
    return json;
  };
  return {
    name: 'embedded',
    prefix: o.prefix,
    process: proc,
    async workers() {
      const s = await call('GET', '/status');
      return (s.workers as { pid: number }[]).map((w) => w.pid);
    },
    async crashWorker(c: CrashOptions = {}) {
      const r = await call('POST', '/workers/crash', c);
      return r.crashed as number;
    },
    async failRespawns(on: boolean) {
      await call('POST', '/respawn/fail', { on });
    },
    async restore() {
      await call('POST', '/restore');
    },
    stop: () => proc.stop(),
  };
}
