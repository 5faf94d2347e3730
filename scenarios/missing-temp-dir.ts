import { resolve } from 'node:path';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { up } from '../harness/stack-life/up.js';
import { explanation, mustBeFree, mustExit, mustSay, recorder } from './steps/said.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'missing-temp-dir',
  summary: t('scenario.missing-temp-dir.summary'),
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['temp-dir-missing'] },
  observations: 4,
  seconds: 1,
  async steps(run) {
    const { print, said } = recorder();
    const port = await getPort({ host: '127.0.0.1' });
    const prefix = resolve(run.o.dir, 'prefix');
    run.followLogs(prefix);
    run.step(t('scenario.missing-temp-dir.step1'));
    const code = await up({ port, adminPort: await getPort({ host: '127.0.0.1' }), admin: 'dual', prefix, engine: run.engine, workers: 1, os: run.os, noTempDir: true }, print);
    for (const line of said) run.note(`harness up | ${line}`);
    const dir = run.os === 'windows' ? 'CreateDirectory() "C:' : 'mkdir() "/';
    const errno = run.os === 'windows' ? 'failed (3: The system cannot find the path specified)' : 'failed (2: No such file or directory)';
    await run.observe(t('scenario.missing-temp-dir.observe1'), () => mustExit(code, 1));
    await run.observe(t('scenario.missing-temp-dir.observe2', { dir, errno }), () => {
      const emerg = said.find((l) => l.includes('nginx: [emerg]')) ?? '';
      mustSay(emerg, `nginx: [emerg] ${dir}`);
      mustSay(emerg, `/temp/client_body_temp" ${errno}`);
    });
    await run.observe(t('scenario.missing-temp-dir.observe3'), () => {
      // The way out names the folder to create, in any language.
      mustSay(explanation(said.join('\n')).toDo, 'temp');
    });
    await run.observe(t('scenario.missing-temp-dir.observe4'), () => mustBeFree(port));
  },
});
