// The admin server (the upstream) in a process of its own (bench/admin.ts), started and logged in
// to by the benchmark and the profiler alike: ready when it says it listens, not after a pause.
import { execa } from 'execa';
import getPort from 'get-port';
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

export async function startAdmin(): Promise<Admin> {
  const port = await getPort();
  const child = execa(process.execPath, [join(HERE, 'admin.js'), String(port)], { reject: false, buffer: false, stdin: 'ignore' });
  const untrack = track(child.pid, 'admin server');
  let out = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`admin server did not start within 10 s: ${out}`)), 10_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (/listening \d+/.test(out)) {
        clearTimeout(timer);
        ok();
      }
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    void child.then((r) => fail(new Error(`admin server exited (${r.exitCode ?? r.signal}): ${out}`)));
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
