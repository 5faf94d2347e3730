// Ports: whether one can be bound, and who holds it when it cannot (named, never killed).
import net from 'node:net';
import { portHolder, windowsHost } from './platform.js';
import { t } from './i18n/index.js';

export type BindResult = { ok: true } | { ok: false; code: string };

export function canBind(host: string, port: number): Promise<BindResult> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code ?? 'EADDRINUSE' }));
    s.listen({ host, port, ipv6Only: host.includes(':'), exclusive: true }, () => s.close(() => resolve({ ok: true })));
  });
}

/** An address as a URL writes it: `127.0.0.1:8080`, `[::1]:8080`. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Who listens on TCP `port`: /proc on Linux, netstat and tasklist on Windows (loaded only there), else unknown. */
async function holderOf(port: number): Promise<{ pid: number; command: string } | undefined> {
  // Windows only, and only for a busy port: execa and the parsers, ~70 ms standalone, stay unloaded.
  if (windowsHost()) return (await import('./windows-port-holder.js')).windowsPortHolder(port);
  return portHolder(port);
}

/** "port 8080 on 127.0.0.1 is in use by pid 123 (java -jar sky.jar)" */
export async function describeBusyPort(host: string, port: number, code: string): Promise<string> {
  if (code === 'EACCES') return t('stack.port.denied', { host, port });
  if (code === 'EADDRNOTAVAIL') return t('stack.port.noAddress', { host });
  const holder = await holderOf(port);
  return holder ? t('stack.port.busyBy', { host, port, pid: holder.pid, command: holder.command }) : t('stack.port.busy', { host, port });
}

/** Whether something accepts a TCP connection on host:port within a second (the user's own server, running). */
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
