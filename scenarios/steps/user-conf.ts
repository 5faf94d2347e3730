// A user's own nginx.conf, and `harness up --nginx-conf` on it, for the scenarios of confs that do not start.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import getPort from 'get-port';
import { recorder } from './said.js';
import type { Run } from '../../harness/scenario-runner/runner.js';
import { starterWorkerUser } from '../../harness/stack/render.js';

/**
 * The first line of a scenario's own conf: started as root, nginx runs its workers as nobody, who may
 * not enter a checkout in a private folder (mode 0700), and the scenario would fail on that first.
 * The scenarios of confs are about other failures: their workers run as root, as the stack's do.
 */
export const workersAsStarter = (): string => (starterWorkerUser() ? `user  ${starterWorkerUser()};\n` : '');

/** A user's own nginx.conf (the course's shape): `listen`, the /api/ location's proxy_pass, the root of `/`, and lines of their own. */
export function userConf(o: { listen: number; proxyPass: string; extra?: string; server?: string; root?: string }): string {
  return `${workersAsStarter()}worker_processes  1;
error_log  logs/error.log;
events {
    worker_connections  1024;
}
http {
    include       mime.types;
    default_type  application/octet-stream;
${o.extra ?? ''}
    server {
        listen       127.0.0.1:${o.listen};
        server_name  localhost;
${o.server ?? ''}
        location /api/ {
            proxy_pass ${o.proxyPass};
        }
        location / {
            root   ${o.root ?? 'html'};
            index  index.html;
        }
    }
}
`;
}

/** `harness up --nginx-conf FILE` on a prefix of its own: its exit code and what it printed. */
export async function upWith(run: Run, name: string, conf: string, o: { reservedPorts?: number[] } = {}): Promise<{ code: number; said: string }> {
  const dir = resolve(run.o.dir, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const prefix = join(dir, 'prefix');
  run.followLogs(prefix);
  const { print, said } = recorder();
  run.step(`harness up --nginx-conf ${name}/nginx.conf`);
  // The stack's start loads when a step runs it: `harness chaos list` reads the scenarios without it.
  const { up } = await import('../../harness/stack-life/up.js');
  const code = await up({ adminPort: await getPort({ host: '127.0.0.1' }), admin: 'dual', prefix, engine: run.engine, workers: 1, os: run.os, nginxConf: file, reservedPorts: o.reservedPorts }, print);
  for (const line of said) run.note(`harness up | ${line}`);
  return { code, said: said.join('\n') };
}

