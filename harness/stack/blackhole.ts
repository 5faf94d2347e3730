// A port where connection attempts get no answer at all, on both loopbacks: a stopped process's
// listeners with a backlog of 1, their accept queues filled first, so that the kernel leaves every
// further SYN unanswered (a firewall that drops packets, a paused VM). Closed by its own pid.
import net from 'node:net';
import { spawn } from 'node:child_process';

export interface Blackhole {
  /** Resolves once its process has gone and the port is free. */
  close(): Promise<void>;
}

export async function blackhole(port: number): Promise<Blackhole> {
  const script = `const net = require('net'); let n = 0;
for (const host of ['::1', '127.0.0.1'])
  net.createServer().listen({ host, port: ${port}, backlog: 1, ipv6Only: host === '::1' }, () => { if (++n === 2) console.log('up'); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the blackhole's listener exited (${code}): port ${port} may be taken`)));
  });
  child.kill('SIGSTOP');
  const fillers: net.Socket[] = [];
  for (const host of ['::1', '127.0.0.1']) {
    for (let i = 0; i < 16; i++) {
      const s = net.connect({ host, port });
      s.on('error', () => undefined);
      fillers.push(s);
      const connected = await new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), 200);
        s.once('connect', () => {
          clearTimeout(t);
          resolve(true);
        });
      });
      if (!connected) break;
    }
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async close() {
      for (const s of fillers) s.destroy();
      child.kill('SIGKILL');
      await exited;
    },
  };
}
