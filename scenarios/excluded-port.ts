import { expect } from 'playwright/test';
import { resolve } from 'node:path';
import getPort from 'get-port';
import { defineScenario } from '../harness/chaos/scenario.js';
import { up } from '../harness/compose/up.js';
import type { Printer } from '../harness/stack/printer.js';
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
    const said: string[] = [];
    const print: Printer = { line: (c, t) => said.push(`${c} | ${t}`), note: (t) => said.push(t), error: (t) => said.push(t), ready: (l) => said.push(...l) };
    run.step(`harness up --port ${port} --os windows --excluded-port ${port}`);
    const code = await up({ port, adminPort: await getPort({ host: '127.0.0.1' }), admin: 'dual', prefix, proxy: run.engine, workers: 1, os: run.os, excludedPorts: [port] }, print);
    for (const line of said) run.note(`harness up | ${line}`);
    await run.observe(t('scenario.excluded-port.observe1', { port }), () => {
      expect(code).toBe(1);
      expect(said.join('\n')).toContain(`:${port} failed (10013: An attempt was made to access a socket in a way forbidden by its access permissions)`);
    });
    await run.observe(t('scenario.excluded-port.observe2'), () => {
      expect(said.join('\n')).toMatch(/What it means: .*/);
      expect(said.join('\n')).toMatch(/What to do: .*/);
    });
  },
});
