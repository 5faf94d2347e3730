import { resolve } from 'node:path';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { up } from '../harness/stack-life/up.js';
import { explanation, message, mustExit, mustSay, recorder } from './steps/said.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'excluded-port',
  summary: t('scenario.excluded-port.summary'),
  engines: ['embedded'],
  profiles: ['windows'],
  stack: false,
  diagnosis: { conditions: ['port-forbidden'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    const port = await getPort({ host: '127.0.0.1' });
    const prefix = resolve(run.o.dir, 'prefix');
    run.followLogs(prefix);
    const { print, said } = recorder();
    run.step(`harness up --port ${port} --os windows --excluded-port ${port}`);
    const code = await up({ port, adminPort: await getPort({ host: '127.0.0.1' }), admin: 'dual', prefix, engine: run.engine, workers: 1, os: run.os, reservedPorts: [port] }, print);
    for (const line of said) run.note(`harness up | ${line}`);
    await run.observe(t('scenario.excluded-port.observe1', { port }), () => {
      mustExit(code, 1);
      mustSay(said.join('\n'), `:${port} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)`);
    });
    await run.observe(t('scenario.excluded-port.observe2'), () => {
      // Windows's reservation, and the commands that show who holds the port.
      const { means, toDo } = explanation(said.join('\n'));
      mustSay(means, message('doctor.forbidden.windows', { port }));
      mustSay(toDo, `netstat -ano | findstr :${port}`);
    });
  },
});
