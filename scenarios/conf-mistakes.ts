import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/chaos/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';

export default defineScenario({
  name: 'conf-mistakes',
  summary: 'Typing mistakes in a user\'s nginx.conf stop the proxy at start with the file and line: a misspelt directive, a directive in a block it does not belong in, a value split by a space.',
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['conf-unknown-directive', 'conf-not-allowed-here', 'conf-bad-args'] },
  observations: 3,
  seconds: 2,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const conf = async (o: { extra?: string; server?: string }) => userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, ...o });
    const misspelt = await upWith(run, 'misspelt', await conf({ server: '        proxy_pas http://localhost:8080/admin/;' }));
    await run.observe('exit 1 and "unknown directive "proxy_pas"" with the file and line', () => {
      expect(misspelt.code).toBe(1);
      expect(misspelt.said).toMatch(/nginx: \[emerg\] unknown directive "proxy_pas" in .*nginx\.conf:\d+/);
    });
    const misplaced = await upWith(run, 'misplaced', await conf({ extra: '    proxy_pass http://localhost:8080/admin/;' }));
    await run.observe('exit 1 and ""proxy_pass" directive is not allowed here" (it belongs in a location)', () => {
      expect(misplaced.code).toBe(1);
      expect(misplaced.said).toMatch(/nginx: \[emerg\] "proxy_pass" directive is not allowed here in .*nginx\.conf:\d+/);
    });
    const split = await upWith(run, 'split-value', await conf({ server: '        client_max_body_size 10 m;' }));
    await run.observe('exit 1 and "invalid number of arguments in "client_max_body_size" directive"', () => {
      expect(split.code).toBe(1);
      expect(split.said).toMatch(/nginx: \[emerg\] invalid number of arguments in "client_max_body_size" directive in .*nginx\.conf:\d+/);
    });
  },
});
