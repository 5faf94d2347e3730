// The benchmark's own processes: the admin server (the stand-in upstream, bench/admin.ts), the fast
// upstream and the floor proxy, started by the benchmark and the profiler alike, each ready when it
// says it listens.
import { execa } from 'execa';
import { benchPort } from './port.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { track } from './procs.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Admin {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * A process of the benchmark's own (`node <file> ...args`) that prints `listening <port>` once it
 * serves: resolved then, not after a pause; stopped by its pid on every path out.
 */
export async function startListening(name: string, file: string, args: string[]): Promise<Admin> {
  const child = execa(process.execPath, [file, ...args], { reject: false, buffer: false, stdin: 'ignore' });
  const untrack = track(child.pid, name);
  let out = '';
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 10 s: ${out}`)), 10_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    void child.then((r) => fail(new Error(`${name} exited (${r.exitCode ?? r.signal}): ${out}`)));
  });
  return {
    port,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([child, sleep(5000)]);
      untrack();
    },
  };
}

export async function startAdmin(): Promise<Admin> {
  return startListening('admin server', join(HERE, 'admin.js'), [String(await benchPort())]);
}

/** The fast upstream (fast-upstream.ts) on both loopbacks; given a file of recorded answers, their replay. */
export async function startFastUpstream(answersFile?: string): Promise<Admin> {
  const port = String(await benchPort());
  return startListening(answersFile ? 'replay of the stand-in' : 'fast upstream', join(HERE, 'fast-upstream.js'), answersFile ? [port, answersFile] : [port]);
}

/** The floor (floor-proxy.ts): `processes` of it accepting on `port`, in front of `upstreamPort`; `keepalive`: its upstream connections kept. */
export function startFloor(port: number, upstreamPort: number, processes: number, keepalive = false): Promise<Admin> {
  return startListening('floor proxy', join(HERE, 'floor-proxy.js'), [String(port), String(upstreamPort), String(processes), ...(keepalive ? ['keepalive'] : [])]);
}

export async function login(adminPort: number): Promise<string> {
  const r = await request(`http://127.0.0.1:${adminPort}/admin/employee/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: '123456' }),
  });
  const j = (await r.body.json()) as { code: number; data?: { token?: string } };
  if (r.statusCode !== 200 || j.code !== 1 || !j.data?.token) throw new Error(`login to the admin server failed: ${r.statusCode} ${JSON.stringify(j)}`);
  return j.data.token;
}
