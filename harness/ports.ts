// Ports: whether one can be bound, and who holds it when it cannot (named, never killed).
import net from 'node:net';
import { portHolder, windowsHost } from './platform.js';
import { messages } from './i18n/index.js';

const t = messages({
  en: {
    'stack.port.denied': 'port {port} on {host} may not be bound by this user (EACCES: ports below 1024 need privileges)',
    'stack.port.noAddress': 'address {host} is not available on this machine (EADDRNOTAVAIL)',
    'stack.port.busyBy': 'port {port} on {host} is in use by pid {pid} ({command})',
    'stack.port.busy': 'port {port} on {host} is in use by another process',
  },
  'zh-CN': {
    'stack.port.denied': '当前用户不能绑定 {host} 上的端口 {port}（EACCES：1024 以下的端口需要权限）',
    'stack.port.noAddress': '这台机器上没有地址 {host}（EADDRNOTAVAIL）',
    'stack.port.busyBy': '{host} 上的端口 {port} 被占用，占用它的是 pid {pid}（{command}）',
    'stack.port.busy': '{host} 上的端口 {port} 被另一个进程占用',
  },
});

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
