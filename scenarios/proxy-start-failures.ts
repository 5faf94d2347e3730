import { expect } from 'playwright/test';
import net from 'node:net';
import getPort from 'get-port';
import { defineScenario } from '../harness/chaos/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';

export default defineScenario({
  name: 'proxy-start-failures',
  summary: 'The proxy does not start on a conf of the user\'s own: its port is taken, proxy_pass names a host that does not resolve, an include names a missing file; each time `harness up` prints nginx\'s emerg line, what it means and what to do, and leaves nothing running.',
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['bind-failed', 'host-not-found', 'conf-not-found'] },
  observations: 3,
  seconds: 3,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const busy = await getPort({ host: '127.0.0.1' });
    // Another program on the port; the harness's readiness check may connect to it before nginx gives up.
    const connections = new Set<net.Socket>();
    const holder = net.createServer((c) => connections.add(c));
    await new Promise<void>((r) => holder.listen({ host: '127.0.0.1', port: busy }, r));
    try {
      const taken = await upWith(run, 'port-taken', userConf({ listen: busy, proxyPass: admin }));
      const inUse = run.os === 'windows' ? '10048: Only one usage of each socket address' : '98: Address already in use';
      await run.observe(`port taken: exit 1, "bind() to 127.0.0.1:${busy} failed (${inUse}...)", then "still could not bind()", and what to do`, () => {
        expect(taken.code).toBe(1);
        expect(taken.said).toContain(`bind() to 127.0.0.1:${busy} failed (${inUse}`);
        expect(taken.said).toContain('still could not bind()');
        expect(taken.said).toMatch(/What to do: .*port/);
      });
    } finally {
      for (const c of connections) c.destroy();
      await new Promise((r) => holder.close(r));
    }
    const host = await upWith(run, 'host-unknown', userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: 'http://admin-server.invalid:8080/admin/' }));
    await run.observe('an unknown host: exit 1, "host not found in upstream "admin-server.invalid"" with the conf\'s file and line', () => {
      expect(host.code).toBe(1);
      expect(host.said).toMatch(/host not found in upstream "admin-server\.invalid" in .*nginx\.conf:\d+/);
    });
    const missing = await upWith(run, 'include-missing', userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, extra: '    include conf.d/admin.conf;' }));
    const notFound = run.os === 'windows' ? 'CreateFile() "C:' : 'open() "/';
    const errno = run.os === 'windows' ? '3: The system cannot find the path specified' : '2: No such file or directory';
    await run.observe(`a missing include: exit 1, ${notFound}…/conf.d/admin.conf" failed (${errno}) in …nginx.conf:N`, () => {
      expect(missing.code).toBe(1);
      expect(missing.said).toContain(`nginx: [emerg] ${notFound}`);
      // Named where the user's nginx would look for it: beside their conf, which the harness copies it from.
      expect(missing.said).toMatch(new RegExp(`include-missing/conf\\.d/admin\\.conf" failed \\(${errno}\\) in .*include-missing[/\\\\]nginx\\.conf:\\d+`));
    });
  },
});
