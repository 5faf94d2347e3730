// Ports: whether one can be bound, and who holds it when it cannot (named, never killed).
import net from 'node:net';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

export type BindResult = { ok: true } | { ok: false; code: string };

export function canBind(host: string, port: number): Promise<BindResult> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code ?? 'EADDRINUSE' }));
    s.listen({ host, port, ipv6Only: host.includes(':'), exclusive: true }, () => s.close(() => resolve({ ok: true })));
  });
}

/** The process listening on `port` (Linux: /proc/net/tcp{,6} then /proc/<pid>/fd), if it can be found. */
export function portHolder(port: number): { pid: number; command: string } | undefined {
  if (process.platform !== 'linux') return undefined;
  const inodes = new Set<string>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue; // 0A = LISTEN
      const p = parseInt(cols[1].split(':')[1], 16);
      if (p === port) inodes.add(cols[9]);
    }
  }
  if (!inodes.size) return undefined;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1])) {
        let command = '?';
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
        } catch {
          // gone meanwhile
        }
        return { pid: Number(pid), command };
      }
    }
  }
  return undefined;
}

/** An address as a URL writes it: `127.0.0.1:8080`, `[::1]:8080`. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** "port 8080 on 127.0.0.1 is in use by pid 123 (java -jar sky.jar)" */
export function describeBusyPort(host: string, port: number, code: string): string {
  if (code === 'EACCES') return `port ${port} on ${host} may not be bound by this user (EACCES: ports below 1024 need privileges)`;
  if (code === 'EADDRNOTAVAIL') return `address ${host} is not available on this machine (EADDRNOTAVAIL)`;
  const holder = portHolder(port);
  return `port ${port} on ${host} is in use${holder ? ` by pid ${holder.pid} (${holder.command})` : ' by another process'}`;
}
