import { expect } from 'playwright/test';
import getPort from 'get-port';
import { defineScenario } from '../harness/chaos/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';

export default defineScenario({
  name: 'embedded-unsupported',
  summary: 'A user\'s nginx.conf with a line of valid nginx the embedded engine does not run (proxy_cache_path): the proxy stops at start with the user\'s file and line, says the line is valid nginx, and gives the two ways out (--proxy nginx, or the line deleted).',
  engines: ['embedded'],
  profiles: ['linux', 'windows'],
  stack: false,
  diagnosis: { conditions: ['conf-embedded-unsupported'] },
  observations: 2,
  seconds: 1,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const conf = userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, extra: '    proxy_cache_path temp/cache keys_zone=one:1m;' });
    const r = await upWith(run, 'proxy-cache', conf);
    await run.observe('exit 1 and ""proxy_cache_path" (caching of upstream answers is not emulated) is not supported by the embedded engine" at the user\'s nginx.conf', () => {
      expect(r.code).toBe(1);
      expect(r.said).toMatch(/nginx: \[emerg\] "proxy_cache_path" \(caching of upstream answers is not emulated\) is not supported by the embedded engine; run real nginx on this conf \(harness up --proxy nginx\) in .*proxy-cache[/\\]nginx\.conf:\d+/);
    });
    await run.observe('what it means (valid nginx, not run by the embedded engine) and the two ways out', () => {
      expect(r.said).toContain('that line is valid nginx, which real nginx runs, but the embedded engine does not.');
      expect(r.said).toMatch(/Run real nginx on this conf \(harness up --proxy nginx\), or delete the line at .*nginx\.conf:\d+ \(or comment it out with #\)\./);
    });
  },
});
