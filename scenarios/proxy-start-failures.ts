import net from 'node:net';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';
import { explanation, mustExit, mustSay } from './steps/said.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'proxy-start-failures',
  summary: t('scenario.proxy-start-failures.summary'),
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
      await run.observe(t('scenario.proxy-start-failures.observe1', { busy, inUse }), () => {
        mustExit(taken.code, 1);
        mustSay(taken.said, `bind() to 127.0.0.1:${busy} failed (${inUse}`);
        mustSay(taken.said, 'still could not bind()');
        // The way out names the port to free or change, in any language (the holder's pid where it is found).
        mustSay(explanation(taken.said).toDo, String(busy));
      });
    } finally {
      for (const c of connections) c.destroy();
      await new Promise((r) => holder.close(r));
    }
    const host = await upWith(run, 'host-unknown', userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: 'http://admin-server.invalid:8080/admin/' }));
    await run.observe(t('scenario.proxy-start-failures.observe2'), () => {
      mustExit(host.code, 1);
      mustSay(host.said, { pattern: /host not found in upstream "admin-server\.invalid" in .*nginx\.conf:\d+/, shown: 'host not found in upstream "admin-server.invalid" in …nginx.conf:N' });
    });
    const missing = await upWith(run, 'include-missing', userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, extra: '    include conf.d/admin.conf;' }));
    const notFound = run.os === 'windows' ? 'CreateFile() "C:' : 'open() "/';
    const errno = run.os === 'windows' ? '3: The system cannot find the path specified' : '2: No such file or directory';
    await run.observe(t('scenario.proxy-start-failures.observe3', { notFound, errno }), () => {
      mustExit(missing.code, 1);
      mustSay(missing.said, `nginx: [emerg] ${notFound}`);
      // Named where the user's nginx would look for it: beside their conf, which the harness copies it from.
      mustSay(missing.said, {
        pattern: new RegExp(`include-missing/conf\\.d/admin\\.conf" failed \\(${errno}\\) in .*include-missing[/\\\\]nginx\\.conf:\\d+`),
        shown: `include-missing/conf.d/admin.conf" failed (${errno}) in …include-missing/nginx.conf:N`,
      });
    });
  },
});
