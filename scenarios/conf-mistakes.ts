import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';
import { t } from '../harness/i18n/index.js';

export default defineScenario({
  name: 'conf-mistakes',
  summary: t('scenario.conf-mistakes.summary'),
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['conf-unknown-directive', 'conf-not-allowed-here', 'conf-bad-args'] },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const conf = async (o: { extra?: string; server?: string }) => userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, ...o });
    const misspelt = await upWith(run, 'misspelt', await conf({ server: '        proxy_pas http://localhost:8080/admin/;' }));
    await run.observe(t('scenario.conf-mistakes.observe1'), () => {
      expect(misspelt.code).toBe(1);
      expect(misspelt.said).toMatch(/nginx: \[emerg\] unknown directive "proxy_pas" in .*nginx\.conf:\d+/);
    });
    const misplaced = await upWith(run, 'misplaced', await conf({ extra: '    proxy_pass http://localhost:8080/admin/;' }));
    await run.observe(t('scenario.conf-mistakes.observe2'), () => {
      expect(misplaced.code).toBe(1);
      expect(misplaced.said).toMatch(/nginx: \[emerg\] "proxy_pass" directive is not allowed here in .*nginx\.conf:\d+/);
    });
    const split = await upWith(run, 'split-value', await conf({ server: '        client_max_body_size 10 m;' }));
    await run.observe(t('scenario.conf-mistakes.observe3'), () => {
      expect(split.code).toBe(1);
      expect(split.said).toMatch(/nginx: \[emerg\] invalid number of arguments in "client_max_body_size" directive in .*nginx\.conf:\d+/);
    });
  },
});
