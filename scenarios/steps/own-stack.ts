// A stack on a conf of the scenario's own (`harness up --nginx-conf`): its ports are chosen first,
// so that the conf can name them; the admin stand-in runs on the admin port as usual.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import getPort from 'get-port';
import type { Run } from '../../harness/scenario-runner/runner.js';
import type { Stack } from '../../harness/stack/stack.js';
import { workersAsStarter } from './user-conf.js';

export async function ownStack(run: Run, conf: (ports: { proxy: number; admin: number }) => string): Promise<Stack> {
  const ports = { proxy: await getPort({ host: '127.0.0.1' }), admin: await getPort({ host: '127.0.0.1' }) };
  const dir = resolve(run.o.dir, 'conf');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'nginx.conf');
  const text = conf(ports);
  // A conf made by userConf() has its user line already.
  writeFileSync(file, text.startsWith(workersAsStarter()) ? text : workersAsStarter() + text);
  return run.startStack({ proxyPort: ports.proxy, adminPort: ports.admin, nginxConf: file });
}
