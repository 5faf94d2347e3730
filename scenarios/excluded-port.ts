import { resolve } from 'node:path';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { explanation, message, mustExit, mustSay, recorder } from './steps/said.js';

import { t as startupText } from '../harness/doctor/conditions/startup.texts.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.excluded-port.summary': 'Windows keeps the proxy\'s port in an excluded port range (Hyper-V, WSL, Docker reserve them): nginx cannot bind it, "10013: An attempt was made to access a socket in a way forbidden by its access permissions", and harness up says what to do.',
    'scenario.excluded-port.observe1': 'exit 1 and nginx\'s emerg line: bind() to ...:{port} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)',
    'scenario.excluded-port.observe2': 'what it means and what to do: the port is reserved by Windows; another port, or free the range',
  },
  'zh-CN': {
    'scenario.excluded-port.summary': 'Windows 把反向代理的端口放进了排除端口范围（Hyper-V、WSL、Docker 会保留这些端口）：nginx 无法绑定它，"10013: An attempt was made to access a socket in a way forbidden by its access permissions"，harness up 会告诉你怎么办。',
    'scenario.excluded-port.observe1': '退出码 1 和 nginx 的 emerg 行：bind() to ...:{port} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)',
    'scenario.excluded-port.observe2': '含义和办法：端口被 Windows 保留了；换一个端口，或者释放这个范围',
  },
});

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
    // Loaded when the step runs: `harness chaos list` reads the scenario without the stack.
    const { up } = await import('../harness/stack-life/up.js');
    const code = await up({ port, adminPort: await getPort({ host: '127.0.0.1' }), admin: 'dual', prefix, engine: run.engine, workers: 1, os: run.os, reservedPorts: [port] }, print);
    for (const line of said) run.note(`harness up | ${line}`);
    await run.observe(t('scenario.excluded-port.observe1', { port }), () => {
      mustExit(code, 1);
      mustSay(said.join('\n'), `:${port} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)`);
    });
    await run.observe(t('scenario.excluded-port.observe2'), () => {
      // Windows's reservation, and the commands that show who holds the port.
      const { means, toDo } = explanation(said.join('\n'));
      mustSay(means, message(startupText('doctor.forbidden.windows', { port })));
      mustSay(toDo, `netstat -ano | findstr :${port}`);
    });
  },
});
